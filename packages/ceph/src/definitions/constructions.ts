import { intersectLines, type Line } from '../geometry/lines.ts';
import type { Vec2 } from '../geometry/units.ts';
import { add, cross, dot, norm, rotate, scale, sub, unit } from '../geometry/vec.ts';

/**
 * Geometry for the alternative landmark definitions (choices.ts), on points only. Everything here works
 * in IMAGE pixels (origin top-left, y DOWN); the image-reading parts live in the server.
 */

/** SN is on average 7° steeper than FH (reference §2, "SN−7°"); ISBI 2015 ground truth: median 7.4°. */
export const SN_TO_HORIZONTAL_DEG = 7;

/** Unit directions of the constructed horizontal in image pixels: `anterior` along it, `inferior` perpendicular to it. */
export interface HorizontalFrame {
  readonly anterior: Vec2;
  readonly inferior: Vec2;
}

/**
 * The constructed horizontal SN−7° of a film, from S and N in image px: S→N rotated by 7° so that its
 * anterior end drops (towards FH). Works for left- and right-facing films (facing = sign(N.x − S.x)).
 * `inferior` is the perpendicular that points to the patient's feet. `null` when S = N.
 */
export function constructedHorizontal(s: Vec2, n: Vec2): HorizontalFrame | null {
  const sn = unit(sub(n, s));
  if (sn === null) return null;
  const facing = n.x >= s.x ? 1 : -1;
  // Patient frame: x anterior, y superior. Rotating clockwise there (−7°) lowers the anterior end.
  const pat = rotate({ x: facing * sn.x, y: -sn.y }, (-SN_TO_HORIZONTAL_DEG * Math.PI) / 180);
  const infPat = { x: pat.y, y: -pat.x };
  return {
    anterior: { x: facing * pat.x, y: -pat.y },
    inferior: { x: facing * infPat.x, y: -infPat.y },
  };
}

/** A fitted line: a point on it and its unit direction (same space as the input points). */
export interface FittedLine {
  readonly point: Vec2;
  readonly direction: Vec2;
}

/** The fitted line as a `Line` (a → a + direction) for the geometry helpers. */
export function asLine(l: FittedLine): Line {
  return { a: l.point, b: add(l.point, l.direction) };
}

/**
 * Total-least-squares line through `points` (the principal axis of their scatter), in their space.
 * The direction's sign is chosen so that it points from the first point towards the last.
 * `null` with fewer than 2 distinct points.
 */
export function fitLine(points: readonly Vec2[]): FittedLine | null {
  if (points.length < 2) return null;
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= points.length;
  my /= points.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  if (sxx + syy === 0) return null;
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  let direction: Vec2 = { x: Math.cos(theta), y: Math.sin(theta) };
  if (dot(direction, sub(points[points.length - 1]!, points[0]!)) < 0) direction = scale(direction, -1);
  return { point: { x: mx, y: my }, direction };
}

/** Perpendicular distance of `p` from a fitted line (its units). */
export function distanceToLine(p: Vec2, l: FittedLine): number {
  return Math.abs(cross(l.direction, sub(p, l.point)));
}

/**
 * `fitLine` made robust to stray points: after each fit, points farther than
 * `max(minTolerance, k × median distance)` are dropped and the line refitted (`iterations` times).
 * Returns the line and the points it kept; `null` when fewer than `minPoints` survive.
 */
export function robustFitLine(
  points: readonly Vec2[],
  options: { k?: number; minTolerance?: number; iterations?: number; minPoints?: number } = {},
): { line: FittedLine; inliers: readonly Vec2[] } | null {
  const { k = 2.5, minTolerance = 1, iterations = 3, minPoints = 3 } = options;
  let kept = points;
  let line = fitLine(kept);
  for (let i = 0; i < iterations && line !== null; i++) {
    const l = line;
    const d = kept.map((p) => distanceToLine(p, l));
    const sorted = [...d].sort((a, b) => a - b);
    const tol = Math.max(minTolerance, k * sorted[Math.floor(sorted.length / 2)]!);
    const next = kept.filter((_, j) => d[j]! <= tol);
    if (next.length === kept.length) break;
    kept = next;
    line = fitLine(kept);
  }
  if (line === null || kept.length < minPoints) return null;
  return { line, inliers: kept };
}

/**
 * The tangent (supporting line) of a point set on one side: the line with `direction` moved along
 * `outward` until it touches the outermost point, i.e. every point lies on its inner side. `outward`
 * need not be unit or exactly perpendicular; only its component normal to `direction` counts.
 * `null` for an empty set or when `outward` is parallel to `direction`.
 */
export function supportLine(points: readonly Vec2[], direction: Vec2, outward: Vec2): FittedLine | null {
  const d = unit(direction);
  if (d === null || points.length === 0) return null;
  let normal: Vec2 = { x: -d.y, y: d.x };
  const side = dot(normal, outward);
  if (Math.abs(side) < 1e-9 * Math.max(1, norm(outward))) return null;
  if (side < 0) normal = scale(normal, -1);
  let best = points[0]!;
  for (const p of points) if (dot(p, normal) > dot(best, normal)) best = p;
  return { point: best, direction: d };
}

