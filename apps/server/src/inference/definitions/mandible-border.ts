import {
  bridgingTangent,
  constructGonion,
  dist,
  dot,
  type FittedLine,
  perp,
  robustFitLine,
  scale,
  sub,
  unit,
  type Vec2,
} from '@ceppro/ceph';
import type { GreyImage } from '../patches.ts';
import { strongestFall } from './grey-grid.ts';

/**
 * Constructed gonion from the film: the posterior ramus border and the lower mandibular border are read
 * as the strongest bone-to-soft-tissue step along normals of the detected Ar→Go and Go→Me lines, a robust
 * line is fitted to each and moved out to touch the border (the tangent), and the tangents are intersected.
 * The angle contour is then read along the bisector from the intersection into the bone. Lengths are
 * fractions of |S−N| so the search is the same on every device and resolution.
 */
export interface GonionParams {
  /** Stations along Ar→Go (fraction from Ar) and along Go→Me (fraction from Go) where the border is read. */
  readonly ramusSpan: readonly [number, number];
  readonly borderSpan: readonly [number, number];
  readonly stations: number;
  /** The border is searched from `searchInside` inside the detected line to `searchOutside` outside it (fractions of S-N). */
  readonly searchInside: number;
  readonly searchOutside: number;
  /** Border points farther than this (fraction of S-N) from the robust line are dropped before the tangent. */
  readonly outlierTolerance: number;
  /** Weakest step (mean grey-level fall over ±1% of S-N, see strongestFall) that counts as a border. */
  readonly minFall: number;
  /** Fewest border points (after outlier removal) a tangent needs. */
  readonly minPoints: number;
  /** Accepted angle between the tangents (degrees): a gonial angle. */
  readonly angleRange: readonly [number, number];
  /** The contour is searched on the bisector within this distance (fraction of S-N) of the detected gonion's projection. */
  readonly contourWindow: number;
  /** The intersection must lie this close to the detected gonion (fraction of S-N). */
  readonly maxShift: number;
}

export const GONION_PARAMS: GonionParams = {
  ramusSpan: [0.25, 0.8],
  borderSpan: [0.15, 0.65],
  stations: 12,
  searchInside: 0.03,
  searchOutside: 0.08,
  outlierTolerance: 0.02,
  minFall: 4,
  minPoints: 6,
  angleRange: [95, 160],
  maxShift: 0.15,
  contourWindow: 0.03,
};

export interface GonionFromFilm {
  readonly ramus: FittedLine;
  readonly lowerBorder: FittedLine;
  /** Tangents' intersection (image px); outside the bone. */
  readonly intersection: Vec2;
  /** Where the bisector meets the angle contour (image px). */
  readonly onContour: Vec2;
  /** False when no contour step was found near the bisector and `onContour` is the detected gonion's projection on it. */
  readonly contourEdge: boolean;
  /** The border points each tangent was fitted to (kept after outlier removal), for drawing. */
  readonly ramusPoints: readonly Vec2[];
  readonly borderPoints: readonly Vec2[];
}

/** Border points along a detected line: one per station where a strong enough step is found. */
function borderPoints(
  img: GreyImage,
  a: Vec2,
  b: Vec2,
  outward: Vec2,
  span: readonly [number, number],
  sn: number,
  p: GonionParams,
): Vec2[] {
  const pts: Vec2[] = [];
  const step = sn / 400;
  const inside = p.searchInside * sn;
  const count = Math.round(((p.searchInside + p.searchOutside) * sn) / step) + 1;
  const half = Math.max(2, Math.round(sn / 100 / step)); // derivative over ±1% of S-N
  for (let s = 0; s < p.stations; s++) {
    const t = span[0] + ((span[1] - span[0]) * s) / (p.stations - 1);
    const on = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    const from = { x: on.x - outward.x * inside, y: on.y - outward.y * inside };
    const edge = strongestFall(img, from, outward, step, count, half);
    if (edge !== null && edge.fall >= p.minFall) pts.push(edge.at);
  }
  return pts;
}

