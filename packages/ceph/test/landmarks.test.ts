import { describe, expect, it } from 'vitest';
import {
  LANDMARKS,
  LANDMARK_IDS,
  LANDMARK_NAME_COLLISIONS,
  LINE_TYPE_GROUPS,
  MODEL_OUTPUT_COUNT_V1,
  MODEL_OUTPUT_IDS_V1,
  MODEL_OUTPUT_NAMES_V1,
  MODEL_OUTPUT_SHORT_NAMES_V1,
  TRACING_OUTLINES,
  getLandmark,
  imagePoint,
  isLandmarkId,
  landmarkIdFromName,
  landmarksByCategory,
  landmarksFromModelOutputV1,
  lineTypeGroupsAsModelIndexes,
  modelOutputIndexV1,
  normaliseLandmarkName,
} from '../src/index.ts';
import { readDatasetJson } from './dataset.ts';

describe('landmark registry', () => {
  it('has at least 45 landmarks with unique ids and complete metadata', () => {
    expect(LANDMARKS.length).toBeGreaterThanOrEqual(45);
    expect(new Set(LANDMARKS.map((l) => l.id)).size).toBe(LANDMARKS.length);
    expect(new Set(LANDMARKS.map((l) => l.id.toLowerCase())).size).toBe(LANDMARKS.length);
    expect(LANDMARKS.map((l) => l.id).sort()).toEqual([...LANDMARK_IDS].sort());
    for (const l of LANDMARKS) {
      expect(l.shortName.length).toBeGreaterThan(0);
      expect(l.fullName.length).toBeGreaterThan(0);
      expect(l.definition.length).toBeGreaterThan(10);
      expect(['hard', 'dental', 'soft']).toContain(l.category);
      expect(typeof l.bilateral).toBe('boolean');
    }
  });
  it('covers all three tissue categories', () => {
    expect(landmarksByCategory('hard').length).toBeGreaterThanOrEqual(20);
    expect(landmarksByCategory('dental').length).toBeGreaterThanOrEqual(6);
    expect(landmarksByCategory('soft').length).toBeGreaterThanOrEqual(12);
  });
  it('bilateral flags follow reference §1.1', () => {
    for (const id of ['Or', 'Po', 'Go', 'Ar', 'Co', 'U6', 'L6'] as const) expect(getLandmark(id).bilateral).toBe(true);
    for (const id of ['S', 'N', 'A', 'B', 'Pog', 'Me', 'ANS'] as const) expect(getLandmark(id).bilateral).toBe(false);
  });
  it('no name maps to two landmarks', () => {
    expect(LANDMARK_NAME_COLLISIONS).toEqual([]);
  });
  it.each([
    ['Sella', 'S'],
    ['Subspinale (A point)', 'A'],
    ['Lower incisal incision', 'L1'],
    ['Upper lip', 'Ls'],
    ['Soft tissue pogonion', 'stPog'],
    ["Pog'", 'stPog'],
    ['Pog', 'Pog'],
    ['Glabella', 'stG'],
    ['UL', 'Ls'],
    ["UL'", 'ULv'],
    ['Soft Tissue Nasion', 'stN'],
    ['N`', 'stN'],
    ['A-point', 'A'],
    ['Pn', 'Prn'],
    ['Upper Incisor Tip', 'U1'],
    ['nonsense', null],
  ])('name %s → %s', (name, id) => {
    expect(landmarkIdFromName(name)).toBe(id);
  });
  it('normalises names but keeps primes', () => {
    expect(normaliseLandmarkName('  Soft-tissue  Pogonion ')).toBe('soft tissue pogonion');
    expect(normaliseLandmarkName('Pog\u2032')).toBe("pog'");
    expect(isLandmarkId('Pog')).toBe(true);
    expect(isLandmarkId('pog')).toBe(false);
  });
});

describe('model output mapping (v1 = manifest38 order)', () => {
  it('maps all 38 outputs by name to distinct registry landmarks', () => {
    expect(MODEL_OUTPUT_COUNT_V1).toBe(38);
    expect(MODEL_OUTPUT_SHORT_NAMES_V1.length).toBe(38);
    expect(MODEL_OUTPUT_IDS_V1).not.toContain(null);
    expect(new Set(MODEL_OUTPUT_IDS_V1).size).toBe(38);
    MODEL_OUTPUT_SHORT_NAMES_V1.forEach((short, i) => expect(landmarkIdFromName(short)).toBe(MODEL_OUTPUT_IDS_V1[i]));
  });
  it('the first 19 are the ISBI 19 in ISBI order', () => {
    const isbi = LANDMARKS.filter((l) => l.datasets.isbi2015 !== undefined).sort(
      (a, b) => (a.datasets.isbi2015 ?? 0) - (b.datasets.isbi2015 ?? 0),
    );
    expect(isbi.map((l) => l.id)).toEqual(MODEL_OUTPUT_IDS_V1.slice(0, 19));
  });
  it('registry indices agree with CL-Detection 2023 file order and the lookup', () => {
    for (const l of LANDMARKS) {
      expect(l.modelOutputIndexV1).toBe(modelOutputIndexV1(l.id));
      expect(l.modelOutputIndexV1).toBe(l.datasets.cl2023 === undefined ? null : l.datasets.cl2023 - 1);
    }
  });
  it('turns a model output array into a landmark map', () => {
    const out = landmarksFromModelOutputV1(MODEL_OUTPUT_NAMES_V1.map((_, i) => imagePoint(i, i)));
    expect(out.S).toEqual({ x: 0, y: 0 });
    expect(out.L6).toEqual({ x: 37, y: 37 });
    expect(Object.keys(out).length).toBe(38);
  });
  const m38 = readDatasetJson('manifest38.json');
  const m19 = readDatasetJson('manifest.json');
  for (const r of [m38.reason, m19.reason]) if (r) console.warn(`skipping a dataset check: ${r}`);
  (m38.data === null ? it.skip : it)(`matches manifest38.json exactly${m38.reason ? ` (skipped: ${m38.reason})` : ''}`, () => {
    const data = m38.data as { landmark_names: string[]; landmark_short_names: string[] };
    expect(MODEL_OUTPUT_NAMES_V1).toEqual(data.landmark_names);
    expect(MODEL_OUTPUT_SHORT_NAMES_V1).toEqual(data.landmark_short_names);
  });
  (m19.data === null ? it.skip : it)(`manifest.json names are the first 19 outputs${m19.reason ? ` (skipped: ${m19.reason})` : ''}`, () => {
    const data = m19.data as { landmark_names: string[] };
    expect(data.landmark_names.map(landmarkIdFromName)).toEqual(MODEL_OUTPUT_IDS_V1.slice(0, 19));
  });
});

describe('drawing data', () => {
  it('every landmark is in exactly one line-type group', () => {
    const all = Object.values(LINE_TYPE_GROUPS).flat();
    expect(all.length).toBe(LANDMARKS.length);
    expect(new Set(all).size).toBe(LANDMARKS.length);
  });
  it('line-type groups as model indexes only hold model outputs', () => {
    const g = lineTypeGroupsAsModelIndexes();
    const all = Object.values(g)
      .flat()
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 38 }, (_, i) => i));
  });
  it('tracing outlines reference registry ids and have ≥ 2 points', () => {
    expect(new Set(TRACING_OUTLINES.map((o) => o.id)).size).toBe(TRACING_OUTLINES.length);
    for (const o of TRACING_OUTLINES) {
      expect(o.landmarks.length).toBeGreaterThanOrEqual(2);
      for (const id of o.landmarks) expect(isLandmarkId(id)).toBe(true);
    }
  });
});
