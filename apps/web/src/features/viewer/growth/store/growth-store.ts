import { create } from 'zustand';

/** The user's growth-forecast choice for one chart. */
export interface GrowthChoice {
  /** Whole years ahead, 1..6. */
  readonly years: number;
  /** Whether the forecast tracing is drawn over the film while the tab is open. */
  readonly shown: boolean;
}

export const DEFAULT_GROWTH_CHOICE: GrowthChoice = { years: 2, shown: true };

/**
 * Viewer state: the choice per chart (by chart uuid) for this browser session. Deliberately not stored
 * in the chart's documents: the forecast is recomputed from the landmarks and the patient's age, and
 * the documents' save plumbing is being reworked (issue 28), so nothing here is saved yet.
 */
interface GrowthState {
  choices: Readonly<Record<string, GrowthChoice>>;
  setChoice: (chartUuid: string, patch: Partial<GrowthChoice>) => void;
}

export const useGrowthStore = create<GrowthState>()((set) => ({
  choices: {},
  setChoice: (chartUuid, patch) =>
    set((s) => ({ choices: { ...s.choices, [chartUuid]: { ...(s.choices[chartUuid] ?? DEFAULT_GROWTH_CHOICE), ...patch } } })),
}));
