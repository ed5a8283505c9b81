/** Landmark-detection accuracy metrics (docs/cephalometrics.md §7.1): pooled MRE, SD and SDR. */
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
