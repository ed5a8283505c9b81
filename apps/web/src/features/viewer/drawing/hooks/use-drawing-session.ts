import { readDrawingResult } from '@ceppro/contract';
import { useEffect } from 'react';
import { pushToast } from '../../../../stores/toast-store.ts';
import { baseOf, noteRevisions } from '../../documents/document-revisions.ts';
import { recordStore } from '../../documents/record-store.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { drawingSaveApiFor, padDocument, readDrawingRecord, saveDrawingsOnUnload } from '../api/drawing-record.ts';
import { useDrawingConfig } from '../api/use-drawing-config.ts';
import { saveDrawingSets, setsOf } from '../lib/drawing-save.ts';
import { useDrawingStore, type DrawingSets } from '../store/drawing-store.ts';

/** A short quiet period after the last change before the pad is saved. */
const SAVE_DELAY_MS = 600;

/** The last closed session's final save: a new session reads the record only after it. */
let closing: Promise<void> = Promise.resolve();

const saveFailed = () => pushToast({ kind: 'warning', title: { key: 'drawing.saveFailedTitle' }, text: { key: 'drawing.saveFailed' } });

/**
 * Keeps the open chart's drawings: reads them into the record store (documents/record-store.ts) when
 * the record is known and registers how the pad is saved there: a moment after each change, at once
 * when the side-panel tab changes, the viewer closes (route change, another chart) or the page is
 * hidden. Mounted by the drawing layer, which lives as long as the film.
 */
export function useDrawingSession(): void {
  const recordId = useLandmarkStore((s) => s.recordId);
  const config = useDrawingConfig().data;

  useEffect(() => {
    if (config) useDrawingStore.getState().applyDefaults(config);
  }, [config]);

  useEffect(() => {
    if (recordId === null) return;
    let live = true;
    // Leaving the chart aborts a read still on its way (its answer would be dropped anyway).
    const reads = new AbortController();
    const load = () =>
      readDrawingRecord(recordId, reads.signal).then(
        (snapshot) => {
          if (!live || snapshot === null) return;
          // The pad's next save names these revisions: a save over another person's newer shapes is refused.
          noteRevisions(padDocument(recordId), snapshot.revisions);
          const read = readDrawingResult(snapshot.drawingResult);
          useDrawingStore.getState().load(recordId, setsOf(read), read.writable, baseOf(padDocument(recordId)));
        },
        () => {
          if (live) pushToast({ kind: 'warning', title: { key: 'drawing.loadFailedTitle' }, text: { key: 'drawing.loadFailed' } });
        },
      );
    const api = drawingSaveApiFor(load);
    const unregister = recordStore.register<DrawingSets>('drawing', {
      delayMs: () => SAVE_DELAY_MS,
      canSave: () => {
        const s = useDrawingStore.getState();
        return s.loaded && s.writable && s.recordId === recordId;
      },
      save: async (sets, at) => {
        const outcome = await saveDrawingSets(api, at.recordId, sets);
        if (outcome !== 'saved') throw new Error(`The drawings could not be saved: ${outcome}`);
        return baseOf(padDocument(at.recordId));
      },
      saveOnUnload: (sets, at) => saveDrawingsOnUnload(at.recordId, sets),
      // A refused (stale) save was told and reloaded by the save path; any other failure is told here.
      onFailure: saveFailed,
    });
    void closing.then(load);
    return () => {
      live = false;
      reads.abort();
      // Leaving the chart: what is unsaved is sent (unregistering saves it), then the pad forgets it.
      unregister();
      closing = recordStore.settled();
      if (useDrawingStore.getState().recordId === recordId) useDrawingStore.getState().clear();
    };
  }, [recordId]);
}
