const A1 = 0.254829592;
const A2 = -0.284496736;
const A3 = 1.421413741;
const A4 = -1.453152027;
const A5 = 1.061405429;
const P = 0.3275911;

/** Beyond this many SDs the percentile is clamped to exactly 0 or 1 (docs/spec-points.md §9, reference §4.1). */
export const PERCENTILE_CLAMP_Z = 6.5;

/** Error function, Abramowitz & Stegun 7.1.26 (max abs error ≈ 1.5e-7); dimensionless. */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const ax = Math.abs(x);
  const t = 1 / (1 + P * ax);
  const poly = ((((A5 * t + A4) * t + A3) * t + A2) * t + A1) * t;
  return sign * (1 - poly * Math.exp(-ax * ax));
}

/** Standard normal CDF Φ(z) = ½·(1 + erf(z/√2)); dimensionless, in [0, 1]. */
export function normalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

/**
 * Percentile of a z-score as a FRACTION in [0, 1]: Φ(z), exactly 1 for z > 6.5, exactly 0 for
 * z < −6.5, and clamped to [0, 1] everywhere.
 */
export function percentileFromZ(z: number): number {
  if (z > PERCENTILE_CLAMP_Z) return 1;
  if (z < -PERCENTILE_CLAMP_Z) return 0;
  return Math.min(1, Math.max(0, normalCdf(z)));
}

/** `z = (value − mean) / sd` in SD units; `null` when the SD is missing, zero or negative. */
export function zScore(value: number, mean: number, sd: number | null): number | null {
  if (sd === null || !(sd > 0)) return null;
  return (value - mean) / sd;
}
