import {
  measurementsPatch,
  measurementsRecordQuery,
  mergeDrawingResultMutation,
  readMeasurements,
  type FreeMeasurement,
} from '@ceppro/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { create } from 'zustand';
import { ApiError } from '../../../../lib/api/api-error.ts';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { drawingDocument, noteRevisions } from '../../documents/document-revisions.ts';
import { saveDocument } from '../../documents/save-document.ts';

export const measureKeys = {
  items: (recordId: number) => ['viewer', 'measurements', recordId] as const,
};

async function readItems(recordId: number) {
  const record = (await runOperation(measurementsRecordQuery, { id: recordId })).analysis_records.items[0];
  if (record === undefined) throw new ApiError('NOT_FOUND', 'No such analysis record.', 404, false);
  return record;
}

/** The free measurements stored with the chart (`drawing_result.measurements`). */
export function useMeasurements(recordId: number | null) {
  return useQuery({
    queryKey: measureKeys.items(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<FreeMeasurement[]> => readMeasurements((await readItems(recordId ?? -1)).drawing_result),
    retry: false,
  });
}

type Change = (items: FreeMeasurement[]) => FreeMeasurement[];

/** Whether the last change is stored (UI state: the panel shows it, a test waits on it). */
export const useMeasureSaveState = create<{ state: 'idle' | 'saving' | 'saved' | 'error' }>()(() => ({ state: 'idle' }));

/** One change at a time per record, so each is applied to what the one before stored. */
const queues = new Map<number, Promise<unknown>>();

/**
 * Applies `change` to the stored measurements: reads them as stored now and has the server set only
 * the `measurements` key of `drawing_result` (the drawing pad's shapes beside it stay as they are,
 * even when it saves at the same moment). Changes of one record run one at a time (`queues`). The
 * save names the revision just read: a change someone saved in between is refused (CONFLICT), never
 * overwritten, and `reload` shows the stored list.
 */
async function applyChange(recordId: number, change: Change, reload: () => unknown): Promise<FreeMeasurement[]> {
  const record = await readItems(recordId);
  const items = change(readMeasurements(record.drawing_result));
  const document = drawingDocument(recordId, ['measurements']);
  noteRevisions(document, record.document_revisions);
  const saved = await saveDocument({
    document,
    send: (base) => runOperation(mergeDrawingResultMutation, { id: recordId, patch: measurementsPatch(items), ...base }),
    revisions: (answer) => answer.merge_drawing_result.document_revisions,
    reload,
  });
  return readMeasurements(saved.merge_drawing_result.drawing_result);
}

/** Changes the measurements: shown at once, then stored; on failure the stored list is read back and `onError` told. */
export function useChangeMeasurements(recordId: number | null) {
  const client = useQueryClient();
  return useCallback(
    (change: Change, onError: (error: unknown) => void = () => undefined) => {
      if (recordId === null) return;
      const key = measureKeys.items(recordId);
      client.setQueryData<FreeMeasurement[]>(key, (old) => change(old ?? []));
      useMeasureSaveState.setState({ state: 'saving' });
      const previous = queues.get(recordId) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(() => applyChange(recordId, change, () => client.invalidateQueries({ queryKey: key })))
        .then(
          (items) => {
            if (queues.get(recordId) !== next) return;
            client.setQueryData(key, items);
            useMeasureSaveState.setState({ state: 'saved' });
          },
          (error: unknown) => {
            void client.invalidateQueries({ queryKey: key });
            useMeasureSaveState.setState({ state: 'error' });
            onError(error);
          },
        );
      queues.set(recordId, next);
    },
    [client, recordId],
  );
}
