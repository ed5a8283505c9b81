import { similarityAffine, type Affine2 } from '../geometry/affine.ts';
import type { Vec2 } from '../geometry/units.ts';
import { applyAffine } from '../geometry/affine.ts';
import { dist } from '../geometry/vec.ts';

/** A least-squares fit of `source` onto `target` (both in the same space and unit). */
export interface SimilarityFit {
  /** Maps source-space points into target space. */
  readonly transform: Affine2;
  readonly scale: number;
  /** Radians, counter-clockwise in a y-up frame. */
  readonly rotation: number;
  /** Distance of each transformed source point from its target (target units). */
  readonly residuals: readonly number[];
  /** Root-mean-square of `residuals` (target units). */
  readonly rms: number;
}

/**
 * Least-squares similarity (Umeyama/Procrustes, no reflection) mapping `source[i]` onto `target[i]`;
 * rigid (scale fixed at 1) unless `allowScale`. Needs ≥ 2 pairs and a non-degenerate source; else `null`.
 */
export function fitSimilarity(source: readonly Vec2[], target: readonly Vec2[], allowScale = false): SimilarityFit | null {
  const n = source.length;
  if (n < 2 || target.length !== n) return null;
  const mean = (ps: readonly Vec2[]): Vec2 => ({ x: ps.reduce((s, p) => s + p.x, 0) / n, y: ps.reduce((s, p) => s + p.y, 0) / n });
  const ms = mean(source);
  const mt = mean(target);
  let a = 0;
  let b = 0;
  let ss = 0;
  source.forEach((p, i) => {
    const q = target[i] as Vec2;
    const px = p.x - ms.x;
    const py = p.y - ms.y;
    const qx = q.x - mt.x;
    const qy = q.y - mt.y;
    a += px * qx + py * qy;
    b += px * qy - py * qx;
    ss += px * px + py * py;
  });
  if (ss === 0) return null;
  const rotation = Math.atan2(b, a);
  const scale = allowScale ? Math.hypot(a, b) / ss : 1;
  const c = scale * Math.cos(rotation);
  const s = scale * Math.sin(rotation);
  const transform = similarityAffine(scale, rotation, mt.x - (c * ms.x - s * ms.y), mt.y - (s * ms.x + c * ms.y));
  const residuals = source.map((p, i) => dist(applyAffine(transform, p), target[i] as Vec2));
  const rms = Math.sqrt(residuals.reduce((acc, r) => acc + r * r, 0) / n);
  return { transform, scale, rotation, residuals, rms };
}
