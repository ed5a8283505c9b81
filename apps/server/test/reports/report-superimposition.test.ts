import { describe, expect, it } from 'vitest';
import { ReportDocument } from '../../src/features/reports/pdf-canvas';
import { superimpositionForReport } from '@ceppro/contract';
import { addSuperimpositionPages } from '../../src/features/reports/report-superimposition';

const film = (chartId: string, colour: 'white' | 'red', date: string | null, dx: number) => ({
  chart_id: chartId,
  chart_data_id: 1,
  shoot_date: date,
  colour,
  image: { width: 100, height: 100 },
  transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 },
  rms_residual: 0,
  registered_on: ['S', 'N'],
  landmarks: [
    { id: 'Ba', x: 5, y: 40 },
    { id: 'S', x: 20, y: 20 },
    { id: 'N', x: 80 + dx, y: 18 },
  ],
});

const stored = (rows: number) => ({
  version: 1,
  chart_ids: ['b', 'a'],
  method: 'sn-at-s',
  blending: false,
  opacity: 0.5,
  result: {
    computed_at: '2026-01-02T00:00:00.000Z',
    method: 'sn-at-s',
    unit: 'mm',
    frame_chart_id: 'b',
    films: [film('a', 'white', '2020-01-01', 0), film('b', 'red', '2022-01-01', 2)],
    movements: Array.from({ length: rows }, (_, i) => ({
      id: i === 0 ? 'N' : `L${i}`,
      from_chart_id: 'a',
      to_chart_id: 'b',
      dx: i === 0 ? 2 : -0.001,
      dy: 0,
      distance: i === 0 ? 2 : 0.001,
    })),
  },
});

describe('superimposition report page', () => {
  it('prints only a stored result with at least two films', () => {
    expect(superimpositionForReport(null)).toBeNull();
    expect(superimpositionForReport({ version: 9 })).toBeNull();
    expect(superimpositionForReport({ ...stored(1), result: null })).toBeNull();
    expect(superimpositionForReport(stored(1))?.films).toHaveLength(2);
  });

  it('draws the legend, the method and the movement rows, with the tracing as lines', () => {
    const result = superimpositionForReport(stored(3));
    if (!result) throw new Error('expected a result');
    const doc = new ReportDocument('en', { title: 't', author: 'a', creationDate: new Date(0) });
    const pages = addSuperimpositionPages(doc, result, () => 70);
    expect(pages).toHaveLength(1);
    const text = (pages[0]?.texts() ?? []).join('|');
    expect(text).toContain('Superimposition');
    expect(text).toContain('Method: SN registered at S - computed 2026-01-02 - unit mm');
    expect(text).toContain('white: 2020-01-01');
    expect(text).toContain('2020-01-01 -> 2022-01-01 (mm)');
    expect(text).toContain('N|2.00|0.00|2.00');
    expect(text).toContain('L1|0.00|0.00|0.00');
    // Cranial base Ba-S-N of each film (one polyline per film, in its colour), then a rule under each of the 3 rows.
    const lines = (pages[0]?.drawn ?? []).flatMap((d) => (d.kind === 'line' ? [d.color] : []));
    expect(lines).toHaveLength(2 + 3);
    expect(lines[0]).toEqual([1, 1, 1]);
    expect(lines[1]).toEqual([1, 0.3, 0.31]);
  });

  it('continues a long table on further pages', () => {
    const result = superimpositionForReport(stored(120));
    if (!result) throw new Error('expected a result');
    const doc = new ReportDocument('en', { title: 't', author: 'a', creationDate: new Date(0) });
    const pages = addSuperimpositionPages(doc, result, () => 70);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]?.texts().join('|')).toContain('(continued)');
    // The header row is repeated on the continued page.
    expect(pages[1]?.texts()).toContain('Landmark');
  });
});
