import type { ModifiedResult } from '@ceppro/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { viewerKeys } from '../api/query-keys.ts';
import { saveModifiedLandmarks, saveModifiedLandmarksOnUnload } from '../api/save-landmarks.ts';
import { recordStore } from '../documents/record-store.ts';
import { landmarkDocumentSpec } from '../lib/landmark-document.ts';

/**
 * Saves unsaved landmark edits now, through the record store (waits for a save in flight first). For
 * features that need the stored landmarks current, e.g. before the server renders a report. Check the
 * landmark store's `saveStatus` for a failure.
 */
export async function flushLandmarkEdits(): Promise<void> {
  await recordStore.flush('landmarks');
  await recordStore.settled();
}

/**
 * Registers how the landmarks are saved while the viewer shows `chartId`'s record: the record store
 * saves them when the Landmarks panel is left, at once for edits made on another tab, on route change
 * and on `pagehide` (documents/use-record-autosave.ts). The cached record is updated after a save, so
 * coming back shows the saved state without a refetch.
 */
export function useLandmarkAutosave(chartId: number | null, reload: () => Promise<void>): void {
  const queryClient = useQueryClient();
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    if (chartId === null) return;
    // A stale save (another tab saved first, or the film was changed): the edits are dropped, never
    // sent again; the user is told (save-document.ts), and the chart, its film and the record are read afresh.
    const onConflict = () => reloadRef.current();
    const save = async (recordId: number, modified: ModifiedResult, base: number) => {
      const revision = await saveModifiedLandmarks(recordId, modified, base);
      queryClient.setQueryData(viewerKeys.analysisRecord(chartId), (old: unknown) =>
        old && typeof old === 'object' ? { ...old, modified_result: modified, revision } : old,
      );
      return revision;
    };
    return recordStore.register(
      'landmarks',
      landmarkDocumentSpec(save, onConflict, (p) => saveModifiedLandmarksOnUnload(p.recordId, p.modified, p.base)),
    );
  }, [chartId, queryClient]);
}
