import type { Vec2 } from '../geometry/units.ts';

/**
 * Direction of the line `a` → `b` given in IMAGE PIXELS (y down), in degrees [−180, 180], measured
 * counter-clockwise as the film is drawn (so image y is flipped). null when the points coincide.
 */
export function imageLineDirection(a: Vec2, b: Vec2): number | null {
  return a.x !== b.x || a.y !== b.y ? (Math.atan2(-(b.y - a.y), b.x - a.x) * 180) / Math.PI : null;
}

/**
 * How far a reference plane turned between two films: its direction on the later film (`after`, the
 * plane's two points in image px) minus that on the earlier one (`before`), degrees wrapped to
 * [−180, 180), + counter-clockwise as the films are drawn. null when the plane is degenerate on either.
 */
export function planeRotation(before: readonly [Vec2, Vec2], after: readonly [Vec2, Vec2]): number | null {
  const from = imageLineDirection(before[0], before[1]);
  const to = imageLineDirection(after[0], after[1]);
  if (from === null || to === null) return null;
  return ((((to - from + 180) % 360) + 360) % 360) - 180;
}
