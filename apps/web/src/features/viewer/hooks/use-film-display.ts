import { DEFAULT_FILM_ADJUSTMENTS, type FilmAdjustments } from '@ceppro/ceph';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMay } from '../../../hooks/use-work-space.ts';
import { pushToast } from '../../../stores/toast-store.ts';
import { filmDisplayKey, saveFilmDisplay, saveFilmDisplayOnUnload, useStoredFilmDisplay } from '../api/film-display.ts';
import { isStaleSave } from '../documents/save-document.ts';
import { useViewerStore } from '../store/viewer-store.ts';

/** A change is stored this long after the last slider move (a drag is one save, not one per step). */
export const FILM_SAVE_DELAY_MS = 400;

/**
 * Keeps the film display per chart: the open chart's stored values go into the viewer store when
 * they arrive (unless the user already moved a control), and the user's changes are stored with the
 * chart FILM_SAVE_DELAY_MS after the last one, at once when the viewer closes or the page is left.
 * Someone who may not change the chart's drawings (an assistant) adjusts the display for themselves only.
 */
export function useFilmDisplay(recordId: number | null): void {
  const client = useQueryClient();
  const stored = useStoredFilmDisplay(recordId);
  const may = useMay('drawing.edit');
  /** The record whose display the store shows or the user changed; a loaded value never overrides a user's change. */
  const touched = useRef<number | null>(null);
  const applying = useRef(false);

  useEffect(() => {
    if (recordId === null || stored.data === undefined || touched.current === recordId) return;
    applying.current = true;
    useViewerStore.getState().setFilm(stored.data);
    applying.current = false;
  }, [recordId, stored.data]);

  useEffect(() => {
    if (recordId === null) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let pending: FilmAdjustments | null = null;
    const take = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const adjustments = pending;
      pending = null;
      return may ? adjustments : null;
    };
    const onPageHide = () => {
      const adjustments = take();
      if (adjustments !== null) saveFilmDisplayOnUnload(recordId, adjustments);
    };
    const save = () => {
      const adjustments = take();
      if (adjustments === null) return;
      // Someone saved another display since it was read: theirs is read back into the store (the save path told the user).
      const reload = () => {
        touched.current = null;
        return client.invalidateQueries({ queryKey: filmDisplayKey(recordId) });
      };
      saveFilmDisplay(recordId, adjustments, reload).then(
        (saved) => client.setQueryData(filmDisplayKey(recordId), saved),
        (error: unknown) => {
          if (!isStaleSave(error))
            pushToast({ kind: 'error', title: { key: 'viewer.imageTools' }, text: { key: 'viewer.filmSaveFailed' } });
        },
      );
    };
    const unsubscribe = useViewerStore.subscribe((s, prev) => {
      // The store's `reset` (a chart opened or closed) puts back the DEFAULT_FILM_ADJUSTMENTS object itself,
      // while a user's change, "Reset" included, always makes a new one: only the latter is stored.
      if (s.film === prev.film || s.film === DEFAULT_FILM_ADJUSTMENTS || applying.current) return;
      touched.current = recordId;
      pending = s.film;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(save, FILM_SAVE_DELAY_MS);
    });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      save();
      touched.current = null;
    };
  }, [client, recordId, may]);
}
