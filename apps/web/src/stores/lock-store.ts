import { create } from 'zustand';

/**
 * UI state: whether the lock screen covers the app (spec point 4: it locks after long inactivity
 * and the account password unlocks it). The session feature locks it when idle and shows the lock
 * screen; other screens (the viewer's Lock button) lock it on demand through `lock`. Remembered for
 * the tab, so reloading does not unlock it.
 */
/** The lock screen survives a reload of the tab: reloading must not unlock it. */
export const LOCKED_KEY = 'ceppro.locked';

interface LockState {
  locked: boolean;
  lock: () => void;
  unlock: () => void;
}

function readLocked(): boolean {
  try {
    return window.sessionStorage.getItem(LOCKED_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeLocked(locked: boolean): void {
  try {
    if (locked) window.sessionStorage.setItem(LOCKED_KEY, 'true');
    else window.sessionStorage.removeItem(LOCKED_KEY);
  } catch {
    // storage disabled: the lock lasts until reload
  }
}

export const useLockStore = create<LockState>()((set) => ({
  locked: readLocked(),
  lock: () => {
    writeLocked(true);
    set({ locked: true });
  },
  unlock: () => {
    writeLocked(false);
    set({ locked: false });
  },
}));
