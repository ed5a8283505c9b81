import type { MeasurementUnit, NormStat, ReportedUnit } from '@ceppro/ceph';

/**
 * Display formatting of the analysis table (docs/cephalometrics.md §5.6: full precision inside, rounded only
 * for display — angles and distances to 0.1, ratios to 0.01).
 */

const SYMBOL: Record<ReportedUnit, string> = { deg: '°', mm: ' mm', px: ' px', ratio: '', '%': '%' };

function digits(unit: ReportedUnit): number {
  return unit === 'ratio' ? 2 : 1;
}

/** `82.3°`, `4.1 mm`, `−1.6 mm` (typographic minus), `41.0 px`, `0.62`, `63.5%`. A value that rounds to zero has no sign. */
export function formatValue(value: number, unit: ReportedUnit): string {
  const text = value.toFixed(digits(unit));
  const unsigned = text.replace(/^-/, '');
  const sign = text.startsWith('-') && /[1-9]/.test(unsigned) ? '−' : '';
  return `${sign}${unsigned}${SYMBOL[unit]}`;
}

function plain(n: number, unit: ReportedUnit): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(digits(unit));
}

/** `82 ± 2°`, `(76–77)°` for a range-only norm, `76.5°` for a bare ideal; null without a norm. */
export function formatNorm(norm: NormStat | null, unit: MeasurementUnit): string | null {
  if (norm === null) return null;
  const symbol = SYMBOL[unit];
  if (norm.sd !== null) return `${plain(norm.mean, unit)} ± ${plain(norm.sd, unit)}${symbol}`;
  if (norm.range !== null) return `${plain(norm.range[0], unit)}–${plain(norm.range[1], unit)}${symbol}`;
  return `${plain(norm.mean, unit)}${symbol}`;
}

/** A z-score in SD units, `+1.25` / `−0.40` (typographic minus; the column header names the unit). */
export function formatZ(z: number): string {
  const text = Math.abs(z).toFixed(2);
  if (text === '0.00') return text;
  return `${z > 0 ? '+' : '−'}${text}`;
}

/** Percentile as whole percent (`P93`), `P<1` / `P>99` at the tails; input is a fraction in [0, 1]. */
export function formatPercentile(fraction: number): string {
  const p = fraction * 100;
  if (p < 1) return 'P<1';
  if (p > 99) return 'P>99';
  return `P${Math.round(p)}`;
}
