import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { recordVisit } from '../lib/back-history.ts';

/** UI state: visited paths for the header's back button (rules in lib/back-history.ts). */
interface HistoryState {
  visited: string[];
  visit: (path: string) => void;
}

export const useHistoryStore = create<HistoryState>()(
  persist(
    (set) => ({
      visited: [],
      visit: (path) =>
        set((s) => {
          const next = recordVisit(s.visited, path);
          const unchanged = next.length === s.visited.length && next.every((p, i) => p === s.visited[i]);
          return unchanged ? s : { visited: next };
        }),
    }),
    { name: 'ceppro.history', storage: createJSONStorage(() => window.sessionStorage) },
  ),
);
