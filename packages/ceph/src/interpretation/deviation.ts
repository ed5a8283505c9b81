import type { MeasurementResult } from '../analyses/evaluate.ts';
import type { MeasurementDefinition, NormStat } from '../analyses/types.ts';
import { percentileFromZ, zScore } from './normal.ts';

/** Severity band of |z| (reference §4.2; a software convention, not a standard). */
export type Severity = 'within' | 'mild' | 'moderate' | 'severe';

/** Severity of a z-score: |z| ≤ 1 within, ≤ 2 mild, ≤ 3 moderate, > 3 severe. */
export function severityOf(z: number): Severity {
  const a = Math.abs(z);
  if (a <= 1) return 'within';
  if (a <= 2) return 'mild';
  if (a <= 3) return 'moderate';
  return 'severe';
}

/** Label for a z-score: "within norm", "mildly increased", "severely decreased", ... */
export function deviationLabel(z: number): string {
  const s = severityOf(z);
  if (s === 'within') return 'within norm';
  const adverb = s === 'mild' ? 'mildly' : s === 'moderate' ? 'moderately' : 'severely';
  return `${adverb} ${z > 0 ? 'increased' : 'decreased'}`;
}

/** Where a value lies relative to a range-only norm. */
export type RangeStatus = 'below' | 'inside' | 'above';

/** Position of `value` relative to `[lo, hi]` (inclusive), same unit as the range. */
export function rangeStatus(value: number, range: readonly [number, number]): RangeStatus {
  return value < range[0] ? 'below' : value > range[1] ? 'above' : 'inside';
}

/** Interpretation of one measurement result against its norm. */
export interface Interpretation {
  readonly id: string;
  /** SD units; `null` without an SD, without a value, or for an uncalibrated length. */
  readonly z: number | null;
  /** Fraction in [0, 1] (clamped beyond ±6.5 SD); `null` when `z` is null. */
  readonly percentile: number | null;
  readonly severity: Severity | null;
  readonly label: string | null;
  /** Clinical words for the direction ("prognathic maxilla"), `null` when within norm or unknown. */
  readonly words: string | null;
  readonly range: RangeStatus | null;
}

/** Patient sex for sex-specific norms (Wits). */
export type Sex = 'female' | 'male';

/** The statistic to compare against: the sex-specific one when known and available, else the main one. */
export function normFor(def: MeasurementDefinition, sex?: Sex): NormStat | null {
  if (def.norm === null) return null;
  return sex !== undefined && def.norm.bySex !== undefined ? def.norm.bySex[sex] : def.norm;
}

/**
 * Compare a measurement result with its norm (same unit as the definition). Uncalibrated lengths get no
 * z-score: mm norms are refused for px values (reference §5.5 item 4).
 */
export function interpretMeasurement(def: MeasurementDefinition, result: MeasurementResult, sex?: Sex): Interpretation {
  const empty: Interpretation = { id: def.id, z: null, percentile: null, severity: null, label: null, words: null, range: null };
  const stat = normFor(def, sex);
  if (result.status !== 'ok' || stat === null || result.uncalibrated) return empty;
  const range = stat.range === null ? null : rangeStatus(result.value, stat.range);
  const z = zScore(result.value, stat.mean, stat.sd);
  if (z === null) {
    const words = range === 'above' ? def.increased : range === 'below' ? def.decreased : null;
    return { ...empty, range, words };
  }
  const severity = severityOf(z);
  const words = severity === 'within' ? null : z > 0 ? def.increased : def.decreased;
  return { id: def.id, z, percentile: percentileFromZ(z), severity, label: deviationLabel(z), words, range };
}
