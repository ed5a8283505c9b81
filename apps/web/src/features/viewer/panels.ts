import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { create } from 'zustand';
import { createOrderedRegistry, useOrderedRegistry, type OrderedEntry } from './lib/ordered-registry.ts';

/**
 * The side panel's tabs. The viewer registers "Landmarks" (order 100); the analysis feature
 * registers "Analysis" and the report feature "Report" from their own folders at import time.
 * Switching tabs is where the landmark autosave runs (spec: positions save when the adjustment menu
 * is left), see `hooks/use-landmark-autosave.ts`.
 */
export interface ViewerPanelProps {
  /** The chart's analysis record id; null before detection produced one. */
  readonly recordId: number | null;
}

export interface ViewerPanel extends OrderedEntry {
  /** i18n key of the tab label (all five languages). */
  readonly labelKey: ParseKeys;
  readonly Component: ComponentType<ViewerPanelProps>;
}

export const LANDMARKS_PANEL_ID = 'landmarks';

const panels = createOrderedRegistry<ViewerPanel>();

export function registerViewerPanel(panel: ViewerPanel): () => void {
  return panels.register(panel);
}

export function useViewerPanels(): readonly ViewerPanel[] {
  return useOrderedRegistry(panels);
}

export function viewerPanels(): readonly ViewerPanel[] {
  return panels.list();
}

/** Which tab is open (UI state). Starts on Landmarks: adjusting is the first thing done on a film. */
interface PanelState {
  active: string;
  setActive: (id: string) => void;
}

export const usePanelStore = create<PanelState>()((set) => ({
  active: LANDMARKS_PANEL_ID,
  setActive: (active) => set({ active }),
}));
