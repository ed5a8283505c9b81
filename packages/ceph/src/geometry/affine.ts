import type { Vec2 } from './units.ts';

/**
 * A 2-D affine map `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`. Spaces and units are those of the
 * caller (documented where a transform is produced); similarity transforms are the case
 * `a = d = s·cosθ`, `b = −c = s·sinθ` (optionally with a reflection).
 */
export interface Affine2 {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly tx: number;
  readonly ty: number;
}

/** The identity map. */
export const IDENTITY_AFFINE: Affine2 = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

/** Apply `t` to a point (output in the transform's target space). */
export function applyAffine(t: Affine2, p: Vec2): Vec2 {
  return { x: t.a * p.x + t.c * p.y + t.tx, y: t.b * p.x + t.d * p.y + t.ty };
}

/** Apply only the linear part of `t` to a vector (no translation). */
export function applyAffineToVector(t: Affine2, v: Vec2): Vec2 {
  return { x: t.a * v.x + t.c * v.y, y: t.b * v.x + t.d * v.y };
}

/** `outer ∘ inner`: first `inner`, then `outer`. */
export function composeAffine(outer: Affine2, inner: Affine2): Affine2 {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    tx: outer.a * inner.tx + outer.c * inner.ty + outer.tx,
    ty: outer.b * inner.tx + outer.d * inner.ty + outer.ty,
  };
}

/** Inverse of `t`, or `null` when `t` is singular. */
export function invertAffine(t: Affine2): Affine2 | null {
  const det = t.a * t.d - t.b * t.c;
  if (det === 0 || !Number.isFinite(det)) return null;
  const a = t.d / det;
  const b = -t.b / det;
  const c = -t.c / det;
  const d = t.a / det;
  return { a, b, c, d, tx: -(a * t.tx + c * t.ty), ty: -(b * t.tx + d * t.ty) };
}

/**
 * Similarity `p ↦ s·R(θ)·p + (tx, ty)` (θ in radians, counter-clockwise in a y-up frame).
 */
export function similarityAffine(scaleFactor: number, rotationRad: number, tx: number, ty: number): Affine2 {
  const cs = scaleFactor * Math.cos(rotationRad);
  const sn = scaleFactor * Math.sin(rotationRad);
  return { a: cs, b: sn, c: -sn, d: cs, tx, ty };
}

/** Uniform scale factor of a similarity (`sqrt(|det|)`), unitless. */
export function affineScale(t: Affine2): number {
  return Math.sqrt(Math.abs(t.a * t.d - t.b * t.c));
}

/** Rotation angle of a similarity, radians (counter-clockwise, y-up frame). */
export function affineRotation(t: Affine2): number {
  return Math.atan2(t.b, t.a);
}
