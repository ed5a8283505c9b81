import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  NORM_SETS,
  NORM_SOURCE_KEYS,
  STEINER,
  ageBandOf,
  analysisMeasurements,
  getAnalysis,
  applyNormSet,
  getMeasurement,
  normSetById,
  selectNormSet,
  validateUserAnalysisManage,
  type NormSet,
} from '../src/index.ts';

const sources = readFileSync(new URL('../src/norms/SOURCES.md', import.meta.url), 'utf8');

/** Each child band's first and last whole year, with the band. */
const CHILD_BAND_EDGES = [
  [6, '6-8'],
  [8, '6-8'],
  [9, '9-11'],
  [11, '9-11'],
  [12, '12-14'],
  [14, '12-14'],
  [15, '15-17'],
  [17, '15-17'],
] as const;

describe('ageBandOf: whole years to bands, boundaries on both sides', () => {
  it.each([[null, 'adult'], [0, null], [5, null], ...CHILD_BAND_EDGES, [18, 'adult'], [60, 'adult']] as const)(
    'age %s -> %s',
    (age, band) => {
      expect(ageBandOf(age)).toBe(band);
    },
  );
});

describe('selectNormSet', () => {
  it('Caucasian adult is the baseline set (today’s catalogue norms)', () => {
    const s = selectNormSet({ ageYears: 30, sex: 'female', population: 'caucasian' });
    expect(s.set?.id).toBe('caucasian-adult');
    expect(s.set?.baseline).toBe(true);
    expect(s.reason).toBe('ok');
  });

  it.each([...CHILD_BAND_EDGES, [18, 'adult'] as const].map(([age, band]) => [age, `caucasian-${band}`] as const))(
    'a Caucasian patient aged %i gets %s',
    (age, id) => {
      expect(selectNormSet({ ageYears: age, sex: 'male', population: 'caucasian' }).set?.id).toBe(id);
    },
  );

  it('under 6: no band, no set', () => {
    const s = selectNormSet({ ageYears: 5, sex: 'male', population: 'caucasian' });
    expect(s).toMatchObject({ set: null, ageBand: null, reason: 'under-6' });
  });

  it('unknown age assumes the adult band and says so', () => {
    const s = selectNormSet({ ageYears: null, sex: 'male', population: 'caucasian' });
    expect(s).toMatchObject({ ageBand: 'adult', ageAssumed: true, reason: 'ok' });
  });

  it('sex-specific sets by sex; missing sex with only sex-specific sets -> sex-required', () => {
    expect(selectNormSet({ ageYears: 25, sex: 'male', population: 'chinese' }).set?.id).toBe('chinese-adult-male');
    expect(selectNormSet({ ageYears: 25, sex: 'female', population: 'chinese' }).set?.id).toBe('chinese-adult-female');
    expect(selectNormSet({ ageYears: 25, sex: null, population: 'chinese' })).toMatchObject({ set: null, reason: 'sex-required' });
  });

  it('missing sex takes a pooled set where one exists', () => {
    expect(selectNormSet({ ageYears: 40, sex: null, population: 'japanese' }).set?.id).toBe('japanese-adult');
    expect(selectNormSet({ ageYears: 10, sex: null, population: 'caucasian' }).set?.id).toBe('caucasian-9-11');
  });

  it('a population or band without a published set gives no set, never another population’s', () => {
    expect(selectNormSet({ ageYears: 30, sex: 'male', population: 'korean' })).toMatchObject({ set: null, reason: 'no-published-set' });
    expect(selectNormSet({ ageYears: 10, sex: 'male', population: 'chinese' })).toMatchObject({ set: null, reason: 'no-published-set' });
  });
});