function angleDeg(u: Vec2, w: Vec2): number {
  return (Math.acos(Math.max(-1, Math.min(1, dot(u, w) / (Math.hypot(u.x, u.y) * Math.hypot(w.x, w.y))))) * 180) / Math.PI;
}

/**
 * Tangents, intersection and bisector-contour point near the detected gonion, in image px; `null` when a
 * border is not found, the tangents make no plausible gonial angle, or the intersection is far from `go`.
 */
export function findConstructedGonion(
  img: GreyImage,
  pts: { readonly ar: Vec2; readonly go: Vec2; readonly me: Vec2 },
  sn: number,
  p: GonionParams = GONION_PARAMS,
): GonionFromFilm | null {
  const { ar, go, me } = pts;
  const ramusDir = unit(sub(go, ar));
  const borderDir = unit(sub(me, go));
  if (ramusDir === null || borderDir === null || !(sn > 0)) return null;
  // Outward = away from the mandible: behind the ramus (away from Me), below the lower border (away from Ar).
  let back = perp(ramusDir);
  if (dot(back, sub(me, go)) > 0) back = scale(back, -1);
  let down = perp(borderDir);
  if (dot(down, sub(ar, go)) > 0) down = scale(down, -1);
  const tol = { minTolerance: p.outlierTolerance * sn, minPoints: p.minPoints };
  const ramusFit = robustFitLine(borderPoints(img, ar, go, back, p.ramusSpan, sn, p), tol);
  const borderFit = robustFitLine(borderPoints(img, go, me, down, p.borderSpan, sn, p), tol);
  if (ramusFit === null || borderFit === null) return null;
  const ramus = bridgingTangent(ramusFit.inliers, ramusFit.line.direction, back);
  const lowerBorder = bridgingTangent(borderFit.inliers, borderFit.line.direction, down);
  if (ramus === null || lowerBorder === null) return null;
  const built = constructGonion(ramus, lowerBorder, ar, me);
  if (built === null) return null;
  const toAr = sub(ar, built.intersection);
  const toMe = sub(me, built.intersection);
  const angle = angleDeg(
    dot(ramus.direction, toAr) >= 0 ? ramus.direction : scale(ramus.direction, -1),
    dot(lowerBorder.direction, toMe) >= 0 ? lowerBorder.direction : scale(lowerBorder.direction, -1),
  );
  if (angle < p.angleRange[0] || angle > p.angleRange[1]) return null;
  if (dist(built.intersection, go) > p.maxShift * sn) return null;
  const contour = contourOnBisector(img, built.intersection, built.bisector, go, sn, p);
  return {
    ramus,
    lowerBorder,
    intersection: built.intersection,
    onContour: contour.at,
    contourEdge: contour.edge,
    ramusPoints: ramusFit.inliers,
    borderPoints: borderFit.inliers,
  };
}

/**
 * Angle contour on the bisector. The detected gonion lies on the contour, and there the contour runs
 * across the bisector, so the contour crosses the bisector near the detected gonion's projection onto
 * it: the strongest dark-to-bright step within ±`contourWindow`·|S−N| of that projection is taken;
 * without one, the projection itself.
 */
function contourOnBisector(img: GreyImage, x: Vec2, bisector: Vec2, go: Vec2, sn: number, p: GonionParams): { at: Vec2; edge: boolean } {
  const along = dot(sub(go, x), bisector);
  const foot = { x: x.x + bisector.x * along, y: x.y + bisector.y * along };
  const step = sn / 400;
  const w = p.contourWindow * sn;
  const half = Math.max(2, Math.round(sn / 100 / step));
  // Read from the inner end outward so that leaving the bone is a fall.
  const inner = { x: foot.x + bisector.x * w, y: foot.y + bisector.y * w };
  const edge = strongestFall(img, inner, scale(bisector, -1), step, Math.round((2 * w) / step) + 1, half);
  return edge !== null && edge.fall >= p.minFall ? { at: edge.at, edge: true } : { at: foot, edge: false };
}
