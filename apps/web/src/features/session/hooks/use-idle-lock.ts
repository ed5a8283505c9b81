import { useCallback, useEffect, useState } from 'react';
import { lockAfterMs } from '../../../config/session.ts';
import { LOCKED_KEY } from '../../../lib/session.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

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

/**
 * Locks the screen after a period without keyboard, mouse or touch activity (spec point 4). The
 * lock is remembered for the tab, so reloading does not unlock it.
 */
export function useIdleLock(active: boolean): { locked: boolean; unlock: () => void } {
  const [locked, setLocked] = useState(readLocked);

  useEffect(() => {
    if (!active || locked) return undefined;
    const delay = lockAfterMs();
    let timer = window.setTimeout(lock, delay);
    function lock() {
      writeLocked(true);
      setLocked(true);
    }
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < 500) return; // mousemove fires a lot; resetting twice a second is plenty
      last = now;
      window.clearTimeout(timer);
      timer = window.setTimeout(lock, delay);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [active, locked]);

  const unlock = useCallback(() => {
    writeLocked(false);
    setLocked(false);
  }, []);

  return { locked: active && locked, unlock };
}
