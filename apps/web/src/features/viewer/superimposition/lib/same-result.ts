import type { SuperimpositionResultSummary } from '@ceppro/contract';

/** Two results with the same content (the time they were computed aside): no need to store again. */
export function sameResult(a: SuperimpositionResultSummary | null, b: SuperimpositionResultSummary | null): boolean {
  if (a === null || b === null) return a === b;
  const strip = ({ computed_at: _at, ...rest }: SuperimpositionResultSummary) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}
