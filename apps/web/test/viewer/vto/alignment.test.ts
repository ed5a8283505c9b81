import { applyAffine, type Vec2 } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import {
  autoAlignTransform,
  filmToPhoto,
  fitManualAlignment,
  fittedPhotoTransform,
  mirrorX,
  nudgeTransform,
} from '../../../src/features/viewer/lib/photo-alignment.ts';

const close = (p: Vec2, q: Vec2) => {
  expect(p.x).toBeCloseTo(q.x, 6);
  expect(p.y).toBeCloseTo(q.y, 6);
};

describe('photo alignment', () => {
  // Photo -> film: scale 2, rotate 90° (y down), shift (100, 50).
  const truth = { a: 0, b: 2, c: -2, d: 0, tx: 100, ty: 50 };
  const photoPts = [
    { x: 10, y: 20 },
    { x: 200, y: 40 },
    { x: 60, y: 300 },
  ];

  it('three clicked pairs give back the similarity that made them', () => {
    const fit = fitManualAlignment(
      photoPts,
      photoPts.map((p) => applyAffine(truth, p)),
      400,
    )!;
    expect(fit.mirrored).toBe(false);
    expect(fit.residualPx).toBeCloseTo(0, 6);
    close(applyAffine(fit.transform, { x: 123, y: 45 }), applyAffine(truth, { x: 123, y: 45 }));
  });

  it('a face looking the other way is fitted mirrored', () => {
    const mirrored = photoPts.map((p) => applyAffine(truth, applyAffine(mirrorX(400), p)));
    const fit = fitManualAlignment(photoPts, mirrored, 400)!;
    expect(fit.mirrored).toBe(true);
    close(applyAffine(fit.transform, { x: 7, y: 9 }), applyAffine(truth, applyAffine(mirrorX(400), { x: 7, y: 9 })));
  });

  it('refuses coincident photo points', () => {
    const same = [
      { x: 5, y: 5 },
      { x: 5, y: 5 },
      { x: 5, y: 5 },
    ];
    expect(fitManualAlignment(same, photoPts, 400)).toBeNull();
    expect(fitManualAlignment(photoPts.slice(0, 1), photoPts.slice(0, 1), 400)).toBeNull();
  });

  it('folds the server mirroring into one transform', () => {
    const answer = {
      status: 'aligned' as const,
      photo: { chart_data_id: 1, width: 400, height: 300 },
      transform: truth,
      mirrored: true,
      points: [],
      residual_px: 1,
      residual_mm: null,
    };
    close(applyAffine(autoAlignTransform(answer), { x: 0, y: 0 }), applyAffine(truth, { x: 399, y: 0 }));
    expect(autoAlignTransform({ ...answer, mirrored: false })).toBe(truth);
  });

  it('fits an unaligned photo into the film frame, centred', () => {
    expect(fittedPhotoTransform({ width: 200, height: 100 }, { width: 1000, height: 1000 })).toEqual({
      a: 5,
      b: 0,
      c: 0,
      d: 5,
      tx: 0,
      ty: 250,
    });
    close(filmToPhoto({ a: 5, b: 0, c: 0, d: 5, tx: 0, ty: 250 }, { x: 500, y: 500 })!, { x: 100, y: 50 });
  });

  it('nudges: move in film px, rotate and scale about the pivot', () => {
    const id = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    expect(nudgeTransform(id, { dx: 3, dy: -2 }, { x: 0, y: 0 })).toEqual({ a: 1, b: 0, c: 0, d: 1, tx: 3, ty: -2 });
    const pivot = { x: 50, y: 50 };
    const turned = nudgeTransform(id, { rotateDeg: 90 }, pivot);
    close(applyAffine(turned, pivot), pivot);
    close(applyAffine(turned, { x: 60, y: 50 }), { x: 50, y: 60 });
    close(applyAffine(nudgeTransform(id, { scale: 2 }, pivot), { x: 60, y: 50 }), { x: 70, y: 50 });
  });
});
