import type { Vec2 } from './units.ts';

/** Vector from `p` to `q` (`q − p`), in whatever units/space the inputs share. */
export function sub(q: Vec2, p: Vec2): Vec2 {
  return { x: q.x - p.x, y: q.y - p.y };
}

/** Component-wise sum `a + b` (same units/space as the inputs). */
export function add(a: Vec2, b: Vec2): Vec2 {
  return { x: a.x + b.x, y: a.y + b.y };
}

/** `v · k` (same space as `v`, units scaled by the dimensionless `k`). */
export function scale(v: Vec2, k: number): Vec2 {
  return { x: v.x * k, y: v.y * k };
}

/** Dot product `u·w` (units²). */
export function dot(u: Vec2, w: Vec2): number {
  return u.x * w.x + u.y * w.y;
}

/** 2-D cross product `u×w = u.x·w.y − u.y·w.x` (units²); positive when `w` is counter-clockwise from `u` in a y-up frame. */
export function cross(u: Vec2, w: Vec2): number {
  return u.x * w.y - u.y * w.x;
}

/** Euclidean length `|v|` (same units as `v`). */
export function norm(v: Vec2): number {
  return Math.hypot(v.x, v.y);
}

/** Euclidean distance between two points of the same space (their units). */
export function dist(p: Vec2, q: Vec2): number {
  return Math.hypot(q.x - p.x, q.y - p.y);
}

/** Unit vector along `v`, or `null` when `v` has zero length (dimensionless). */
export function unit(v: Vec2): Vec2 | null {
  const n = norm(v);
  return n === 0 || !Number.isFinite(n) ? null : { x: v.x / n, y: v.y / n };
}

/** Midpoint of `p` and `q` (same space). */
export function midpoint(p: Vec2, q: Vec2): Vec2 {
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}

/** `v` rotated +90° (counter-clockwise in a y-up frame): `(−y, x)`. */
export function perp(v: Vec2): Vec2 {
  return { x: -v.y, y: v.x };
}

/** Rotate `v` by `radians` counter-clockwise in a y-up frame. */
export function rotate(v: Vec2, radians: number): Vec2 {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  return { x: c * v.x - s * v.y, y: s * v.x + c * v.y };
}
