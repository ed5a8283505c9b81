import { solveLinearSystem } from '@ceppro/ceph';
import { procrustesMean, type Pt } from './shape-check.ts';

/*
 * Where the other landmarks say each one should be: a Gaussian model of the training films' 38-point
 * configurations (after removing position, size and rotation), conditioned on all landmarks but
 * one. A point far from that prediction, in units of how much the anatomy lets it vary there, is
 * probably misplaced: the anatomical half of the confidence (detection.ts).
 */

/** Per landmark: the conditional mean's regression on the other points and the inverse conditional covariance. */
export interface ShapeModel {
  /** Mean configuration, centred and unit-norm (the frame every film is aligned into). */
  mean: Pt[];
  /**
   * Per landmark i: W (2 rows over the other 2(K-1) coordinates, in order) and the inverse of its
   * 2x2 conditional covariance [a, b, c, d].
   */
  loo: { w: [number[], number[]]; inv: [number, number, number, number] }[];
}

/** Similarity-align `points` onto `target` using only the indices in `use`; all points are transformed. */
function alignOnto(points: readonly Pt[], target: readonly Pt[], use: readonly number[]): Pt[] {
  let mx = 0;
  let my = 0;
  let tx = 0;
  let ty = 0;
  for (const i of use) {
    mx += points[i]![0];
    my += points[i]![1];
    tx += target[i]![0];
    ty += target[i]![1];
  }
  const n = use.length;
  mx /= n;
  my /= n;
  tx /= n;
  ty /= n;
  let a = 0;
  let b = 0;
  let ss = 0;
  for (const i of use) {
    const px = points[i]![0] - mx;
    const py = points[i]![1] - my;
    const qx = target[i]![0] - tx;
    const qy = target[i]![1] - ty;
    a += px * qx + py * qy;
    b += px * qy - py * qx;
    ss += px * px + py * py;
  }
  const ca = ss > 0 ? a / ss : 1;
  const sb = ss > 0 ? b / ss : 0;
  return points.map(([x, y]) => [ca * (x - mx) - sb * (y - my) + tx, sb * (x - mx) + ca * (y - my) + ty] as Pt);
}

/**
 * Fits the model on complete training configurations (each K points, the same order). The sample
 * covariance is shrunk towards its diagonal by `shrink` (K = 38 points, 76 coordinates, from some
 * 90 films: without shrinkage the conditional covariances are near-singular).
 */
export function fitShapeModel(shapes: readonly (readonly Pt[])[], shrink = 0.1): ShapeModel {
  const mean = procrustesMean(shapes);
  const k = mean.length;
  const all = mean.map((_, i) => i);
  const vecs = shapes.map((s) => alignOnto(s, mean, all).flat());
  const d = 2 * k;
  const mu = new Array<number>(d).fill(0);
  for (const v of vecs) v.forEach((x, j) => (mu[j]! += x / vecs.length));
  const cov = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (const v of vecs)
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) cov[a]![b]! += ((v[a]! - mu[a]!) * (v[b]! - mu[b]!)) / (vecs.length - 1);
  for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) if (a !== b) cov[a]![b]! *= 1 - shrink;
  const loo = all.map((i) => {
    const own = [2 * i, 2 * i + 1];
    const other = [...Array(d).keys()].filter((j) => j !== own[0] && j !== own[1]);
    const coo = other.map((r) => other.map((c) => cov[r]![c]!));
    const w = own.map((r) => {
      const sol = solveLinearSystem(
        coo,
        other.map((c) => cov[r]![c]!),
      );
      if (!sol) throw new Error(`shape model: singular covariance for landmark ${i}`);
      return sol;
    }) as [number[], number[]];
    // Conditional covariance: C_ii - W C_oi.
    const cc = own.map((r, ri) => own.map((c) => cov[r]![c]! - w[ri]!.reduce((s, wv, j) => s + wv * cov[other[j]!]![c]!, 0)));
    const [p, q, r, s] = [cc[0]![0]!, cc[0]![1]!, cc[1]![0]!, cc[1]![1]!];
    const det = p * s - q * r;
    return { w, inv: [s / det, -q / det, -r / det, p / det] as [number, number, number, number] };
  });
  // The regressions act on deviations from the mean: fold mu in by storing mean = mu (the GPA mean equals mu up to float error).
  return { mean: all.map((i) => [mu[2 * i]!, mu[2 * i + 1]!] as Pt), loo };
}

/**
 * Per landmark, the Mahalanobis distance of the film's point from where the other landmarks put it
 * (dimensionless; about 1 for a typical film, large for a point the anatomy does not allow there).
 * `points` in any consistent pixel frame, the model's order.
 */
export function shapeSurprise(points: readonly Pt[], model: ShapeModel): number[] {
  const k = model.mean.length;
  if (points.length < k) return [];
  const pts = points.slice(0, k);
  return model.loo.map(({ w, inv }, i) => {
    const use = [...Array(k).keys()].filter((j) => j !== i);
    const v = alignOnto(pts, model.mean, use).flat();
    const dev = v.map((x, j) => x - model.mean[j >> 1]![j & 1]!);
    let px = 0;
    let py = 0;
    let j = 0;
    for (let c = 0; c < 2 * k; c++) {
      if (c >> 1 === i) continue;
      px += w[0][j]! * dev[c]!;
      py += w[1][j]! * dev[c]!;
      j++;
    }
    const rx = dev[2 * i]! - px;
    const ry = dev[2 * i + 1]! - py;
    const m = rx * (inv[0] * rx + inv[1] * ry) + ry * (inv[2] * rx + inv[3] * ry);
    return Math.sqrt(Math.max(0, m));
  });
}
