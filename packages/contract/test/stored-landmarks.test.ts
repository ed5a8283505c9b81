import { LANDMARKS, imagePoint, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import {
  landmarkImageFits,
  modifiedResultFits,
  readRecordLandmarks,
  storedCname,
  storedLandmarkId,
  toLandmarkBox,
  toModifiedResult,
} from '../src/index';

/*
 * The stored JSON (cname, name, x, y) <-> the one in-product landmark shape (packages/ceph
 * FilmLandmarks), as the viewer, the report and the exports read it.
 */
const p = (x: number, y: number) => imagePoint(x, y);
const registryIndex = (id: LandmarkId) => LANDMARKS.findIndex((l) => l.id === id);
const model = { id: 'm', version: '1' };

describe('stored landmark identity', () => {
  it.each<[LandmarkId, number]>([
    ['S', 0],
    ['Po', 3],
    ['U6', 36],
    ['L6', 37],
    ['Pm', 100 + registryIndex('Pm')],
    ['Xi', 100 + registryIndex('Xi')],
  ])('%s is stored under cname %i (model output index, else 100 + registry index)', (id, cname) => {
    expect(storedCname(id)).toBe(cname);
    expect(storedLandmarkId({ cname, name: id })).toBe(id);
  });

  it('reads a stored landmark by id, by dataset name, then by cname', () => {
    expect(storedLandmarkId({ cname: 99, name: 'Pog' })).toBe('Pog');
    expect(storedLandmarkId({ cname: 99, name: 'Sella' })).toBe('S');
    expect(storedLandmarkId({ cname: 3, name: '???' })).toBe('Po');
    expect(storedLandmarkId({ cname: 100 + registryIndex('Pr'), name: '???' })).toBe('Pr');
    expect(storedLandmarkId({ cname: 500, name: '???' })).toBeNull();
  });
});

describe('readRecordLandmarks', () => {
  it('keys the model output by its output index, with confidence and stored name', () => {
    const read = readRecordLandmarks({ version: 1, model, landmarks: [{ cname: 1, name: 'whatever', x: 3, y: 4, confidence: 0.5 }] }, null);
    expect(read.ai).toEqual({ N: { point: { x: 3, y: 4 }, confidence: 0.5, name: 'whatever' } });
    expect(read.model).toEqual(model);
  });

  it("puts the user's point over the model's and keeps unmatched entries per document", () => {
    const read = readRecordLandmarks(
      {
        version: 1,
        model,
        landmarks: [
          { cname: 0, name: 'Sella', x: 10, y: 20, confidence: 0.9 },
          { cname: 4, name: 'A point', x: 30, y: 40 },
          { cname: 90, name: 'ghost', x: 7, y: 7 },
        ],
      },
      {
        version: 2,
        image: { chart_data_id: 5 },
        landmarks: [
          { cname: 4, name: 'A', x: 33, y: 44 },
          { cname: 100 + registryIndex('Pm'), name: 'Pm', x: 5, y: 6 },
          { cname: 400, name: 'mystery', x: 1, y: 1 },
        ],
      },
    );
    expect(read.positions).toEqual({ S: { x: 10, y: 20 }, A: { x: 33, y: 44 }, Pm: { x: 5, y: 6 } });
    expect(read.ai.S?.confidence).toBe(0.9);
    expect(read.ai.A?.confidence).toBeNull();
    expect(read.edited).toEqual({ A: { x: 33, y: 44 }, Pm: { x: 5, y: 6 } });
    expect(read.unmatched).toEqual({
      ai: [{ cname: 90, name: 'ghost', x: 7, y: 7 }],
      edited: [{ cname: 400, name: 'mystery', x: 1, y: 1 }],
    });
  });

  it('counts a document that does not parse as absent', () => {
    const read = readRecordLandmarks({ version: 9 }, 'junk');
    expect(read).toEqual({
      ai: {},
      edited: {},
      positions: {},
      constructed: {},
      unmatched: { ai: [], edited: [] },
      model: null,
      adaptation: null,
      definitions: null,
    });
  });

  it('reads a definition applied to a model point: the defined point (before adaptation), the model’s own in raw', () => {
    const definitions = {
      profile: { Po: 'machine', Go: 'constructed', Me: 'isbi' },
      applied: [{ id: 'Po', choice: 'machine', found: true }],
    };
    const read = readRecordLandmarks(
      {
        version: 1,
        model,
        landmarks: [
          // Machine porion 12 px above the model's, then the clinic's shift of 2 px back.
          {
            cname: 3,
            name: 'Porion',
            x: 98,
            y: 88,
            confidence: 0.8,
            raw: { x: 100, y: 100 },
            definition: 'machine',
            defined: { x: 100, y: 88 },
          },
          { cname: 9, name: 'Gonion', x: 50, y: 60, confidence: 0.7 },
        ],
        definitions,
      },
      null,
    );
    expect(read.ai.Po).toEqual({
      point: p(98, 88),
      confidence: 0.8,
      name: 'Porion',
      raw: p(100, 100),
      definition: { choice: 'machine', point: p(100, 88) },
    });
    expect(read.ai.Go?.definition).toBeUndefined();
    expect(read.definitions).toEqual(definitions);
    expect(read.positions.Po).toEqual(p(98, 88));
  });
});

describe('toModifiedResult', () => {
  it('writes user landmarks in registry order, rounded to 0.01 px, then unmatched entries unchanged', () => {
    const edited: LandmarkMap<ImagePoint> = { Pm: p(1.005, 2.0049), S: p(10.123456, 20) };
    expect(toModifiedResult(edited, 9, [{ cname: 400, name: 'mystery', x: 1.23456, y: 1 }])).toEqual({
      version: 2,
      image: { chart_data_id: 9 },
      landmarks: [
        { cname: 0, name: 'S', x: 10.12, y: 20 },
        { cname: storedCname('Pm'), name: 'Pm', x: 1, y: 2 },
        { cname: 400, name: 'mystery', x: 1.23456, y: 1 },
      ],
    });
  });

  it('reads back what it wrote', () => {
    const edited: LandmarkMap<ImagePoint> = { S: p(1, 2), Xi: p(3, 4) };
    expect(readRecordLandmarks(null, toModifiedResult(edited, 1)).edited).toEqual(edited);
  });
});

describe('toLandmarkBox (REST output.boxs)', () => {
  it('projects a stored model landmark onto the spec fields', () => {
    expect(toLandmarkBox({ cname: 0, name: 'Sella', x: 1.5, y: 2.5, confidence: 0.75 })).toEqual({
      cname: 0,
      name: 'Sella',
      bbox: { x: 1.5, y: 2.5 },
      confidence: 0.75,
    });
  });
});

describe('landmarks bound to their film', () => {
  const h = (c: string) => c.repeat(64);
  const film = { id: 7, sha256: h('a') };
  it.each([
    ['same row, same bytes', { chart_data_id: 7, sha256: h('a') }, film, true],
    ['same row, hash not recorded with the edits', { chart_data_id: 7 }, film, true],
    ['same row, hash null', { chart_data_id: 7, sha256: null }, film, true],
    ['same row, film without a recorded hash', { chart_data_id: 7, sha256: h('a') }, { id: 7, sha256: null }, true],
    ['same row, other bytes', { chart_data_id: 7, sha256: h('b') }, film, false],
    ['another row', { chart_data_id: 8, sha256: h('a') }, film, false],
  ] as const)('%s: %s', (_, bound, image, fits) => {
    expect(landmarkImageFits(bound, image)).toBe(fits);
  });

  it('takes version 1 and absent documents as fitting, a version 2 document by its image', () => {
    const v2 = (id: number) => ({ version: 2, image: { chart_data_id: id }, landmarks: [] });
    expect(modifiedResultFits(v2(7), film)).toBe(true);
    expect(modifiedResultFits(v2(8), film)).toBe(false);
    expect(modifiedResultFits({ version: 1, landmarks: [] }, film)).toBe(true);
    expect(modifiedResultFits(null, film)).toBe(true);
    expect(modifiedResultFits('junk', film)).toBe(true);
  });
});
