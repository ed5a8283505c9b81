import { useEffect } from 'react';
import { usePanelStore } from '../panels.ts';
import { recordStore, type RecordStore } from './record-store.ts';

/**
 * Flushes the record's unsaved documents whenever the side-panel tab changes (leaving the Landmarks,
 * VTO/STO or drawing tab saves what was edited there). Returns the unsubscribe.
 */
export function connectRecordAutosave(store: Pick<RecordStore, 'flush'>): () => void {
  return usePanelStore.subscribe((s, prev) => {
    if (s.active !== prev.active) void store.flush();
  });
}

/**
 * The record store's autosave while the viewer is open: saves on every tab change, best effort on
 * `pagehide` (keepalive requests), and everything unsaved when the viewer closes (route change).
 */
export function useRecordAutosave(chartId: number | null): void {
  useEffect(() => {
    if (chartId === null) return;
    const offPanel = connectRecordAutosave(recordStore);
    const onPageHide = () => recordStore.unload();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      offPanel();
      window.removeEventListener('pagehide', onPageHide);
      void recordStore.flush();
    };
  }, [chartId]);
}
