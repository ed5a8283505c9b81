import type { Construction, MeasurementDefinition, MeasurementUnit, Norm, NormCheck, PointRef, VectorRef } from './types.ts';

// Small constructors so the analysis tables read like the reference's formulas.

/** Directed vector `from → to`. */
export const vec = (from: PointRef, to: PointRef): VectorRef => ({ from, to });
/** Midpoint of two points. */
export const mid = (a: PointRef, b: PointRef): PointRef => ({ mid: [a, b] });
/** Most protrusive of several points as seen from `from` (see `PointRef`). */
export const mostProtrusive = (from: PointRef, ...points: PointRef[]): PointRef => ({ mostProtrusive: points, from });
/** ∠(a, vertex, b), degrees. */
export const vertexAngle = (a: PointRef, vertex: PointRef, b: PointRef): Construction => ({ kind: 'vertex-angle', a, vertex, b });
/** ang(u, w), degrees in [0, 180]. */
export const angle = (u: VectorRef, w: VectorRef): Construction => ({ kind: 'angle', u, w });
/** sang(u, w), degrees, + counter-clockwise in the patient frame. */
export const signedAngle = (u: VectorRef, w: VectorRef): Construction => ({ kind: 'signed-angle', u, w });
/** acute(u, w), degrees in [0, 90]. */
export const acute = (u: VectorRef, w: VectorRef): Construction => ({ kind: 'acute-angle', u, w });
/** dist(a, b), length. */
export const distance = (a: PointRef, b: PointRef): Construction => ({ kind: 'distance', a, b });
/** sd(point; line), length. */
export const sd = (point: PointRef, line: VectorRef): Construction => ({ kind: 'signed-distance', point, line });
/** along(to − from; û(direction)), length. */
export const along = (from: PointRef, to: PointRef, direction: VectorRef): Construction => ({
  kind: 'projection',
  from,
  to,
  direction,
  perpendicular: false,
});
/** along(to − from; û(direction) rotated +90°), length (superior component when `direction` points anterior). */
export const alongPerpendicular = (from: PointRef, to: PointRef, direction: VectorRef): Construction => ({
  kind: 'projection',
  from,
  to,
  direction,
  perpendicular: true,
});
/** factor · numerator / denominator. */
export const ratio = (numerator: Construction, denominator: Construction, factor = 1): Construction => ({
  kind: 'ratio',
  numerator,
  denominator,
  factor,
});
/** constant + Σ coefficient · term. */
export const linear = (terms: [number, Construction][], constant = 0): Construction => ({
  kind: 'linear',
  terms: terms.map(([coefficient, of]) => ({ coefficient, of })),
  constant,
});
/** |magnitude| signed by the side of `point` (relative to `relativeTo`) w.r.t. `line`. */
export const signedBySide = (
  magnitude: Construction,
  point: PointRef,
  line: VectorRef,
  relativeTo: PointRef | null = null,
): Construction => ({
  kind: 'signed-by-side',
  magnitude,
  point,
  relativeTo,
  line,
});

/** Norm with mean ± SD (and optional range). */
export function norm(
  mean: number,
  sd: number | null,
  source: string,
  check: NormCheck,
  extra: Partial<Pick<Norm, 'range' | 'note' | 'bySex'>> = {},
): Norm {
  return {
    mean,
    sd,
    range: extra.range ?? null,
    source,
    check,
    ...(extra.bySex ? { bySex: extra.bySex } : {}),
    ...(extra.note ? { note: extra.note } : {}),
  };
}

// Reference lines used by many analyses (directions per reference §5.3).
/** Frankfort horizontal, Po → Or (posterior → anterior). */
export const FH: VectorRef = vec('Po', 'Or');
/** SN, S → N. */
export const SN: VectorRef = vec('S', 'N');
/** Palatal plane, PNS → ANS. */
export const PP: VectorRef = vec('PNS', 'ANS');
/** Mandibular plane Go → Me. */
export const MP: VectorRef = vec('Go', 'Me');
/** Facial plane N → Pog (superior → inferior). */
export const FACIAL: VectorRef = vec('N', 'Pog');
/** Dental plane A → Pog. */
export const APOG: VectorRef = vec('A', 'Pog');
/** Functional occlusal plane (Jacobson): mid(U6, L6) → mid(UPM, LPM), posterior → anterior. Needs premolars. */
export const FOP: VectorRef = vec(mid('U6', 'L6'), mid('UPM', 'LPM'));
/** Bisected occlusal plane (Downs): mid(U6, L6) → mid(U1, L1), posterior → anterior. */
export const BOP: VectorRef = vec(mid('U6', 'L6'), mid('U1', 'L1'));
/** E-line (Ricketts), Prn → Pog′. */
export const E_LINE: VectorRef = vec('Prn', 'stPog');
/** H-line (Holdaway), Ls → Pog′. */
export const H_LINE: VectorRef = vec('Ls', 'stPog');
/** Upper incisor axis, apex → tip. */
export const U1_AXIS: VectorRef = vec('U1A', 'U1');
/** Lower incisor axis, apex → tip. */
export const L1_AXIS: VectorRef = vec('L1A', 'L1');

/** Build a measurement definition (positional, to keep the tables compact). */
export function measurement(
  id: string,
  name: string,
  unit: MeasurementUnit,
  construction: Construction,
  normValue: Norm | null,
  increased: string,
  decreased: string,
  note?: string,
): MeasurementDefinition {
  return { id, name, unit, construction, norm: normValue, increased, decreased, ...(note ? { note } : {}) };
}
