import { useEffect } from 'react';
import { commandForKey } from '../commands.ts';
import { useViewerStore } from '../store/viewer-store.ts';

/** Runs the viewer command bound to a key, unless the user is typing or holds a modifier. */
export function useViewerShortcuts(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const target = e.target;
      if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const command = commandForKey(e.key);
      if (!command) return;
      e.preventDefault();
      command.run(useViewerStore.getState());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
