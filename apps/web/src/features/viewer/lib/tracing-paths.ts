import { LINE_TYPE_GROUPS, TRACING_OUTLINES, type ImagePoint, type LandmarkId, type LandmarkMap, type Vec2 } from '@ceppro/ceph';

/**
 * SVG path data for the tracing layer, in image px. Outlines come from `TRACING_OUTLINES` (missing
 * landmarks skipped; fewer than two points: not drawn); smooth outlines are Catmull-Rom splines
 * through the landmarks, so the curve passes exactly through every point the user placed.
 */
export interface TracingPath {
  readonly id: string;
  readonly d: string;
}

const fmt = (v: number) => Math.round(v * 10) / 10;

/** Uniform Catmull-Rom through `pts` as cubic Béziers (tension 1/6: the standard conversion). */
export function splinePath(pts: readonly Vec2[]): string {
  const first = pts[0];
  if (!first) return '';
  let d = `M${fmt(first.x)} ${fmt(first.y)}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? pts[i];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[i + 2] ?? p2;
    if (!p0 || !p1 || !p2 || !p3) continue;
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
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
    out.push({ id: outline.id, d: outline.closed ? `${d} Z` : d });
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
