import { calibrationFromDefaultPpm, imagePoint, type ImagePoint, type LandmarkMap } from '@ceppro/ceph';
import { computeProfilogramResult } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { frameToImage, unscale } from '../src/features/viewer/profilogram/lib/frame-to-image.ts';

/** A right-facing film at 5 px/mm: S (100, 200), N 70 mm in front and 10 mm higher; Po, Or for FH. */
const film: LandmarkMap<ImagePoint> = {
  S: imagePoint(100, 200),
  N: imagePoint(450, 150),
  Po: imagePoint(60, 260),
  Or: imagePoint(380, 230),
  Me: imagePoint(330, 780),
};
const cal = calibrationFromDefaultPpm(5);

describe('frameToImage (profilogram frame at true size -> image px)', () => {
  it.each([
    ['SN at S', { standardLine: 'SN', point: 'S' }],
    ['SN at N', { standardLine: 'SN', point: 'N' }],
    ['SN-7 at S', { standardLine: 'SN-7', point: 'S' }],
    ['FH at N', { standardLine: 'FH', point: 'N' }],
  ] as const)('%s: maps each landmark back onto itself', (_name, frame) => {
    const options = { ...frame, scale: 100, rotate: 0 };
    const r = computeProfilogramResult(film, cal, options);
    const toImage = frameToImage(film, cal, options);
    if (!r.ok || toImage === null) throw new Error('not computed');
    for (const line of r.result.polylines) {
      for (const p of line.points) {
        const back = toImage(p);
        const want = film[p.id as keyof typeof film];
        expect(back.x).toBeCloseTo(want?.x ?? NaN, 9);
        expect(back.y).toBeCloseTo(want?.y ?? NaN, 9);
      }
    }
  });

  it('is null without the frame landmarks', () => {
    expect(frameToImage({ S: imagePoint(0, 0) }, cal, { standardLine: 'SN', point: 'S', scale: 100, rotate: 0 })).toBeNull();
  });

  it('unscale undoes scale then rotation: (10, 0) drawn at 200 % turned 90° is (0, 20)', () => {
    const p = unscale({ x: 0, y: 20 }, { standardLine: 'SN', point: 'S', scale: 200, rotate: 90 });
    expect(p.x).toBeCloseTo(10, 12);
    expect(p.y).toBeCloseTo(0, 12);
  });
});
