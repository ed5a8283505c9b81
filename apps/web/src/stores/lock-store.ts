import { create } from 'zustand';

/** The lock screen survives a reload of the tab: reloading must not unlock it. */
export const LOCKED_KEY = 'ceppro.locked';

/** Why the screen is locked: after inactivity (docs/spec-points.md §4), or by the user (the viewer's Lock button). */
export type LockReason = 'idle' | 'manual';

/**
 * UI state: whether the lock screen covers the app (docs/spec-points.md §4: it locks after long inactivity
 * and the account password unlocks it). The session feature locks it when idle and shows the lock
 * screen; other screens lock it on demand through `lock('manual')`. Remembered for the tab
 * (`true` for an idle lock, `manual` for the user's own), so reloading does not unlock it.
 */
interface LockState {
  locked: boolean;
  reason: LockReason;
  lock: (reason?: LockReason) => void;
  unlock: () => void;
}

function readStored(): { locked: boolean; reason: LockReason } {
  try {
    const value = window.sessionStorage.getItem(LOCKED_KEY);
    return { locked: value === 'true' || value === 'manual', reason: value === 'manual' ? 'manual' : 'idle' };
  } catch {
    return { locked: false, reason: 'idle' };
  }
}

function store(value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(LOCKED_KEY);
    else window.sessionStorage.setItem(LOCKED_KEY, value);
  } catch {
    // storage disabled: the lock lasts until reload
  }
}

export const useLockStore = create<LockState>()((set) => ({
  ...readStored(),
  lock: (reason = 'idle') => {
    store(reason === 'manual' ? 'manual' : 'true');
    set({ locked: true, reason });
  },
  unlock: () => {
    store(null);
    set({ locked: false, reason: 'idle' });
  },
}));
