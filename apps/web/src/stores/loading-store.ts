import { create } from 'zustand';

/**
 * UI state: the full-screen loading overlay. A counter, so two overlapping operations do not hide
 * the overlay when the first one finishes.
 */
interface LoadingState {
  pending: number;
  show: () => void;
  hide: () => void;
}

export const useLoadingStore = create<LoadingState>()((set) => ({
  pending: 0,
  show: () => set((s) => ({ pending: s.pending + 1 })),
  hide: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
}));

export const useIsLoading = (): boolean => useLoadingStore((s) => s.pending > 0);
