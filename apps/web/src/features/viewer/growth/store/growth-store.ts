/** The user's growth-forecast choice for one chart. */
export interface GrowthChoice {
  /** Whole years ahead, 1..6. */
  readonly years: number;
  /** Whether the forecast tracing is drawn over the film while the tab is open. */
  readonly shown: boolean;
}

/**
 * The choice of a chart where none was stored. The chart's own is stored in its record
 * (`drawing_result.growth`, api/growth-choice.ts) and printed on the report's planning page.
 */
export const DEFAULT_GROWTH_CHOICE: GrowthChoice = { years: 2, shown: true };
