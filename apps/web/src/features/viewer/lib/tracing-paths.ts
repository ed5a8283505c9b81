import { LINE_TYPE_GROUPS, TRACING_OUTLINES, type ImagePoint, type LandmarkId, type LandmarkMap, type Vec2 } from '@ceppro/ceph';
import { outlineTissue, type Tissue } from './viewer-appearance.ts';

/**
 * SVG path data for the tracing layer, in image px. Outlines come from `TRACING_OUTLINES` (missing
 * landmarks skipped; fewer than two points: not drawn); smooth outlines are Catmull-Rom splines
 * through the landmarks, so the curve passes exactly through every point the user placed.
 */
export interface TracingPath {
  readonly id: string;
  readonly d: string;
  /** Drawn in this tissue's Settings colour and size. */
  readonly tissue: Tissue;
}

const fmt = (v: number) => Math.round(v * 10) / 10;

/**
 * Centripetal Catmull-Rom (alpha 1/2) through `pts` as cubic Béziers. Centripetal, not uniform:
 * landmarks are unevenly spaced (PNS far from ANS, ANS close to A) and the uniform spline then
 * loops past the near point; the centripetal one never forms loops or cusps within a segment.
 */
export function splinePath(pts: readonly Vec2[]): string {
  const first = pts[0];
  if (!first) return '';
  const gap = (a: Vec2, b: Vec2) => Math.sqrt(Math.hypot(b.x - a.x, b.y - a.y));
  let d = `M${fmt(first.x)} ${fmt(first.y)}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p1 = pts[i];
    const p2 = pts[i + 1];
    if (!p1 || !p2) continue;
    // Ends: mirror the neighbour, so the curve leaves the first and reaches the last point smoothly.
    const p0 = pts[i - 1] ?? { x: 2 * p1.x - p2.x, y: 2 * p1.y - p2.y };
    const p3 = pts[i + 2] ?? { x: 2 * p2.x - p1.x, y: 2 * p2.y - p1.y };
    const d1 = gap(p0, p1);
    const d2 = gap(p1, p2);
    const d3 = gap(p2, p3);
    if (d1 === 0 || d2 === 0 || d3 === 0) {
      d += ` L${fmt(p2.x)} ${fmt(p2.y)}`;
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
    d += ` C${fmt(c1.x)} ${fmt(c1.y)} ${fmt(c2.x)} ${fmt(c2.y)} ${fmt(p2.x)} ${fmt(p2.y)}`;
  }
  return d;
}

export function polylinePath(pts: readonly Vec2[]): string {
  return pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${fmt(p.x)} ${fmt(p.y)}`).join(' ');
}

export function tracingPaths(positions: LandmarkMap<ImagePoint>): TracingPath[] {
  const out: TracingPath[] = [];
  for (const outline of TRACING_OUTLINES) {
    const pts = outline.landmarks.map((id) => positions[id]).filter((p): p is ImagePoint => p !== undefined);
    if (pts.length < 2) continue;
    const d = outline.smooth && pts.length > 2 ? splinePath(pts) : polylinePath(pts);
    out.push({ id: outline.id, d: outline.closed ? `${d} Z` : d, tissue: outlineTissue(outline.landmarks) });
  }
  return out;
}

/**
 * Landmarks the line-type groups draw as a dot on the tracing (the `dot` and `lineAndDot` kinds:
 * molars, premolars, incisor tips and apices), so the tracing shows the teeth with landmarks hidden.
 */
export function tracingDots(positions: LandmarkMap<ImagePoint>): { id: LandmarkId; point: ImagePoint }[] {
  const ids: readonly LandmarkId[] = [...LINE_TYPE_GROUPS.dot, ...LINE_TYPE_GROUPS.lineAndDot];
  return ids.flatMap((id) => {
    const point = positions[id];
    return point ? [{ id, point }] : [];
  });
}
