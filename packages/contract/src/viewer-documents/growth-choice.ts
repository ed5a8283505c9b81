import { GROWTH_MAX_YEARS } from '@ceppro/ceph';
import { z } from 'zod';

/**
 * The user's growth-forecast choice for one chart (the viewer's Growth tab, packages/ceph growth/): how
 * many years ahead, and whether the forecast tracing is drawn. Stored under the `growth` key of the
 * analysis record's `drawing_result` (the document the viewer's per-chart choices share, each feature
 * merging only its key) and printed on the report's planning page with the method and its uncertainty.
 *
 * Version 1. A record without a `growth` key, or with one this version cannot read, has no choice:
 * the viewer shows its default and the report prints no growth forecast.
 */
export const GROWTH_CHOICE_KEY = 'growth';

export const growthChoiceSchema = z.object({
  version: z.literal(1),
  years: z.number().int().min(1).max(GROWTH_MAX_YEARS),
  shown: z.boolean(),
});
export type GrowthChoiceDocument = z.infer<typeof growthChoiceSchema>;

/** The chart's choice stored in a `drawing_result` (any value); null when absent or unreadable. */
export function readGrowthChoice(drawingResult: unknown): { years: number; shown: boolean } | null {
  if (typeof drawingResult !== 'object' || drawingResult === null) return null;
  const parsed = growthChoiceSchema.safeParse((drawingResult as Record<string, unknown>)[GROWTH_CHOICE_KEY]);
  return parsed.success ? { years: parsed.data.years, shown: parsed.data.shown } : null;
}

/** The `merge_drawing_result` patch that stores `choice` (only the `growth` key; the others stay). */
export function growthChoicePatch(choice: { years: number; shown: boolean }): { growth: GrowthChoiceDocument } {
  return { [GROWTH_CHOICE_KEY]: { version: 1, years: choice.years, shown: choice.shown } } as { growth: GrowthChoiceDocument };
}
