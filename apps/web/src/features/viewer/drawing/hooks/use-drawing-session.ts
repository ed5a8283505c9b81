import { readDrawingResult } from '@ceppro/contract';
import { useEffect } from 'react';
import { pushToast } from '../../../../stores/toast-store.ts';
import { noteRevisions } from '../../documents/document-revisions.ts';
import { usePanelStore } from '../../panels.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { drawingSaveApiFor, padDocument, readDrawingRecord, saveDrawingsOnUnload } from '../api/drawing-record.ts';
import { useDrawingConfig } from '../api/use-drawing-config.ts';
import { createDrawingAutosave } from '../lib/drawing-autosave.ts';
import { setsOf, type SaveProblem } from '../lib/drawing-save.ts';
import { isDirty, useDrawingStore } from '../store/drawing-store.ts';

/** The last closed session's final save: a new session reads the record only after it. */
let closing: Promise<void> = Promise.resolve();

/**
 * Keeps the open chart's drawings: reads them when the record is known, saves them a moment after
 * each change and at once when the side-panel tab changes, the viewer closes (route change, another
 * chart) or the page is hidden. Mounted by the drawing layer, which lives as long as the film.
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
    const load = () =>
      readDrawingRecord(recordId).then(
        (snapshot) => {
          if (!live) return;
          if (snapshot === null) return;
          autosave.remember(snapshot);
          // The pad's next save names these revisions: a save over another person's newer shapes is refused.
          noteRevisions(padDocument(recordId), snapshot.revisions);
          const read = readDrawingResult(snapshot.drawingResult);
          useDrawingStore.getState().load(recordId, setsOf(read), read.writable);
        },
        () => {
          if (live) pushToast({ kind: 'warning', title: { key: 'drawing.loadFailedTitle' }, text: { key: 'drawing.loadFailed' } });
        },
      );
    const problem = (outcome: SaveProblem) => {
      // 'stale': someone saved drawings since they were loaded; the save path told the user and `load` shows theirs.
      if (outcome !== 'stale')
        pushToast({ kind: 'warning', title: { key: 'drawing.saveFailedTitle' }, text: { key: 'drawing.saveFailed' } });
    };
    const autosave = createDrawingAutosave(useDrawingStore, drawingSaveApiFor(load), problem);
    void closing.then(load);
    const offStore = useDrawingStore.subscribe((s, prev) => {
      if (s.history.present !== prev.history.present && isDirty(s)) autosave.schedule();
    });
    const offPanel = usePanelStore.subscribe((s, prev) => {
      if (s.active !== prev.active) void autosave.flush();
    });
    const onPageHide = () => {
      const s = useDrawingStore.getState();
      const last = autosave.lastRead();
      if (isDirty(s) && s.recordId !== null && last) saveDrawingsOnUnload(s.recordId, s.history.present, last);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      live = false;
      offStore();
      offPanel();
      window.removeEventListener('pagehide', onPageHide);
      autosave.dispose();
      // Leaving the chart: what is unsaved is stored, then the pad forgets it.
      closing = autosave.flush().finally(() => {
        if (useDrawingStore.getState().recordId === recordId) useDrawingStore.getState().clear();
      });
    };
  }, [recordId]);
}
