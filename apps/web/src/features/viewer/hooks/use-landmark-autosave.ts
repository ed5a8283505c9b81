import type { ModifiedResult } from '@ceppro/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pushToast } from '../../../stores/toast-store.ts';
import { viewerKeys } from '../api/query-keys.ts';
import { saveModifiedLandmarks, saveModifiedLandmarksOnUnload } from '../api/save-landmarks.ts';
import { connectLandmarkAutosave, createLandmarkAutosave, type LandmarkAutosave } from '../lib/landmark-autosave.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';

/** The open viewer's autosave: one save path, so two saves of the same record never race. */
let active: LandmarkAutosave | null = null;

/**
 * Saves unsaved landmark edits now, through the open viewer's autosave (waits for a save in flight
 * first). For features that need the stored landmarks current, e.g. before the server renders a
 * report. Check the store's `saveStatus` for a failure.
 */
export function flushLandmarkEdits(): Promise<void> {
  // Without an open viewer (a panel shown on its own) a one-off autosave on the same store does it.
  return (active ?? createLandmarkAutosave(useLandmarkStore, saveModifiedLandmarks)).flush();
}

/**
 * Saves the landmarks when the user leaves the Landmarks panel: another tab, another route (this
 * hook unmounts), or the page closing; edits made on another tab are saved as they are made. The cached record is
 * updated after a save, so coming back
 * shows the saved state without a refetch.
 */
export function useLandmarkAutosave(chartId: number | null, reload: () => Promise<void>): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    if (chartId === null) return;
    // A stale save (another tab saved first, or the film was changed): the edits are dropped, never
    // sent again; the user is told, and the chart, its film and the record are read afresh.
    const onConflict = () => {
      useLandmarkStore.setState({ dirty: false });
      pushToast({ kind: 'warning', title: { key: 'viewer.saveConflictTitle' }, text: { key: 'viewer.saveConflict' } });
      void reloadRef.current();
    };
    const autosave = createLandmarkAutosave(
      useLandmarkStore,
      async (recordId, modified: ModifiedResult, base) => {
        const revision = await saveModifiedLandmarks(recordId, modified, base);
        queryClient.setQueryData(viewerKeys.analysisRecord(chartId), (old: unknown) =>
          old && typeof old === 'object' ? { ...old, modified_result: modified, revision } : old,
        );
        return revision;
      },
      onConflict,
    );
    active = autosave;
    const unsubscribe = connectLandmarkAutosave(autosave, useLandmarkStore);
    const onPageHide = () => {
      const payload = autosave.pending();
      if (payload) saveModifiedLandmarksOnUnload(payload.recordId, payload.modified, payload.base);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      if (active === autosave) active = null;
      void autosave.flush();
    };
  }, [chartId, queryClient, t]);
}
