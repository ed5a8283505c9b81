import {
  bjorkPolygon,
  calibrationFromDefaultPpm,
  computeProfilogramResult,
  imagePoint,
  type ImagePoint,
  type LandmarkMap,
} from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { readProfilogramResult } from '../src/viewer-documents/profilogram';

// The computation and the Björk template are packages/ceph's (packages/ceph/test/profilogram-template.test.ts);
// this file checks the stored document's schema against what ceph computes.

/** Template points (mm, SN frame, y up) as image px at 10 px/mm, S at (500, 500), face to the right. */
function filmFrom(points: Record<string, { x: number; y: number }>, ppm = 10): LandmarkMap<ImagePoint> {
  const out: LandmarkMap<ImagePoint> = {};
  for (const [id, p] of Object.entries(points)) (out as Record<string, ImagePoint>)[id] = imagePoint(500 + p.x * ppm, 500 - p.y * ppm);
  return out;
}

describe('profilogram_result', () => {
  const template = bjorkPolygon({ sn: 71, sar: 32, saddle: 123, articular: 143, argo: 44, gonial: 130, gome: 71 });

  it('reads back only a known document', () => {
    const r = computeProfilogramResult(filmFrom(template), calibrationFromDefaultPpm(10), {
      standardLine: 'SN-7',
      point: 'S',
      scale: 100,
      rotate: 0,
    });
    if (!r.ok) throw new Error('not computed');
    expect(readProfilogramResult(JSON.parse(JSON.stringify(r.result)))).toEqual(r.result);
    expect(readProfilogramResult({ version: 1, points: [] })).toBeNull();
    expect(readProfilogramResult(null)).toBeNull();
  });
});
