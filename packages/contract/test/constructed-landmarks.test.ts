import { describe, expect, it } from 'vitest';
import { readRecordLandmarks, reportLandmarks, toModifiedResult } from '../src/index';

/*
 * Constructed points (packages/ceph constructed.ts) as the record shape carries them: a third
 * provenance beside the model's and the user's, derived on read, never written to `modified_result`.
 */
const model = { id: 'm', version: '1' };
// Model output indices (cname): 36 U6, 11 U1, 37 L6, 10 L1 (manifest38 order).
const infer = {
  version: 1,
  model,
  landmarks: [
    { cname: 36, name: 'Upper first molar (mesial contact)', x: 0, y: 0, confidence: 0.9 },
    { cname: 11, name: 'Upper incisal incision', x: 100, y: 0, confidence: 0.9 },
    { cname: 37, name: 'Lower first molar (mesial contact)', x: 0, y: 10, confidence: 0.9 },
    { cname: 10, name: 'Lower incisal incision', x: 100, y: 10, confidence: 0.9 },
  ],
};

describe('constructed landmarks in the record', () => {
  it('reads an old document with constructed points beside the AI ones', () => {
    const read = readRecordLandmarks(infer, null);
    expect(read.constructed).toEqual({ UPM: { x: 13, y: 0 }, LPM: { x: 13, y: 10 } });
    expect(read.positions.UPM).toEqual({ x: 13, y: 0 });
    expect(read.ai.UPM).toBeUndefined();
  });

  it('follows a moved source and yields to a hand-placed point', () => {
    const modified = {
      version: 1,
      landmarks: [
        { cname: 11, name: 'U1', x: 200, y: 0 },
        { cname: 150, name: 'LPM', x: 5, y: 5 },
      ],
    };
    const read = readRecordLandmarks(infer, modified);
    expect(read.constructed).toEqual({ UPM: { x: 26, y: 0 } });
    expect(read.edited.LPM).toEqual({ x: 5, y: 5 });
    expect(read.positions.LPM).toEqual({ x: 5, y: 5 });
  });

  it('never stores a constructed point', () => {
    const read = readRecordLandmarks(infer, null);
    expect(toModifiedResult(read.edited, 1).landmarks).toEqual([]);
  });

  it('marks constructed points in the report model', () => {
    const byId = new Map(reportLandmarks(infer, null).map((l) => [l.id, l]));
    expect(byId.get('UPM')).toMatchObject({ edited: false, constructed: true });
    expect(byId.get('U6')?.constructed).toBeUndefined();
  });
});
