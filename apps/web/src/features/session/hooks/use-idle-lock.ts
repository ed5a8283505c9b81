import { useEffect } from 'react';
import { lockAfterMs } from '../../../config/session.ts';
import { useLockStore } from '../../../stores/lock-store.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Locks the screen after a period without keyboard, mouse or touch activity (docs/spec-points.md §4). The
 * lock state lives in the shared lock store, so a screen can also lock on demand (the viewer's Lock
 * button); the lock is remembered for the tab, so reloading does not unlock it.
 */
export function useIdleLock(active: boolean): { locked: boolean; unlock: () => void } {
  const locked = useLockStore((s) => s.locked);
  const lockStore = useLockStore((s) => s.lock);
  const unlock = useLockStore((s) => s.unlock);

  useEffect(() => {
    if (!active || locked) return undefined;
    const lock = () => lockStore('idle');
    const delay = lockAfterMs();
    let timer = window.setTimeout(lock, delay);
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
  }, [active, locked, lockStore]);

  return { locked: active && locked, unlock };
}