describe('applyNormSet', () => {
  const defs = analysisMeasurements(STEINER);

  it('baseline: the catalogue norms unchanged', () => {
    const applied = applyNormSet(defs, selectNormSet({ ageYears: 30, sex: 'male', population: 'caucasian' }));
    applied.forEach((d, i) => expect(d.norm).toBe(defs[i]?.norm));
  });

  it('a population set: its cells with the source key, and no norm where it has none', () => {
    const applied = applyNormSet(defs, selectNormSet({ ageYears: 30, sex: 'male', population: 'chinese' }));
    const sna = applied.find((d) => d.id === 'SNA');
    expect(sna?.norm).toMatchObject({ mean: 84.87, sd: null, source: 'chinese-adult-male [N1]', check: 'one-source' });
    expect(applied.find((d) => d.id === 'U1_NA_MM')?.norm).toBeNull();
    expect(sna?.normSetId).toBe('chinese-adult-male');
  });

  it('no set: every norm absent', () => {
    const applied = applyNormSet(defs, selectNormSet({ ageYears: 30, sex: 'male', population: 'korean' }));
    expect(applied.every((d) => d.norm === null && d.normSetId === null)).toBe(true);
  });

  it('a Caucasian child set: its age-specific cells, the catalogue norm elsewhere (same population)', () => {
    const ricketts = analysisMeasurements(getAnalysis('ricketts') ?? (null as never));
    const applied = applyNormSet(ricketts, selectNormSet({ ageYears: 7, sex: 'female', population: 'caucasian' }));
    expect(applied.find((d) => d.id === 'FACIAL_DEPTH')?.norm).toMatchObject({ mean: 86.5, sd: 3, source: 'caucasian-6-8 [N3]' });
    const l1 = applied.find((d) => d.id === 'L1_APOG_MM');
    expect(l1?.norm).toBe(ricketts.find((d) => d.id === 'L1_APOG_MM')?.norm);
  });

  it('Ricketts child values follow the published rule at the band middle', () => {
    const at = (id: string) => normSetById('caucasian-12-14')?.cells[id]?.mean;
    // 87 + (13.5 − 9) / 3 = 88.5; 26 − 4.5 / 3 = 24.5; 2 − 0.2 × 4.5 = 1.1; 90 unchanged.
    expect([at('FACIAL_DEPTH'), at('RICKETTS_MPA'), at('CONVEXITY_MM'), at('FACIAL_AXIS')]).toEqual([88.5, 24.5, 1.1, 90]);
  });
});

