import { SUPERIMPOSITION_DATA_VERSION, SUPERIMPOSITION_MAX_FILMS, type SuperimpositionData } from '@ceppro/contract';
import { useCallback, useEffect, useState } from 'react';
import { baseOf, columnDocument } from '../../documents/document-revisions.ts';
import { recordStore, useRecordStore } from '../../documents/record-store.ts';
import { useSaveSuperimpositionData, useSuperimpositionData } from '../api/use-superimposition-data.ts';

/** What a chart starts with before anything was stored: only its own film chosen, SN at S. */
export function defaultSuperimpositionData(currentChartId: string): SuperimpositionData {
  return { version: SUPERIMPOSITION_DATA_VERSION, chart_ids: [currentChartId], method: 'sn-at-s', blending: false, opacity: 0.5 };
}

/** A stored document made to fit this chart: its own film always chosen, at most four. */
export function fitToChart(doc: SuperimpositionData | null, currentChartId: string): SuperimpositionData {
  if (doc === null) return defaultSuperimpositionData(currentChartId);
  const others = doc.chart_ids.filter((id) => id !== currentChartId);
  return { ...doc, chart_ids: [currentChartId, ...others].slice(0, SUPERIMPOSITION_MAX_FILMS) };
}

const OPACITY_SAVE_DELAY_MS = 400;

const revisionOf = (recordId: number) => baseOf(columnDocument(recordId, 'superimposition_data'));

/**
 * The tab's document, held by the record store (documents/record-store.ts): read once per record, then
 * edited here (each choice one step of the record's undo history; the superimposition itself is never
 * stored: the endpoint computes it for the tab, the report when it prints) and saved by the record store
 * after every change (the opacity slider after it rests), so nothing is lost on a tab switch, route change
 * or reload. A save refused because another person saved the document since shows theirs.
 */
export function useSuperimpositionDoc(recordId: number | null, currentChartId: string | null) {
  const query = useSuperimpositionData(recordId);
  const save = useSaveSuperimpositionData(recordId);
  const { refetch } = query;
  const doc = useRecordStore((s) =>
    s.recordId === recordId && recordId !== null ? ((s.docs.superimposition?.value as SuperimpositionData | undefined) ?? null) : null,
  );
  const status = useRecordStore((s) => (s.recordId === recordId ? s.docs.superimposition?.status : undefined));
  const [failed, setFailed] = useState(false);

  // Read once per record (later refetches must not undo changes still being saved), never replacing another open record.
  const open = useRecordStore((s) => s.recordId);
  const held = open === recordId && doc !== null;
  useEffect(() => {
    if (held || recordId === null || (open !== null && open !== recordId) || currentChartId === null || !query.isSuccess) return;
    recordStore.load('superimposition', recordId, fitToChart(query.data, currentChartId), revisionOf(recordId));
  }, [held, open, query.isSuccess, query.data, recordId, currentChartId]);

  useEffect(() => {
    if (recordId === null || currentChartId === null) return;
    // Someone's newer document (another member, another tab): shown instead of these edits, which are dropped.
    const reload = async () => {
      const fresh = await refetch();
      if (fresh.isSuccess) recordStore.reload('superimposition', recordId, fitToChart(fresh.data, currentChartId), revisionOf(recordId));
    };
    return recordStore.register<SuperimpositionData>('superimposition', {
      save: async (next) => {
        await save(next, reload);
        setFailed(false);
        return revisionOf(recordId);
      },
      onFailure: () => setFailed(true),
    });
  }, [recordId, currentChartId, save, refetch]);

  const update = useCallback(
    (patch: Partial<Omit<SuperimpositionData, 'version'>>, options: { delayed?: boolean } = {}) => {
      const current = recordStore.value<SuperimpositionData>('superimposition');
      if (current === undefined || recordStore.getState().recordId !== recordId) return;
      recordStore.edit(
        'superimposition',
        { ...current, ...patch },
        {
          merge: options.delayed ? 'opacity' : undefined,
          delayMs: options.delayed ? OPACITY_SAVE_DELAY_MS : 0,
        },
      );
    },
    [recordId],
  );

  return {
    doc,
    isPending: query.isPending && recordId !== null,
    isError: query.isError,
    saveFailed: failed && status === 'error',
    update,
  };
}
