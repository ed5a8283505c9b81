/**
 * Landmark-detection accuracy metrics (docs/cephalometrics.md §7.1): pooled MRE, SD and SDR; and
 * how well a confidence ranks the errors (AUROC, recall among the least confident).
 */
export const SDR_THRESHOLDS_MM = [2, 2.5, 3, 4] as const;

export interface AccuracySummary {
  n: number;
  mre_mm: number;
  sd_mm: number;
  /** Percent of errors <= threshold, keyed "2", "2.5", "3", "4". */
  sdr: Record<string, number>;
}

/** Summarise radial errors in mm (NaN-free). Population SD, as published tables use. */
export function summarise(errors: readonly number[]): AccuracySummary {
  const n = errors.length;
  const mean = n ? errors.reduce((a, b) => a + b, 0) / n : NaN;
  const sd = n ? Math.sqrt(errors.reduce((a, e) => a + (e - mean) ** 2, 0) / n) : NaN;
  const sdr: Record<string, number> = {};
  for (const t of SDR_THRESHOLDS_MM) sdr[String(t)] = n ? (100 * errors.filter((e) => e <= t).length) / n : NaN;
  return { n, mre_mm: mean, sd_mm: sd, sdr };
}

/** Percentile by linear interpolation between closest ranks (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const r = (p / 100) * (s.length - 1);
  const lo = Math.floor(r);
  const hi = Math.ceil(r);
  return s[lo]! + (s[hi]! - s[lo]!) * (r - lo);
}

/**
 * Area under the ROC curve of `score` as a detector of `positive`: the probability that a positive
 * scores higher than a negative, ties counting half (Mann-Whitney, by average ranks). NaN when
 * either class is empty.
 */
export function auroc(samples: readonly { score: number; positive: boolean }[]): number {
  const s = [...samples].sort((a, b) => a.score - b.score);
  const nPos = s.filter((x) => x.positive).length;
  const nNeg = s.length - nPos;
  if (!nPos || !nNeg) return NaN;
  let rankSum = 0;
  for (let i = 0; i < s.length; ) {
    let j = i;
    while (j < s.length && s[j]!.score === s[i]!.score) j++;
    const avgRank = (i + 1 + j) / 2;
    for (let t = i; t < j; t++) if (s[t]!.positive) rankSum += avgRank;
    i = j;
  }
  return (rankSum - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}

/**
 * Weight (0..1) of each sample in the `share` least confident of all: points are ranked by
 * confidence, the lowest share x n taken; a tie at the cut and a fractional point count in
 * proportion, so the figure depends on neither the order of ties nor a rounding rule.
 */
export function leastConfidentWeights(confidences: readonly number[], share: number): number[] {
  const order = confidences.map((c, i) => ({ c, i })).sort((a, b) => a.c - b.c);
  const weights = new Array<number>(confidences.length).fill(0);
  let budget = share * confidences.length;
  for (let a = 0; a < order.length && budget > 0; ) {
    let b = a;
    while (b < order.length && order[b]!.c === order[a]!.c) b++;
    const take = Math.min(budget, b - a);
    for (let t = a; t < b; t++) weights[order[t]!.i] = take / (b - a);
    budget -= take;
    a = b;
  }
  return weights;
}