/**
 * The tangent that bridges a border's hollow (e.g. the antegonial notch): in the frame of `direction`
 * (along) and `outward`, the edge of the point set's outer convex hull that lies over the middle of the
 * set's extent along `direction`, when that edge spans at least half the extent (a real bridge between
 * two bulges). Otherwise, and with fewer than 2 points, `supportLine` with `direction`: on a straight
 * noisy border a short hull edge would only follow the noise. Every point lies on the tangent's inner
 * side. `null` for an empty set or `outward` parallel to `direction`.
 */
export function bridgingTangent(points: readonly Vec2[], direction: Vec2, outward: Vec2): FittedLine | null {
  const support = supportLine(points, direction, outward);
  if (support === null || points.length < 2) return support;
  const d = support.direction;
  const nrm = dot({ x: -d.y, y: d.x }, outward) >= 0 ? { x: -d.y, y: d.x } : { x: d.y, y: -d.x };
  const local = points.map((p) => ({ u: dot(p, d), v: dot(p, nrm), p })).sort((a, b) => a.u - b.u || b.v - a.v);
  // Upper hull (largest v) by the monotone chain.
  const hull: typeof local = [];
  for (const q of local) {
    while (hull.length >= 2) {
      const a = hull[hull.length - 2]!;
      const b = hull[hull.length - 1]!;
      if ((b.u - a.u) * (q.v - a.v) - (b.v - a.v) * (q.u - a.u) >= 0) hull.pop();
      else break;
    }
    hull.push(q);
  }
  const mid = (local[0]!.u + local[local.length - 1]!.u) / 2;
  for (let i = 0; i + 1 < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[i + 1]!;
    if (a.u <= mid && mid <= b.u && b.u - a.u >= 0.5 * (local[local.length - 1]!.u - local[0]!.u)) {
      const dir = unit(sub(b.p, a.p));
      if (dir !== null) return { point: a.p, direction: dot(dir, d) >= 0 ? dir : scale(dir, -1) };
    }
  }
  return support;
}

/** Constructed gonion parts: the tangents' intersection and the unit bisector pointing into the angle. */
export interface GonionConstruction {
  readonly intersection: Vec2;
  readonly bisector: Vec2;
}

/**
 * Intersection of the ramus tangent and the lower-border tangent (image px), and the bisector of the angle
 * between them pointing into the bone: `û1 + û2` with û1 along the ramus tangent towards `ar` and û2
 * along the lower-border tangent towards `me` (reference §5.4). `null` for parallel tangents or a
 * degenerate angle.
 */
export function constructGonion(ramus: FittedLine, lowerBorder: FittedLine, ar: Vec2, me: Vec2): GonionConstruction | null {
  const x = intersectLines(asLine(ramus), asLine(lowerBorder));
  if (x === null) return null;
  const towards = (l: FittedLine, target: Vec2) => (dot(l.direction, sub(target, x)) >= 0 ? l.direction : scale(l.direction, -1));
  const bisector = unit(add(unit(towards(ramus, ar))!, unit(towards(lowerBorder, me))!));
  return bisector === null ? null : { intersection: x, bisector };
}

/**
 * First crossing (smallest t ≥ 0) of the ray `origin + t·direction` with the open polyline `contour`,
 * in the contour's space; `null` when the ray misses it.
 */
export function rayPolylineIntersection(origin: Vec2, direction: Vec2, contour: readonly Vec2[]): Vec2 | null {
  let bestT = Infinity;
  for (let i = 0; i + 1 < contour.length; i++) {
    const a = contour[i]!;
    const e = sub(contour[i + 1]!, a);
    const det = cross(direction, e);
    if (det === 0) continue;
    const ao = sub(a, origin);
    const t = cross(ao, e) / det;
    const u = cross(ao, direction) / det;
    if (t >= 0 && u >= 0 && u <= 1 && t < bestT) bestT = t;
  }
  return bestT === Infinity ? null : add(origin, scale(direction, bestT));
}

/**
 * Lowest point of an ordered contour along `down` (any length; its direction is what counts): the vertex
 * with the largest projection on `down`, refined by a parabola through it and its two neighbours
 * (the returned point lies on the contour between them). Ties keep the first vertex. `null` for an empty
 * contour or a zero `down`.
 */
export function lowestPointAlong(contour: readonly Vec2[], down: Vec2): { point: Vec2; index: number } | null {
  const d = unit(down);
  if (d === null || contour.length === 0) return null;
  const h = contour.map((p) => dot(p, d));
  let i = 0;
  for (let j = 1; j < h.length; j++) if (h[j]! > h[i]!) i = j;
  const p = contour[i]!;
  if (i === 0 || i === contour.length - 1) return { point: p, index: i };
  const denom = h[i - 1]! - 2 * h[i]! + h[i + 1]!;
  const off = denom < 0 ? (0.5 * (h[i - 1]! - h[i + 1]!)) / denom : 0; // in (−0.5, 0.5)
  const q = off < 0 ? contour[i - 1]! : contour[i + 1]!;
  return { point: add(p, scale(sub(q, p), Math.abs(off))), index: i };
}
