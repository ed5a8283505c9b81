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

describe('ageBandOf: whole years to bands, boundaries on both sides', () => {
  it.each([
    [null, 'adult'],
    [0, null],
    [5, null],
    [6, '6-8'],
    [8, '6-8'],
    [9, '9-11'],
    [11, '9-11'],
    [12, '12-14'],
    [14, '12-14'],
    [15, '15-17'],
    [17, '15-17'],
    [18, 'adult'],
    [60, 'adult'],
  ] as const)('age %s -> %s', (age, band) => {
    expect(ageBandOf(age)).toBe(band);
  });
});

describe('selectNormSet', () => {
  it('Caucasian adult is the baseline set (today’s catalogue norms)', () => {
    const s = selectNormSet({ ageYears: 30, sex: 'female', population: 'caucasian' });
    expect(s.set?.id).toBe('caucasian-adult');
    expect(s.set?.baseline).toBe(true);
    expect(s.reason).toBe('ok');
  });

  it.each([
    [6, 'caucasian-6-8'],
    [8, 'caucasian-6-8'],
    [9, 'caucasian-9-11'],
    [11, 'caucasian-9-11'],
    [12, 'caucasian-12-14'],
    [14, 'caucasian-12-14'],
    [15, 'caucasian-15-17'],
    [17, 'caucasian-15-17'],
    [18, 'caucasian-adult'],
  ])('a Caucasian patient aged %i gets %s', (age, id) => {
    expect(selectNormSet({ ageYears: age, sex: 'male', population: 'caucasian' }).set?.id).toBe(id);
  });

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
