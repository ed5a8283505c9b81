import { describe, expect, it } from 'vitest';
import { TRACING_OUTLINES, outlinePaths, polylinePath, splinePath, splineSegments, type BezierSegment, type Vec2 } from '../src/index.ts';
import { FACE } from './fixtures.ts';

/** Point of a cubic Bézier at t. */
function at(s: BezierSegment, t: number): Vec2 {
  const u = 1 - t;
  const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return { x: a * s.from.x + b * s.c1.x + c * s.c2.x + d * s.to.x, y: a * s.from.y + b * s.c1.y + c * s.c2.y + d * s.to.y };
}

/** How far the sampled curve leaves the points' bounding box (image px; 0 inside it). */
function overshoot(pts: readonly Vec2[]): number {
  const [x0, x1] = [Math.min(...pts.map((p) => p.x)), Math.max(...pts.map((p) => p.x))];
  const [y0, y1] = [Math.min(...pts.map((p) => p.y)), Math.max(...pts.map((p) => p.y))];
  let worst = 0;
  for (const s of splineSegments(pts)) {
    for (let i = 0; i <= 50; i++) {
      const p = at(s, i / 50);
      worst = Math.max(worst, x0 - p.x, p.x - x1, y0 - p.y, p.y - y1);
    }
  }
  return worst;
}

describe('tracing spline (centripetal Catmull-Rom)', () => {
  it('is one Bézier per gap, from each point to the next', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 10, y: 5 },
      { x: 20, y: 0 },
      { x: 30, y: 8 },
    ];
    const segments = splineSegments(pts);
    expect(segments).toHaveLength(3);
    segments.forEach((s, i) => {
      expect(s.from).toEqual(pts[i]);
      expect(s.to).toEqual(pts[i + 1]);
      expect(at(s, 0)).toEqual(pts[i]);
      const end = at(s, 1);
      expect(end.x).toBeCloseTo(pts[i + 1]!.x, 9);
      expect(end.y).toBeCloseTo(pts[i + 1]!.y, 9);
    });
  });

  it('formats as SVG path data through every point', () => {
    expect(splinePath([])).toBe('');
    expect(
      polylinePath([
        { x: 1, y: 2 },
        { x: 3.04, y: 4.06 },
      ]),
    ).toBe('M1 2 L3 4.1');
    // Collinear, evenly spaced: the control points are the thirds of each gap.
    expect(
      splinePath([
        { x: 0, y: 0 },
        { x: 30, y: 0 },
        { x: 60, y: 0 },
      ]),
    ).toBe('M0 0 C10 0 20 0 30 0 C40 0 50 0 60 0');
    // A repeated point is a straight segment, never NaN.
    expect(
      splinePath([
        { x: 0, y: 0 },
        { x: 0, y: 0 },
        { x: 9, y: 9 },
      ]),
    ).not.toMatch(/NaN/);
  });

  it('does not overshoot a sharp, unevenly spaced turn (where the uniform spline loops)', () => {
    // PNS far behind ANS, ANS close to A, as on a film.
    const pts = [
      { x: 934, y: 1538 },
      { x: 1387, y: 1552 },
      { x: 1342, y: 1639 },
      { x: 1420, y: 1760 },
    ];
    expect(overshoot(pts)).toBeLessThan(12);
  });

  it.each(TRACING_OUTLINES.filter((o) => o.smooth).map((o) => [o.id, o] as const))(
    'outline %s on the ISBI-like fixture stays within 3%% of its size beyond its points',
    (_, outline) => {
      const pts = outline.landmarks.flatMap((id) => (FACE[id] ? [FACE[id]] : []));
      if (pts.length < 3) return;
      const extent = (values: number[]) => Math.max(...values) - Math.min(...values);
      const size = Math.max(extent(pts.map((p) => p.x)), extent(pts.map((p) => p.y)));
      expect(overshoot(pts)).toBeLessThanOrEqual(Math.max(0.03 * size, 2));
    },
  );

  it('draws every outline with two or more landmarks, skipping missing ones', () => {
    const paths = outlinePaths(FACE);
    expect(paths.map((p) => p.id)).toEqual(TRACING_OUTLINES.map((o) => o.id));
    const maxilla = paths.find((p) => p.id === 'maxilla');
    expect(maxilla?.d.startsWith('M934 1538 C')).toBe(true);
    expect(outlinePaths({ S: FACE.S, N: FACE.N }).map((p) => [p.id, p.d])).toEqual([['cranial-base', 'M835 996 L1473 1029']]);
  });
});
