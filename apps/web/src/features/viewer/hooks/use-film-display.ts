import { DEFAULT_FILM_ADJUSTMENTS, type FilmAdjustments } from '@ceppro/ceph';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMay } from '../../../hooks/use-work-space.ts';
import { pushToast } from '../../../stores/toast-store.ts';
import {
  filmDisplayKey,
  filmDisplayRevision,
  saveFilmDisplay,
  saveFilmDisplayOnUnload,
  useStoredFilmDisplay,
} from '../api/film-display.ts';
import { recordStore } from '../documents/record-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';

/** A change is stored this long after the last slider move (a drag is one save, not one per step). */
export const FILM_SAVE_DELAY_MS = 400;

/**
 * Keeps the film display per chart as the record's `film` document (documents/record-store.ts): the
 * open chart's stored values go into the viewer store when they arrive (unless the user already moved
 * a control), each change is an edit of the document (a slider drag one undo step), stored
 * FILM_SAVE_DELAY_MS after the last one, at once when the viewer closes or the page is left.
 * Someone who may not change the chart's drawings (an assistant) adjusts the display for themselves only.
 */
export function useFilmDisplay(recordId: number | null): void {
  const client = useQueryClient();
  const stored = useStoredFilmDisplay(recordId);
  const may = useMay('drawing.edit');
  /** The record whose display the user changed before it was read; a loaded value never overrides a user's change. */
  const touched = useRef<{ recordId: number; film: FilmAdjustments } | null>(null);
  const applying = useRef(false);

  useEffect(() => {
    if (recordId === null || stored.data === undefined) return;
    if (recordStore.getState().recordId === recordId && recordStore.getState().docs.film) return;
    recordStore.load('film', recordId, stored.data, filmDisplayRevision(recordId));
    const mine = touched.current?.recordId === recordId ? touched.current.film : null;
    if (mine !== null) return recordStore.edit('film', mine, { merge: 'film' });
    applying.current = true;
    useViewerStore.getState().setFilm(stored.data);
    applying.current = false;
  }, [recordId, stored.data]);

  useEffect(() => {
    if (recordId === null) return;
    // Someone saved another display since it was read: theirs is read back (the save path told the user).
    const reload = async () => {
      // The viewer may show another chart by now: its display stays.
      if (recordStore.getState().recordId !== recordId) return;
      touched.current = null;
      recordStore.forget('film');
      await client.invalidateQueries({ queryKey: filmDisplayKey(recordId) });
    };
    const unregister = recordStore.register<FilmAdjustments>('film', {
      delayMs: () => FILM_SAVE_DELAY_MS,
      canSave: () => may,
      save: async (film) => {
        const saved = await saveFilmDisplay(recordId, film, reload);
        client.setQueryData(filmDisplayKey(recordId), saved);
        return filmDisplayRevision(recordId);
      },
      saveOnUnload: (film) => saveFilmDisplayOnUnload(recordId, film),
      onFailure: () => pushToast({ kind: 'error', title: { key: 'viewer.imageTools' }, text: { key: 'viewer.filmSaveFailed' } }),
    });
    const offViewer = useViewerStore.subscribe((s, prev) => {
      // The store's `reset` (a chart opened or closed) puts back the DEFAULT_FILM_ADJUSTMENTS object itself,
      // while a user's change, "Reset" included, always makes a new one: only the latter is an edit.
      if (s.film === prev.film || s.film === DEFAULT_FILM_ADJUSTMENTS || applying.current) return;
      if (recordStore.getState().recordId !== recordId || !recordStore.getState().docs.film) {
        touched.current = { recordId, film: s.film };
        return;
      }
      recordStore.edit('film', s.film, { merge: 'film' });
    });
    // An undo or redo of the record's history (or a reload) shows here.
    const offRecord = recordStore.subscribe((s, prev) => {
      const doc = s.docs.film;
      if (!doc || doc.value === prev.docs.film?.value || s.recordId !== recordId || doc.value === useViewerStore.getState().film) return;
      applying.current = true;
      useViewerStore.getState().setFilm(doc.value as FilmAdjustments);
      applying.current = false;
    });
    return () => {
      offViewer();
      offRecord();
      // Leaving the chart: what is unsaved is sent (unregistering saves it).
      unregister();
      touched.current = null;
    };
  }, [client, recordId, may]);
}
