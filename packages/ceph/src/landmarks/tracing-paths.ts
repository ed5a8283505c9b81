import type { Vec2 } from '../geometry/units.ts';
import type { LandmarkId, LandmarkMap } from './types.ts';
import { TRACING_OUTLINES } from './tracing.ts';

/**
 * The tracing's one spline, shared by the viewer, the browser print and the server's PDF: SVG path
 * data in image px of the original upload (docs/house-rules.md §2). Smooth outlines are centripetal
 * Catmull-Rom splines through the landmarks, so the curve passes exactly through every point.
 */

/** One cubic Bézier segment from `from` to `to` (image px). */
export interface BezierSegment {
  readonly from: Vec2;
  readonly c1: Vec2;
  readonly c2: Vec2;
  readonly to: Vec2;
}

/**
 * Centripetal Catmull-Rom (alpha 1/2) through `pts` as cubic Béziers, one per gap. Centripetal, not
 * uniform: landmarks are unevenly spaced (PNS far from ANS, ANS close to A) and the uniform spline
 * then loops past the near point; the centripetal one never forms loops or cusps within a segment.
 * Ends mirror the neighbour. A gap of zero length (or next to one) is a straight segment.
 */
export function splineSegments(pts: readonly Vec2[]): BezierSegment[] {
  const gap = (a: Vec2, b: Vec2) => Math.sqrt(Math.hypot(b.x - a.x, b.y - a.y));
  const out: BezierSegment[] = [];
  for (let i = 0; i < pts.length - 1; i++) {
    const p1 = pts[i] as Vec2;
    const p2 = pts[i + 1] as Vec2;
    const p0 = pts[i - 1] ?? { x: 2 * p1.x - p2.x, y: 2 * p1.y - p2.y };
    const p3 = pts[i + 2] ?? { x: 2 * p2.x - p1.x, y: 2 * p2.y - p1.y };
    const d1 = gap(p0, p1);
    const d2 = gap(p1, p2);
    const d3 = gap(p2, p3);
    if (d1 === 0 || d2 === 0 || d3 === 0) {
      out.push({ from: p1, c1: p1, c2: p2, to: p2 });
      continue;
    }
    // Barry-Goldman tangents of the centripetal spline, as Bézier control points.
    const c1 = {
      x: (d1 * d1 * p2.x - d2 * d2 * p0.x + (2 * d1 * d1 + 3 * d1 * d2 + d2 * d2) * p1.x) / (3 * d1 * (d1 + d2)),
      y: (d1 * d1 * p2.y - d2 * d2 * p0.y + (2 * d1 * d1 + 3 * d1 * d2 + d2 * d2) * p1.y) / (3 * d1 * (d1 + d2)),
    };
    const c2 = {
      x: (d3 * d3 * p1.x - d2 * d2 * p3.x + (2 * d3 * d3 + 3 * d3 * d2 + d2 * d2) * p2.x) / (3 * d3 * (d3 + d2)),
      y: (d3 * d3 * p1.y - d2 * d2 * p3.y + (2 * d3 * d3 + 3 * d3 * d2 + d2 * d2) * p2.y) / (3 * d3 * (d3 + d2)),
    };
    out.push({ from: p1, c1, c2, to: p2 });
  }
  return out;
}

const fmt = (v: number) => Math.round(v * 10) / 10;

/** SVG path data of `splineSegments(pts)` (0.1 px precision); '' for no point. */
export function splinePath(pts: readonly Vec2[]): string {
  const first = pts[0];
  if (!first) return '';
  const at = (p: Vec2) => `${fmt(p.x)} ${fmt(p.y)}`;
  const straight = (s: BezierSegment) => s.c1 === s.from && s.c2 === s.to;
  const segments = splineSegments(pts).map((s) => (straight(s) ? `L${at(s.to)}` : `C${at(s.c1)} ${at(s.c2)} ${at(s.to)}`));
  return [`M${fmt(first.x)} ${fmt(first.y)}`, ...segments].join(' ');
}

/** SVG path data of straight segments through `pts` (image px). */
export function polylinePath(pts: readonly Vec2[]): string {
  return pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${fmt(p.x)} ${fmt(p.y)}`).join(' ');
}

/** One drawn tracing outline: its `TRACING_OUTLINES` id and landmarks (in order), and the SVG path data in image px. */
export interface OutlinePath {
  readonly id: string;
  readonly landmarks: readonly LandmarkId[];
  readonly d: string;
}

/**
 * The tracing of `positions` (image px): every `TRACING_OUTLINES` outline with at least two present
 * landmarks (missing ones skipped), a spline when the outline is smooth and has three or more points,
 * straight segments otherwise; a closed outline ends with Z.
 */
export function outlinePaths(positions: LandmarkMap<Vec2>): OutlinePath[] {
  const out: OutlinePath[] = [];
  for (const outline of TRACING_OUTLINES) {
    const present = outline.landmarks.filter((id) => positions[id] !== undefined);
    if (present.length < 2) continue;
    const pts = present.map((id) => positions[id] as Vec2);
    const d = outline.smooth && pts.length > 2 ? splinePath(pts) : polylinePath(pts);
    out.push({ id: outline.id, landmarks: outline.landmarks, d: outline.closed ? `${d} Z` : d });
  }
  return out;
}
