import { useEffect, useState, type RefObject } from 'react';

/**
 * Full screen for the consultation (the Fullscreen API, where the browser allows it: the opening click's
 * activation usually still holds when the screen mounts). Leaving full screen (Esc, which a browser may
 * keep for itself then) or an Esc the page sees calls `onLeave` once: the consultation ends where the
 * patient's view ends. Full screen is left when the screen unmounts.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>, onLeave: () => void) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const element = target.current;
    let entered = false;
    let left = false;
    // Once: a browser that both leaves full screen and lets the page see the Esc key must not navigate twice.
    const leave = () => {
      if (left) return;
      left = true;
      onLeave();
    };
    const change = () => {
      const now = document.fullscreenElement !== null;
      setActive(now);
      if (now) entered = true;
      else if (entered) leave();
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') leave();
    };
    document.addEventListener('fullscreenchange', change);
    window.addEventListener('keydown', key);
    element?.requestFullscreen?.().catch(() => undefined);
    return () => {
      document.removeEventListener('fullscreenchange', change);
      window.removeEventListener('keydown', key);
      if (document.fullscreenElement !== null) void document.exitFullscreen().catch(() => undefined);
    };
  }, [target, onLeave]);
  return {
    active,
    enter: () => void target.current?.requestFullscreen?.().catch(() => undefined),
  };
}
