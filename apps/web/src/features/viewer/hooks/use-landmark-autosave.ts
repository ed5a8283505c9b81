import type { ModifiedResult } from '@ceppro/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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
 * hook unmounts), or the page closing; edits made on another tab are saved as they are made. The cached record is updated after a save, so coming back
 * shows the saved state without a refetch.
 */
export function useLandmarkAutosave(chartId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (chartId === null) return;
    const autosave = createLandmarkAutosave(useLandmarkStore, async (recordId, modified: ModifiedResult) => {
      await saveModifiedLandmarks(recordId, modified);
      queryClient.setQueryData(viewerKeys.analysisRecord(chartId), (old: unknown) =>
        old && typeof old === 'object' ? { ...old, modified_result: modified } : old,
      );
    });
    active = autosave;
    const unsubscribe = connectLandmarkAutosave(autosave, useLandmarkStore);
    const onPageHide = () => {
      const payload = autosave.pending();
      if (payload) saveModifiedLandmarksOnUnload(payload.recordId, payload.modified);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      if (active === autosave) active = null;
      void autosave.flush();
    };
  }, [chartId, queryClient]);
}
