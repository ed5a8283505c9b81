import {
  parseSuperimpositionData,
  summariseSuperimposition,
  type SuperimpositionMovement,
  type SuperimpositionResponse,
} from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { defaultSuperimpositionData, fitToChart } from '../../../src/features/viewer/superimposition/hooks/use-superimposition-doc.ts';
import { filmTracing, svgMatrix } from '../../../src/features/viewer/superimposition/lib/film-tracing.ts';
import { formatMovement, movementPairs, sortMovements } from '../../../src/features/viewer/superimposition/lib/movement-rows.ts';
import { superimpositionFilm } from '../../../../../packages/contract/test/fixtures/superimposition-film.ts';

const move = (id: string, from: string, to: string, dx: number, dy: number): SuperimpositionMovement => ({
  id,
  from_chart_id: from,
  to_chart_id: to,
  dx,
  dy,
  distance: Math.hypot(dx, dy),
});

const RESPONSE: SuperimpositionResponse = {
  method: 'sn-at-s',
  unit: 'mm',
  frame_chart_id: 'b',
  films: [
    // Ba in unrounded px, a residual of six decimals: what the document's summary rounds.
    {
      ...superimpositionFilm('a', 'white', 0, { shootDate: '2020-01-01', before: [{ id: 'Ba', x: 10.04, y: 20.06 }] }),
      transform: { a: 1, b: 0, c: 0, d: 1, tx: 5, ty: -3 },
      rms_residual: 0.123456,
    },
    superimpositionFilm('b', 'red', 1, { chartDataId: 2, shootDate: '2022-01-01' }),
  ],
  movements: [move('S', 'a', 'b', 0, 0), move('N', 'a', 'b', 1.004, 0)],
};

describe('superimposition document', () => {
  it('shows what the endpoint answered, rounded', () => {
    const summary = summariseSuperimposition(RESPONSE, '2026-01-02T03:04:05.000Z');
    expect(summary.films[0]?.landmarks[0]).toEqual({ id: 'Ba', x: 10, y: 20.1 });
    expect(summary.films[0]?.rms_residual).toBe(0.123);
    expect(summary.movements[1]).toMatchObject({ id: 'N', dx: 1, distance: 1 });
  });

  it('stores the choices only: the result an old document kept is dropped when it opens', () => {
    const doc = { ...defaultSuperimpositionData('b'), chart_ids: ['b', 'a'] };
    expect(doc).toEqual({ version: 2, chart_ids: ['b', 'a'], method: 'sn-at-s', blending: false, opacity: 0.5 });
    expect(parseSuperimpositionData(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
    const old = { ...doc, version: 1, result: summariseSuperimposition(RESPONSE, '2026-01-02T03:04:05.000Z') };
    expect(parseSuperimpositionData(old)).toEqual(doc);
  });

  it('ignores shapes it does not read', () => {
    expect(parseSuperimpositionData(null)).toBeNull();
    expect(parseSuperimpositionData({ version: 2, chart_ids: ['a'] })).toBeNull();
    expect(
      parseSuperimpositionData({ version: 1, chart_ids: [], method: 'sn-at-s', blending: false, opacity: 0.5, result: null }),
    ).toBeNull();
    expect(
      parseSuperimpositionData({ version: 1, chart_ids: ['a'], method: 'other', blending: false, opacity: 0.5, result: null }),
    ).toBeNull();
  });

  it('always includes the current chart first and keeps at most four films', () => {
    expect(fitToChart(null, 'c')).toEqual(defaultSuperimpositionData('c'));
    const stored = { ...defaultSuperimpositionData('x'), chart_ids: ['x', 'y', 'z', 'w'] };
    expect(fitToChart(stored, 'c').chart_ids).toEqual(['c', 'x', 'y', 'z']);
    expect(fitToChart(stored, 'z').chart_ids).toEqual(['z', 'x', 'y', 'w']);
  });
});

describe('movement table', () => {
  const rows = [move('S', 'a', 'b', 0, 0), move('N', 'a', 'b', -2, 1), move('A', 'a', 'b', 3, -4), move('S', 'b', 'c', 1, 1)];

  it('groups consecutive pairs in the order they come', () => {
    const pairs = movementPairs(rows);
    expect(pairs.map((p) => [p.from, p.to, p.rows.length])).toEqual([
      ['a', 'b', 3],
      ['b', 'c', 1],
    ]);
  });

  it('sorts by landmark or by value, either way', () => {
    const first = movementPairs(rows)[0]?.rows ?? [];
    expect(sortMovements(first, null).map((r) => r.id)).toEqual(['S', 'N', 'A']);
    expect(sortMovements(first, { key: 'id', descending: false }).map((r) => r.id)).toEqual(['A', 'N', 'S']);
    expect(sortMovements(first, { key: 'distance', descending: true }).map((r) => r.id)).toEqual(['A', 'N', 'S']);
    expect(sortMovements(first, { key: 'dx', descending: false }).map((r) => r.id)).toEqual(['N', 'S', 'A']);
  });

  it('formats with two decimals, a true minus, and no negative zero', () => {
    expect(formatMovement(1.005)).toBe('1.00');
    expect(formatMovement(-0.004)).toBe('0.00');
    expect(formatMovement(-2.5)).toBe('−2.50');
    expect(formatMovement(0)).toBe('0.00');
  });
});

describe('film tracing', () => {
  it('draws the outlines the viewer draws through the mapped landmarks', () => {
    const { paths } = filmTracing({
      landmarks: [
        { id: 'Ba', x: 0, y: 10 },
        { id: 'S', x: 10, y: 0 },
        { id: 'N', x: 60, y: 0 },
      ],
    });
    expect(paths).toMatchObject([{ id: 'cranial-base', d: 'M0 10 L10 0 L60 0' }]);
  });

  it('writes the affine map as an SVG matrix (a b c d tx ty)', () => {
    expect(svgMatrix({ a: 0.99, b: 0.07, c: -0.07, d: 0.99, tx: 12, ty: -4 })).toBe('matrix(0.99 0.07 -0.07 0.99 12 -4)');
  });
});
