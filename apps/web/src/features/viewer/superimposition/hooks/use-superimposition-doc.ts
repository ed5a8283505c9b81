import { SUPERIMPOSITION_MAX_FILMS, type SuperimpositionData } from '@ceppro/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isStaleSave } from '../../documents/save-document.ts';
import { useSaveSuperimpositionData, useSuperimpositionData } from '../api/use-superimposition-data.ts';

/** What a chart starts with before anything was stored: only its own film chosen, SN at S. */
export function defaultSuperimpositionData(currentChartId: string): SuperimpositionData {
  return { version: 1, chart_ids: [currentChartId], method: 'sn-at-s', blending: false, opacity: 0.5, result: null };
}

/** A stored document made to fit this chart: its own film always chosen, at most four. */
export function fitToChart(doc: SuperimpositionData | null, currentChartId: string): SuperimpositionData {
  if (doc === null) return defaultSuperimpositionData(currentChartId);
  const others = doc.chart_ids.filter((id) => id !== currentChartId);
  return { ...doc, chart_ids: [currentChartId, ...others].slice(0, SUPERIMPOSITION_MAX_FILMS) };
}

const OPACITY_SAVE_DELAY_MS = 400;

/**
 * The tab's document: read once from the record, then edited here and saved after every change
 * (the opacity slider after it rests), so nothing is lost on a tab switch, route change or reload.
 * Saves run one at a time; only the newest waiting document is sent.
 */
export function useSuperimpositionDoc(recordId: number | null, currentChartId: string | null) {
  const query = useSuperimpositionData(recordId);
  const save = useSaveSuperimpositionData(recordId);
  const { refetch } = query;
  const [doc, setDoc] = useState<SuperimpositionData | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const docRef = useRef<SuperimpositionData | null>(null);
  const pending = useRef<SuperimpositionData | null>(null);
  const running = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Read once per chart (later refetches must not undo changes still being saved), and again after a
  // save was refused because another person saved the document since (`reloads`).
  const loadedFor = useRef<string | null>(null);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    const key = `${recordId}:${currentChartId}:${reloads}`;
    if (loadedFor.current === key) return;
    // Another chart: its predecessor's document must never be shown or saved onto it.
    if (docRef.current !== null) {
      docRef.current = null;
      pending.current = null;
      setDoc(null);
    }
    if (!query.isSuccess || currentChartId === null) return;
    loadedFor.current = key;
    const initial = fitToChart(query.data, currentChartId);
    docRef.current = initial;
    setDoc(initial);
  }, [query.isSuccess, query.data, recordId, currentChartId, reloads]);

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (pending.current !== null) {
        const next = pending.current;
        pending.current = null;
        try {
          // Someone's newer document (another member, another tab): shown instead of these edits, which are dropped.
          await save(next, async () => {
            await refetch();
            setReloads((n) => n + 1);
          });
          setSaveFailed(false);
        } catch (error) {
          const stale = isStaleSave(error);
          if (stale) pending.current = null;
          setSaveFailed(!stale);
        }
      }
    } finally {
      running.current = false;
    }
  }, [save, refetch]);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    void drain();
  }, [drain]);

  const update = useCallback(
    (patch: Partial<Omit<SuperimpositionData, 'version'>>, options: { delayed?: boolean } = {}) => {
      const current = docRef.current;
      if (current === null) return;
      const next = { ...current, ...patch };
      docRef.current = next;
      setDoc(next);
      pending.current = next;
      if (options.delayed) {
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = setTimeout(flush, OPACITY_SAVE_DELAY_MS);
      } else {
        flush();
      }
    },
    [flush],
  );

  // Leaving the tab sends a save still waiting for the slider to rest.
  useEffect(
    () => () => {
      if (timer.current !== null) flush();
    },
    [flush],
  );

  return { doc, isPending: query.isPending && recordId !== null, isError: query.isError, saveFailed, update };
}