describe('the data', () => {
  const nonBaseline = NORM_SETS.filter((s) => !s.baseline);

  it('every source key has a section in SOURCES.md, and every cell names one', () => {
    for (const key of NORM_SOURCE_KEYS) expect(sources).toContain(`## ${key}\n`);
    for (const set of nonBaseline) for (const cell of Object.values(set.cells)) expect(NORM_SOURCE_KEYS).toContain(cell.source);
  });

  it('every cell is a catalogue measurement with a finite value', () => {
    for (const set of nonBaseline) {
      for (const [id, cell] of Object.entries(set.cells)) {
        expect(getMeasurement(id), `${set.id}.${id}`).toBeTruthy();
        expect(Number.isFinite(cell.mean)).toBe(true);
      }
    }
  });

  it('ids are unique and one set per population, band and sex', () => {
    expect(new Set(NORM_SETS.map((s) => s.id)).size).toBe(NORM_SETS.length);
    const keys = NORM_SETS.map((s) => `${s.population}/${s.ageBand}/${s.sex}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('no value is copied across populations: a cell never equals the catalogue (Caucasian adult) norm', () => {
    const copies: string[] = [];
    const check = (set: NormSet) => {
      if (set.population === 'caucasian') return;
      for (const [id, cell] of Object.entries(set.cells)) {
        const base = getMeasurement(id)?.norm;
        if (base && base.mean === cell.mean && base.sd === cell.sd) copies.push(`${set.id}.${id}`);
      }
    };
    nonBaseline.forEach(check);
    expect(copies).toEqual([]);
  });

  it('two populations never share a source key (each key is one population’s study)', () => {
    const byKey = new Map<string, Set<string>>();
    for (const set of nonBaseline) {
      for (const cell of Object.values(set.cells)) byKey.set(cell.source, (byKey.get(cell.source) ?? new Set()).add(set.population));
    }
    for (const pops of byKey.values()) expect(pops.size).toBe(1);
  });

  it('Tweed triangle closes on the Chinese values (a reading check of the source)', () => {
    for (const id of ['chinese-adult-male', 'chinese-adult-female']) {
      const c = normSetById(id)?.cells ?? {};
      const sum = (c['FMA']?.mean ?? 0) + (c['IMPA']?.mean ?? 0) + (c['FMIA']?.mean ?? 0);
      expect(Math.abs(sum - 180)).toBeLessThan(0.1);
    }
  });
});

describe('the default population in the stored analysis groups', () => {
  const doc = { version: 1, defaultGroup: { measurementIds: [] }, groups: [] };
  it('is kept by validation (so every save keeps it) and a value outside the list is dropped', () => {
    const kept = validateUserAnalysisManage({ ...doc, normPopulation: 'korean' });
    expect(kept.ok && kept.value.normPopulation).toBe('korean');
    const dropped = validateUserAnalysisManage({ ...doc, normPopulation: 'martian' });
    expect(dropped.ok && 'normPopulation' in dropped.value).toBe(false);
  });
});

describe('Caucasian children by sex: the Riolo 1974 atlas rows [N4]', () => {
  // The atlas's mean ± SD at the band's middle whole year (7, 10, 13, 16 y), as read in the stored table
  // (SOURCES.md N4): [boys, girls] per band.
  const ATLAS: Record<string, Record<string, readonly [readonly [number, number], readonly [number, number]]>> = {
    ANT_CRANIAL_BASE: {
      '6-8': [
        [73.9, 3.1],
        [70.6, 2.6],
      ],
      '9-11': [
        [76.8, 3.2],
        [73.9, 2.8],
      ],
      '12-14': [
        [79.5, 3.8],
        [75.5, 3.1],
      ],
      '15-17': [
        [83.3, 3.8],
        [76.9, 3.9],
      ],
    },
    CO_GN: {
      '6-8': [
        [105.3, 3.6],
        [103.3, 4.4],
      ],
      '9-11': [
        [114.5, 3.9],
        [111.3, 4.9],
      ],
      '12-14': [
        [123.1, 5.5],
        [117.8, 4.3],
      ],
      '15-17': [
        [133.6, 5.4],
        [123.6, 4],
      ],
    },
    LAFH: {
      '6-8': [
        [65.5, 4.4],
        [63.6, 4.1],
      ],
      '9-11': [
        [68.9, 4.9],
        [65.3, 4.9],
      ],
      '12-14': [
        [72, 5.6],
        [68.1, 4.5],
      ],
      '15-17': [
        [79.5, 6.2],
        [69.3, 5.2],
      ],
    },
  };
  const defs = ['ANT_CRANIAL_BASE', 'CO_GN', 'LAFH'].map((id) => getMeasurement(id) ?? (null as never));
  it.each(CHILD_BAND_EDGES.flatMap(([age, band]) => (['male', 'female'] as const).map((sex) => [age, sex, band] as const)))(
    'a %i-year-old %s gets the %s set with the atlas row of that sex, cited [N4]',
    (age, sex, band) => {
      const selection = selectNormSet({ ageYears: age, sex, population: 'caucasian' });
      expect(selection.set?.id).toBe(`caucasian-${band}`);
      const applied = applyNormSet(defs, selection);
      for (const d of applied) {
        const [mean, sd] = (ATLAS[d.id]?.[band] ?? [])[sex === 'male' ? 0 : 1] ?? [];
        expect(d.norm, `${d.id} ${sex} ${band}`).toMatchObject({ mean, sd, source: `caucasian-${band} [N4]`, check: 'one-source' });
      }
    },
  );

  it('with the sex unknown no atlas row is used (never a mean of the sexes)', () => {
    const applied = applyNormSet(defs, selectNormSet({ ageYears: 10, sex: null, population: 'caucasian' }));
    expect(applied.find((d) => d.id === 'CO_GN')?.norm).toBeNull();
    expect(applied.find((d) => d.id === 'LAFH')?.norm).toBeNull();
    // S–N keeps the catalogue's Caucasian norm, as every measurement of the child sets without an age value.
    expect(applied.find((d) => d.id === 'ANT_CRANIAL_BASE')?.norm).toBe(getMeasurement('ANT_CRANIAL_BASE')?.norm);
  });

  it('adults and other populations never get the children’s atlas rows', () => {
    const adult = applyNormSet(defs, selectNormSet({ ageYears: 30, sex: 'male', population: 'caucasian' }));
    adult.forEach((d, i) => expect(d.norm).toBe(defs[i]?.norm));
    const chinese = applyNormSet(defs, selectNormSet({ ageYears: 10, sex: 'male', population: 'chinese' }));
    expect(chinese.every((d) => d.norm === null)).toBe(true);
    const korean = applyNormSet(defs, selectNormSet({ ageYears: 10, sex: 'female', population: 'korean' }));
    expect(korean.every((d) => d.norm === null)).toBe(true);
  });

  it('every sex-specific cell is a catalogue measurement, names a source key, and is printed in SOURCES.md', () => {
    let count = 0;
    for (const set of NORM_SETS) {
      for (const sex of ['male', 'female'] as const) {
        for (const [id, cell] of Object.entries(set.sexCells?.[sex] ?? {})) {
          count += 1;
          expect(getMeasurement(id), `${set.id}.${sex}.${id}`).toBeTruthy();
          expect(NORM_SOURCE_KEYS).toContain(cell.source);
          expect(cell.sd).not.toBeNull();
          expect(sources, `${set.id}.${sex}.${id}`).toContain(`${cell.mean.toFixed(1)}±${(cell.sd ?? 0).toFixed(1)}`);
        }
      }
    }
    expect(count).toBe(4 * 2 * 3);
  });
});

describe('Japanese children: McNamara values at 8, 10 and 12 years [N5]', () => {
  // The page's table (SOURCES.md N5), sexes pooled: [8 y, 10 y, 12 y] as [mean, SD].
  const TABLE: Record<string, readonly (readonly [number, number])[]> = {
    A_NPERP: [
      [-0.86, 2.78],
      [-1.19, 2.52],
      [-0.6, 2.68],
    ],
    CO_GN: [
      [101.43, 3.59],
      [106.01, 3.86],
      [113.29, 4.79],
    ],
    CO_A: [
      [82.14, 3.31],
      [84.94, 3.78],
      [89.25, 3.72],
    ],
    MAXMAND_DIFF: [
      [19.29, 2.63],
      [21.06, 2.77],
      [24.04, 3.52],
    ],
    LAFH: [
      [63.68, 3.69],
      [65.44, 3.64],
      [69.15, 3.98],
    ],
    MCN_MPA: [
      [31.44, 4.14],
      [31.66, 4.3],
      [30.64, 4.44],
    ],
    POG_NPERP: [
      [-10.61, 4.43],
      [-10.54, 4.52],
      [-9.14, 5.41],
    ],
    U1_AVERT: [
      [1.87, 2.4],
      [3.74, 1.91],
      [4.93, 2.27],
    ],
    L1_APOG_MCN: [
      [3.38, 1.97],
      [3.91, 2],
      [4.7, 2.25],
    ],
  };
  const mcnamara = analysisMeasurements(getAnalysis('mcnamara') ?? (null as never));

  it.each([
    [6, '6-8', 0],
    [8, '6-8', 0],
    [9, '9-11', 1],
    [11, '9-11', 1],
    [12, '12-14', 2],
    [14, '12-14', 2],
  ] as const)('a Japanese child of %i (either sex or unknown) gets japanese-%s with the published row', (age, band, column) => {
    for (const sex of ['male', 'female', null] as const) {
      const selection = selectNormSet({ ageYears: age, sex, population: 'japanese' });
      expect(selection.set?.id).toBe(`japanese-${band}`);
      const applied = applyNormSet(mcnamara, selection);
      for (const [id, rows] of Object.entries(TABLE)) {
        const [mean, sd] = rows[column] ?? [];
        expect(applied.find((d) => d.id === id)?.norm, `${id} ${band}`).toMatchObject({ mean, sd, source: `japanese-${band} [N5]` });
      }
      // Published as a deviation from 90° without its sign convention: left out, and said so.
      expect(applied.find((d) => d.id === 'MCN_FACIAL_AXIS')?.norm).toBeNull();
      expect(applied.find((d) => d.id === 'NASOLABIAL')?.norm).toBeNull();
    }
  });

  it('nothing for Japanese 15–17-year-olds; the adult set is still the N2 one', () => {
    expect(selectNormSet({ ageYears: 16, sex: 'male', population: 'japanese' })).toMatchObject({ set: null, reason: 'no-published-set' });
    expect(Object.keys(normSetById('japanese-adult')?.cells ?? {})).toEqual(['SNA']);
  });

  it('the reading check of the source: the differential is mandibular minus midfacial length (±0.01)', () => {
    for (const band of ['6-8', '9-11', '12-14'] as const) {
      const c = normSetById(`japanese-${band}`)?.cells ?? {};
      expect(Math.abs((c['CO_GN']?.mean ?? 0) - (c['CO_A']?.mean ?? 0) - (c['MAXMAND_DIFF']?.mean ?? 0))).toBeLessThanOrEqual(0.011);
    }
  });

  it('every value is printed in SOURCES.md', () => {
    for (const band of ['6-8', '9-11', '12-14'] as const) {
      for (const cell of Object.values(normSetById(`japanese-${band}`)?.cells ?? {})) {
        const mean = cell.mean.toFixed(2).replace('-', '−');
        expect(sources).toContain(`${mean} ± ${(cell.sd ?? 0).toFixed(2)}`);
      }
    }
  });
});

describe('the selection for a Korean adult, a Japanese adult and a child of each band', () => {
  it('a Korean adult: no Korean set is published, so none (and no other population’s)', () => {
    for (const sex of ['male', 'female', null] as const) {
      expect(selectNormSet({ ageYears: 35, sex, population: 'korean' })).toMatchObject({ set: null, reason: 'no-published-set' });
    }
  });

  it('a Japanese adult of either sex gets the pooled Japanese set', () => {
    for (const sex of ['male', 'female', null] as const) {
      expect(selectNormSet({ ageYears: 35, sex, population: 'japanese' }).set?.id).toBe('japanese-adult');
    }
  });

  it.each([
    [7, '6-8', 'japanese-6-8'],
    [10, '9-11', 'japanese-9-11'],
    [13, '12-14', 'japanese-12-14'],
    [16, '15-17', null],
  ] as const)('a child of %i: Caucasian %s; Japanese %s; Korean and Chinese none', (age, band, japanese) => {
    expect(selectNormSet({ ageYears: age, sex: 'female', population: 'caucasian' }).set?.id).toBe(`caucasian-${band}`);
    expect(selectNormSet({ ageYears: age, sex: 'female', population: 'japanese' }).set?.id ?? null).toBe(japanese);
    for (const population of ['korean', 'chinese'] as const) {
      expect(selectNormSet({ ageYears: age, sex: 'female', population }).reason).toBe('no-published-set');
    }
  });
});
