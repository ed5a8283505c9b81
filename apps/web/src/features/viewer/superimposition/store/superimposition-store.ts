import type { SuperimpositionResultSummary } from '@ceppro/contract';
import { create } from 'zustand';

/**
 * What the Superimposition tab shows over the film (viewer UI state): the superimposition in the
 * current film's pixels, and how the other films are blended under it. The tab fills it while it is
 * open and clears it when it closes; the overlay layers only read it.
 */
interface SuperimpositionView {
  shown: SuperimpositionResultSummary | null;
  /** The current chart's chart_id: its own film is the one under the overlay, never blended twice. */
  frameChartId: string | null;
  blending: boolean;
  opacity: number;
  set: (view: Partial<Omit<SuperimpositionView, 'set' | 'clear'>>) => void;
  clear: () => void;
}

export const useSuperimpositionView = create<SuperimpositionView>()((set) => ({
  shown: null,
  frameChartId: null,
  blending: false,
  opacity: 0.5,
  set: (view) => set(view),
  clear: () => set({ shown: null, frameChartId: null, blending: false, opacity: 0.5 }),
}));
