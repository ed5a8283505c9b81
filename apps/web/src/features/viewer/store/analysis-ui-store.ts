import { create } from 'zustand';

/**
 * The analysis panel's UI state: the chosen analysis (null = not chosen yet, so the user's default
 * applies) and the measurement whose construction is highlighted on the film. Kept outside the
 * panel so the overlay layer can read the highlight without the panel re-rendering the stage.
 */
interface AnalysisUiState {
  selectedKey: string | null;
  hoveredId: string | null;
  select: (key: string) => void;
  hover: (id: string | null) => void;
  reset: () => void;
}

export const useAnalysisUiStore = create<AnalysisUiState>()((set) => ({
  selectedKey: null,
  hoveredId: null,
  select: (selectedKey) => set({ selectedKey }),
  hover: (hoveredId) => set({ hoveredId }),
  reset: () => set({ selectedKey: null, hoveredId: null }),
}));
