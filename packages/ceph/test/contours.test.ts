import { describe, expect, it } from 'vitest';
import {
  CONTOUR_DEFINITIONS,
  TRACING_OUTLINES,
  contourMatches,
  gradientMagnitude,
  guideSegment,
  outlinePathsWithContours,
  traceContour,
  traceFilmContours,
  traceSegment,
  type GrayImage,
  type LandmarkMap,
  type Vec2,
} from '../src/index.ts';

/** A w × h image from a function of the pixel (x = column, y = row). */
function image(w: number, h: number, value: (x: number, y: number) => number): GrayImage {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.max(0, Math.min(255, Math.round(value(x, y))));
  return { width: w, height: h, data };
}

/** A seeded linear congruential generator (tests only: the domain itself has no randomness). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Bright bone (200) from row ⌈edge(x)⌉ down, dark soft tissue (60) above: the pixel edge, a staircase, lies within ½ px of y = edge(x). */
const bone = (edge: (x: number) => number, noise = 0, seed = 1) => {
  const rnd = lcg(seed);
  return image(120, 100, (x, y) => (y >= edge(x) ? 200 : 60) + noise * (rnd() * 2 - 1));
};

/** Largest distance (px) from the points to the edge curve y = edge(x), sampled every 0.05 px. */
const offEdge = (pts: readonly Vec2[], edge: (x: number) => number) => {
  const curve = Array.from({ length: 2401 }, (_, i) => ({ x: i / 20, y: edge(i / 20) }));
  return Math.max(...pts.map((p) => Math.min(...curve.map((q) => Math.hypot(p.x - q.x, p.y - q.y)))));
};

describe('gradientMagnitude (smoothed Sobel)', () => {
  it('is 0 on a flat image and peaks on a step between the two rows of the step', () => {
    const flat = gradientMagnitude(image(8, 8, () => 90));
    expect(Math.max(...flat)).toBe(0);
    const step = gradientMagnitude(image(9, 9, (_x, y) => (y >= 5 ? 100 : 0)));
    const column = Array.from({ length: 9 }, (_, y) => step[y * 9 + 4] as number);
    // Symmetric about the step at 4.5: rows 4 and 5 share the peak, rows 0 and 8 are far from it.
    expect(column[4]).toBeCloseTo(column[5] as number, 6);
    expect(column[4]).toBeGreaterThan(column[2] as number);
    expect(column[0]).toBeLessThan(1);
  });
});

describe('traceContour (live-wire in a corridor)', () => {
  // The landmarks sit on the edge; the straight guide between them is off it by up to 6 px in the middle.
  const curved = (x: number) => 50 + 6 * Math.sin((Math.PI * (x - 20)) / 80);
  const chain = [
    { x: 20, y: curved(20) },
    { x: 100, y: curved(100) },
  ];

  it('follows a drawn edge between two points within 1 px, and passes through them exactly', () => {
    const traced = traceContour(bone(curved), chain, { corridorFraction: 0.12 });
    expect(traced?.followsImage).toEqual([true]);
    const pts = traced?.points ?? [];
    expect(pts[0]).toEqual(chain[0]);
    expect(pts[pts.length - 1]).toEqual(chain[1]);
    expect(offEdge(pts, curved)).toBeLessThanOrEqual(1);
    // The guide alone (the landmark curve) is off by ~6 px: the image, not the guide, placed the path.
    expect(offEdge(guideSegment(chain, 0), curved)).toBeGreaterThan(5);
  });

  it('is not pulled off the edge by noise of ±60 grey levels on a 140-level step', () => {
    for (const seed of [1, 2, 3]) {
      const traced = traceContour(bone(curved, 60, seed), chain);
      expect(traced?.followsImage).toEqual([true]);
      expect(offEdge(traced?.points ?? [], curved)).toBeLessThanOrEqual(1);
    }
  });

  it('goes through every landmark of a chain of three', () => {
    const three = [chain[0] as Vec2, { x: 60, y: curved(60) }, chain[1] as Vec2];
    const traced = traceContour(bone(curved), three);
    expect(traced?.followsImage).toEqual([true, true]);
    for (const p of three) expect(traced?.points.some((q) => q.x === p.x && q.y === p.y)).toBe(true);
  });

  it('falls back to the guide spline on a flat film (no edge: mean strength under the threshold)', () => {
    const flat = image(120, 100, () => 128);
    const traced = traceContour(flat, chain);
    expect(traced?.followsImage).toEqual([false]);
    expect(traced?.points).toEqual(guideSegment(chain, 0));
  });

  it('falls back on pure noise (the path would have to wander to find strong pixels)', () => {
    const rnd = lcg(7);
    const noise = image(120, 100, () => 128 + 120 * (rnd() * 2 - 1));
    expect(traceContour(noise, chain)?.followsImage).toEqual([false]);
  });

  it('keeps to the corridor: a stronger edge outside it is not taken', () => {
    // A faint edge on the chain's curve and a much stronger one 20 px below, out of the 8 px corridor.
    const img = image(120, 100, (x, y) => (y >= curved(x) ? 90 : 60) + (y >= curved(x) + 20 ? 160 : 0));
    const guide = guideSegment(chain, 0);
    const traced = traceSegment(gradientMagnitude(img), 120, 100, guide, 8);
    expect(traced.followsImage).toBe(true);
    expect(offEdge(traced.points, curved)).toBeLessThanOrEqual(1);
  });
});

describe('film contours and the tracing', () => {
  const flat: LandmarkMap<Vec2> = {
    Ar: { x: 20, y: 20 },
    Go: { x: 30, y: 80 },
    Me: { x: 100, y: 90 },
    Co: { x: 18, y: 10 },
    Gn: { x: 108, y: 85 },
  };

  it('traces every contour with two present landmarks, scaled back to the original px', () => {
    const img = image(60, 50, () => 100);
    const contours = traceFilmContours(img, flat, 0.5);
    expect(contours.map((c) => c.id)).toEqual(['mandibular-border', 'ramus']);
    const border = contours[0];
    expect(border?.points[0]).toEqual({ x: 30, y: 80 });
    expect(border?.points[border.points.length - 1]).toEqual({ x: 100, y: 90 });
    expect(border && contourMatches(border, flat)).toBe(true);
    expect(border && contourMatches(border, { ...flat, Me: { x: 101, y: 90 } })).toBe(false);
  });

  it('takes the covered gaps out of the landmark outline and adds the contours', () => {
    const contours = traceFilmContours(
      image(60, 50, () => 100),
      flat,
      0.5,
    );
    const ids = outlinePathsWithContours(flat, contours).map((p) => p.id);
    // Mandible Co-Ar-Go-Me-Gn: Ar>Go and Go>Me are contours, so Co-Ar and Me-Gn remain.
    expect(ids).toEqual(['mandible', 'mandible-2', 'mandibular-border', 'ramus']);
    expect(outlinePathsWithContours(flat, []).map((p) => p.id)).toEqual(['mandible']);
  });

  it('names an outline for every contour, and no contour shares an id with an outline (the layer tells them apart by id)', () => {
    const outlines = new Set(TRACING_OUTLINES.map((o) => o.id));
    expect(CONTOUR_DEFINITIONS.filter((c) => outlines.has(c.id))).toEqual([]);
    expect(CONTOUR_DEFINITIONS.map((c) => c.outline)).toEqual([
      'mandible',
      'mandible',
      'maxilla',
      'soft-upper-profile',
      'soft-lower-profile',
    ]);
  });
});
