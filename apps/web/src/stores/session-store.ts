import { create } from 'zustand';

/**
 * Cookies raise no events: stores/session.ts bumps this counter whenever it writes or clears the
 * session cookies, so the header (and anything else showing the user) re-renders at once.
 */
export const useSessionVersion = create<{ version: number }>()(() => ({ version: 0 }));

export function sessionChanged(): void {
  useSessionVersion.setState((s) => ({ version: s.version + 1 }));
}
