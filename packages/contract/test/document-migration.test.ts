import { DEFAULT_FILM_ADJUSTMENTS, DEFAULT_PROFILOGRAM_OPTIONS, calibrationFromDefaultPpm } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  parseRulerInfo,
  parseSuperimpositionData,
  readChartPopulation,
  readFilmAdjustments,
  readMeasurements,
  readProfilogramDocument,
  readVtoStoConfig,
  vtoForReport,
} from '../src/index';
import { documentMigration, storedVersion } from '../src/viewer-documents/document-migration';
import { FACE } from '../../ceph/test/fixtures';
import { pogonionPlan, withoutVersion } from './fixtures/vto-plan';

/*
 * Stored documents carry a version (docs/house-rules.md §11); one saved before versions were written
 * has none and is version 1. Each kind opens through its migrate(stored) -> current function: old
 * documents open, newer or unknown ones read as "nothing stored", never a crash.
 */

const filmWithoutVersion = { ...DEFAULT_FILM_ADJUSTMENTS, brightness: 120, invert: true };

/** Each kind as stored by an old version: no `version` key. */
const OLD_DOCUMENTS = [
  {
    kind: 'vto_sto_config',
    read: readVtoStoConfig,
    stored: withoutVersion(pogonionPlan(3, { ratios: { chin: 0.95 } })),
    opened: (doc: unknown) => (doc as { data: { movements: { Pogonion: unknown } } }).data.movements.Pogonion,
    expected: { horizontal: 3, vertical: 0 },
  },
  {
    kind: 'superimposition_data',
    read: parseSuperimpositionData,
    stored: {
      chart_ids: ['c1', 'c2'],
      method: 'sn-at-s',
      blending: true,
      opacity: 0.4,
      result: { computed_at: '2026-01-02T00:00:00.000Z', method: 'sn-at-s', unit: 'mm', frame_chart_id: 'c1', films: [], movements: [] },
    },
    opened: (doc: unknown) => doc,
    // The computed result is dropped (version 2 stores the choices only; the report computes it again).
    expected: { version: 2, chart_ids: ['c1', 'c2'], method: 'sn-at-s', blending: true, opacity: 0.4 },
  },
  {
    kind: 'ruler_info',
    read: parseRulerInfo,
    stored: { p1: { x: 0, y: 0 }, p2: { x: 100, y: 0 }, length_mm: 10, ppm: 10 },
    opened: (doc: unknown) => doc,
    // The derived ppm is dropped (version 2 stores the choices only).
    expected: { version: 2, p1: { x: 0, y: 0 }, p2: { x: 100, y: 0 }, length_mm: 10 },
  },
  {
    kind: 'profilogram_result',
    read: readProfilogramDocument,
    stored: { options: DEFAULT_PROFILOGRAM_OPTIONS, unit: 'mm', polylines: [], template: [], deviations: [], templateSource: 'Björk' },
    opened: (doc: unknown) => (doc as { options: unknown }).options,
    expected: DEFAULT_PROFILOGRAM_OPTIONS,
  },
  {
    kind: 'drawing_result.film',
    read: (stored: unknown) => readFilmAdjustments({ film: stored }),
    stored: filmWithoutVersion,
    opened: (doc: unknown) => [(doc as { brightness: number }).brightness, (doc as { invert: boolean }).invert],
    expected: [120, true],
  },
  {
    kind: 'drawing_result.norms',
    read: (stored: unknown) => readChartPopulation({ norms: stored }),
    stored: { population: 'korean' },
    opened: (population: unknown) => population,
    expected: 'korean',
  },
  {
    kind: 'drawing_result.measurements',
    read: (stored: unknown) => readMeasurements({ measurements: stored }),
    stored: { items: [] },
    opened: (items: unknown) => items,
    expected: [],
  },
];

describe('stored documents without a version open as version 1', () => {
  it.each(OLD_DOCUMENTS.map((d) => [d.kind, d] as const))('%s', (_, { read, stored, opened, expected }) => {
    const doc = read(stored);
    expect(doc).not.toBeNull();
    expect(opened(doc)).toEqual(expected);
    // The same document with its version written reads the same.
    expect(read({ ...stored, version: 1 })).toEqual(doc);
  });

  it.each(OLD_DOCUMENTS.map((d) => [d.kind, d] as const))('%s of a version this code does not know reads as nothing stored', (_, d) => {
    const doc = d.read({ ...d.stored, version: 99 });
    if (d.kind === 'drawing_result.film') expect(doc).toEqual(DEFAULT_FILM_ADJUSTMENTS);
    else if (d.kind === 'drawing_result.measurements') expect(doc).toEqual([]);
    else expect(doc).toBeNull();
  });
});

describe('an old document where it is printed', () => {
  it('a VTO plan stored without a version is printed in the report like a current one', () => {
    const old = OLD_DOCUMENTS[0]!.stored;
    const report = vtoForReport({ vtoStoConfig: old }, FACE, calibrationFromDefaultPpm(10));
    expect(report?.movements.find((m) => m.label === 'Pogonion')).toEqual({ label: 'Pogonion', horizontal: '3.0', vertical: '0.0' });
    expect(vtoForReport({ vtoStoConfig: { ...old, version: 1 } }, FACE, calibrationFromDefaultPpm(10))).toEqual(report);
  });
});

describe('documentMigration', () => {
  // A kind at version 3: v1 stored `mm` as a number, v2 renamed it to `length`, v3 made it an object.
  const schema = z.object({ version: z.literal(3), length: z.object({ value: z.number(), unit: z.literal('mm') }) });
  const migrate = documentMigration({
    current: 3,
    schema,
    steps: {
      1: ({ mm, ...rest }) => ({ ...rest, length: mm }),
      2: ({ length, ...rest }) => ({ ...rest, length: { value: length, unit: 'mm' } }),
    },
  });

  it.each([
    ['no version (1)', { mm: 4 }, { version: 3, length: { value: 4, unit: 'mm' } }],
    ['version 1', { version: 1, mm: 5 }, { version: 3, length: { value: 5, unit: 'mm' } }],
    ['version 2', { version: 2, length: 6 }, { version: 3, length: { value: 6, unit: 'mm' } }],
    ['version 3', { version: 3, length: { value: 7, unit: 'mm' } }, { version: 3, length: { value: 7, unit: 'mm' } }],
    ['version 4 (newer than this code)', { version: 4, length: { value: 7, unit: 'mm' } }, null],
    ['version 0', { version: 0, mm: 1 }, null],
    ['a version that is not a number', { version: '2', length: 6 }, null],
    ['a shape no step explains', { version: 2, width: 6 }, null],
    ['not an object', [1, 2], null],
    ['null', null, null],
  ])('%s', (_, stored, expected) => {
    expect(migrate(stored)).toEqual(expected);
  });

  it('refuses a version with no step to the next', () => {
    expect(documentMigration({ current: 2, schema: z.object({ version: z.literal(2) }) })({ version: 1 })).toBeNull();
  });

  it.each([
    [{}, 1],
    [{ version: 3 }, 3],
    [{ version: 1.5 }, null],
    [{ version: -1 }, null],
  ])('storedVersion(%j) = %j', (stored, expected) => {
    expect(storedVersion(stored)).toBe(expected);
  });
});
