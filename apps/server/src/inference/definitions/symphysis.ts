import { constructedHorizontal, dist, dot, lowestPointAlong, sub, unit, type Vec2 } from '@ceppro/ceph';
import type { GreyImage } from '../patches.ts';
import { strongestFall } from './grey-grid.ts';

/**
 * Lowest menton from the film: the outline of the symphysis is read on rays from its centre D (the
 * strongest bone-to-soft-tissue step on each ray, near the radius of the detected outline points), and
 * its lowest point is taken perpendicular to the constructed horizontal SN−7°. SN−7° rather than FH:
 * S and N are the model's most reliable points, and the result must not move when a clinic switches
 * between anatomical and machine porion. Lengths are fractions of |S−N|.
 */
export interface MentonParams {
  /** Rays every `rayStepDeg`, from the direction of Pog to `pastMeDeg` beyond the direction of Me. */
  readonly rayStepDeg: number;
  readonly pastMeDeg: number;
  /** Each ray is searched from `innerShare` to `outerShare` of the larger of |D−Me|, |D−Gn|. */
  readonly innerShare: number;
  readonly outerShare: number;
  /** Weakest step (mean grey-level fall over ±0.7% of S-N, see strongestFall) that counts as the outline. */
  readonly minFall: number;
  /** Share of rays that must find the outline. */
  readonly minFound: number;
  /** The lowest point must lie this close to the detected menton (fraction of S-N). */
  readonly maxShift: number;
  /** What "lowest" is measured against: the constructed horizontal SN−7° (default) or the image rows. */
  readonly reference: 'sn7' | 'image';
}

export const MENTON_PARAMS: MentonParams = {
  rayStepDeg: 3,
  pastMeDeg: 45,
  innerShare: 0.6,
  outerShare: 1.4,
  minFall: 4,
  minFound: 0.7,
  maxShift: 0.08,
  reference: 'sn7',
};

export interface MentonFromFilm {
  readonly point: Vec2;
  /** The symphysis outline points read on the rays (image px), in ray order. */
  readonly outline: readonly Vec2[];
}

function rotateBy(v: Vec2, deg: number): Vec2 {
  const r = (deg * Math.PI) / 180;
  return { x: v.x * Math.cos(r) - v.y * Math.sin(r), y: v.x * Math.sin(r) + v.y * Math.cos(r) };
}

/** Signed angle (degrees, image frame) from u to w. */
function turn(u: Vec2, w: Vec2): number {
  return (Math.atan2(u.x * w.y - u.y * w.x, dot(u, w)) * 180) / Math.PI;
}

/**
 * Lowest point of the symphysis outline below SN−7°, in image px; `null` when the outline is not found on
 * enough rays, the lowest point is at the end of the searched arc, or it is far from the detected menton.
 */
export function findLowestMenton(
  img: GreyImage,
  pts: { readonly s: Vec2; readonly n: Vec2; readonly d: Vec2; readonly me: Vec2; readonly gn: Vec2; readonly pog: Vec2 },
  p: MentonParams = MENTON_PARAMS,
): MentonFromFilm | null {
  const sn = dist(pts.s, pts.n);
  const frame = constructedHorizontal(pts.s, pts.n);
  const toPog = unit(sub(pts.pog, pts.d));
  const toMe = unit(sub(pts.me, pts.d));
  if (frame === null || toPog === null || toMe === null || !(sn > 0)) return null;
  const sweep = turn(toPog, toMe);
  const sign = sweep >= 0 ? 1 : -1;
  const total = Math.abs(sweep) + p.pastMeDeg;
  const reach = Math.max(dist(pts.d, pts.me), dist(pts.d, pts.gn));
  const step = sn / 400;
  const from = p.innerShare * reach;
  const count = Math.round(((p.outerShare - p.innerShare) * reach) / step) + 1;
  const half = Math.max(2, Math.round(sn / 150 / step));
  const outline: Vec2[] = [];
  let rays = 0;
  for (let a = 0; a <= total; a += p.rayStepDeg) {
    rays++;
    const dir = rotateBy(toPog, sign * a);
    const edge = strongestFall(img, { x: pts.d.x + dir.x * from, y: pts.d.y + dir.y * from }, dir, step, count, half);
    if (edge !== null && edge.fall >= p.minFall) outline.push(edge.at);
  }
  if (outline.length < p.minFound * rays) return null;
  const lowest = lowestPointAlong(outline, p.reference === 'image' ? { x: 0, y: 1 } : frame.inferior);
  if (lowest === null || lowest.index === 0 || lowest.index === outline.length - 1) return null;
  if (dist(lowest.point, pts.me) > p.maxShift * sn) return null;
  return { point: lowest.point, outline };
}
