import type { Vec2 } from './units.ts';
import { cross, dot, norm, sub } from './vec.ts';

const RAD_TO_DEG = 180 / Math.PI;

/** Radians to degrees. */
export function toDegrees(radians: number): number {
  return radians * RAD_TO_DEG;
}

/** Degrees to radians. */
export function toRadians(degrees: number): number {
  return degrees / RAD_TO_DEG;
}

function degenerate(...vs: Vec2[]): boolean {
  return vs.some((v) => norm(v) === 0);
}

/**
 * `ang(u, w)`: unsigned angle between two vectors, degrees in [0, 180], via `atan2(|u×w|, u·w)`
 * (reference §0, §5.3). Any frame; `null` when either vector has zero length.
 */
export function angleBetween(u: Vec2, w: Vec2): number | null {
  if (degenerate(u, w)) return null;
  return toDegrees(Math.atan2(Math.abs(cross(u, w)), dot(u, w)));
}

/**
 * `sang(u, w)`: signed angle from `u` to `w`, degrees in (−180, 180], positive counter-clockwise in a
 * y-UP frame (the patient frame: anterior vector turning upward). `null` on a zero-length vector.
 */
export function signedAngle(u: Vec2, w: Vec2): number | null {
  if (degenerate(u, w)) return null;
  const a = toDegrees(Math.atan2(cross(u, w), dot(u, w)));
  return a === -180 ? 180 : a;
}

/** `acute(l1, l2)`: angle between two UNDIRECTED lines, degrees in [0, 90]. `null` when degenerate. */
export function acuteAngle(u: Vec2, w: Vec2): number | null {
  const a = angleBetween(u, w);
  return a === null ? null : Math.min(a, 180 - a);
}

/** `∠(P, V, Q)`: unsigned angle at vertex `V` between rays V→P and V→Q, degrees in [0, 180]. */
export function vertexAngle(p: Vec2, v: Vec2, q: Vec2): number | null {
  return angleBetween(sub(p, v), sub(q, v));
}
