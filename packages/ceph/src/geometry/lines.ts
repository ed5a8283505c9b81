import type { Vec2 } from './units.ts';
import { add, cross, dot, norm, scale, sub, unit } from './vec.ts';

/** A directed line through `a` then `b` (same space as the points). */
export interface Line {
  readonly a: Vec2;
  readonly b: Vec2;
}

/**
 * `sd(P; A→B)`: signed perpendicular distance of `p` from the directed line A→B, in the points' units:
 * `((B−A)×(P−A)) / |B−A|`. In the patient frame (y up) a line directed superior→inferior gives
 * positive = anterior; directed posterior→anterior gives positive = superior (reference §0).
 * `null` when A = B.
 */
export function signedDistance(p: Vec2, line: Line): number | null {
  const d = sub(line.b, line.a);
  const n = norm(d);
  if (n === 0) return null;
  return cross(d, sub(p, line.a)) / n;
}

/** `along(v; u)`: scalar projection of vector `v` on the direction of `u` (units of `v`); `null` when `u` is zero. */
export function along(v: Vec2, direction: Vec2): number | null {
  const u = unit(direction);
  return u === null ? null : dot(v, u);
}

/** Foot of the perpendicular from `p` onto the line A→B (same space); `null` when A = B. */
export function projectionFoot(p: Vec2, line: Line): Vec2 | null {
  const d = sub(line.b, line.a);
  const dd = dot(d, d);
  if (dd === 0) return null;
  return add(line.a, scale(d, dot(sub(p, line.a), d) / dd));
}

/**
 * Intersection of two lines (same space). Lines whose directions satisfy `|d1×d2|/(|d1||d2|) < 1e-6`
 * are treated as parallel and give `null` (reference §5.4).
 */
export function intersectLines(l1: Line, l2: Line): Vec2 | null {
  const d1 = sub(l1.b, l1.a);
  const d2 = sub(l2.b, l2.a);
  const n1 = norm(d1);
  const n2 = norm(d2);
  if (n1 === 0 || n2 === 0) return null;
  const det = cross(d1, d2);
  if (Math.abs(det) / (n1 * n2) < 1e-6) return null;
  const s = cross(sub(l2.a, l1.a), d2) / det;
  return add(l1.a, scale(d1, s));
}

/**
 * Direction of the bisector of the angle at `vertex` between rays vertex→p and vertex→q
 * (`û1 + û2`, reference §5.4), as a unit vector; `null` when degenerate or the rays are opposite.
 */
export function bisectorDirection(p: Vec2, vertex: Vec2, q: Vec2): Vec2 | null {
  const u1 = unit(sub(p, vertex));
  const u2 = unit(sub(q, vertex));
  if (u1 === null || u2 === null) return null;
  return unit(add(u1, u2));
}
