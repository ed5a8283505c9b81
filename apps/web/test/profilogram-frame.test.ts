import { calibrationFromDefaultPpm, computeProfilogramResult, imagePoint, type ImagePoint, type LandmarkMap } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { frameToImage } from '../src/features/viewer/profilogram/lib/frame-to-image.ts';

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

  it('lays the drawn profilogram on the film scaled and turned about the registration point', () => {
    // At 200 %, a landmark lands twice as far from S as it is; turned 90° more, N (in front of S) goes above S.
    const scaled = { standardLine: 'SN', point: 'S', scale: 200, rotate: 0 } as const;
    const r = computeProfilogramResult(film, cal, scaled);
    const toImage = frameToImage(film, cal, scaled);
    if (!r.ok || toImage === null) throw new Error('not computed');
    const me = r.result.polylines.flatMap((l) => l.points).find((p) => p.id === 'Me');
    if (me === undefined) throw new Error('Me missing');
    expect(toImage(me).x).toBeCloseTo(100 + 2 * (330 - 100), 9);
    expect(toImage(me).y).toBeCloseTo(200 + 2 * (780 - 200), 9);
    const turned = { ...scaled, scale: 100, rotate: 90 } as const;
    const t = computeProfilogramResult(film, cal, turned);
    const turnedToImage = frameToImage(film, cal, turned);
    if (!t.ok || turnedToImage === null) throw new Error('not computed');
    const n = t.result.polylines.flatMap((l) => l.points).find((p) => p.id === 'N');
    if (n === undefined) throw new Error('N missing');
    const onFilm = turnedToImage(n);
    // S–N is 350 px forward and 50 px up; turned 90° counter-clockwise (as seen, facing right) it points up and back.
    expect(onFilm.x).toBeCloseTo(100 - 50, 9);
    expect(onFilm.y).toBeCloseTo(200 - 350, 9);
  });
});
