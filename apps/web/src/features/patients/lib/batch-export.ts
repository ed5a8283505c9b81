import type { ExportFormat } from '@ceppro/contract';

/** The local calendar day as YYYY-MM-DD (file names follow the user's day, not UTC's). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const batchExportName = (date: Date, format: ExportFormat) => `ceppro-measurements-${localDay(date)}.${format}`;

/** Whole percent of `done` over `total`, 0..100; null when there is nothing to count. */
export function percentOf(done: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 100)));
}
