import {
  measurementsPatch,
  measurementsRecordQuery,
  mergeDrawingResultMutation,
  readMeasurements,
  type FreeMeasurement,
} from '@ceppro/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../../lib/api/api-error.ts';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { baseOf, drawingDocument, noteRevisions } from '../../documents/document-revisions.ts';
import { recordStore } from '../../documents/record-store.ts';
import { saveDocument } from '../../documents/save-document.ts';
import { ensureHeld, useDocumentSaveState, useDocumentSpec, useHeldDocument } from '../../documents/use-held-document.ts';

export const measureKeys = {
  items: (recordId: number) => ['viewer', 'measurements', recordId] as const,
};

async function readItems(recordId: number, signal?: AbortSignal) {
  const record = (await runOperation(measurementsRecordQuery, { id: recordId }, { signal })).analysis_records.items[0];
  if (record === undefined) throw new ApiError('NOT_FOUND', 'No such analysis record.', 404, false);
  return record;
}

/** Reads the stored list, noting its revision (the base of the next save). */
async function readStored(recordId: number, signal?: AbortSignal): Promise<FreeMeasurement[]> {
  const record = await readItems(recordId, signal);
  noteRevisions(documentOf(recordId), record.document_revisions);
  return readMeasurements(record.drawing_result);
}

const documentOf = (recordId: number) => drawingDocument(recordId, ['measurements']);

/**
 * The free measurements stored with the chart (`drawing_result.measurements`): read once, then held by
 * the record store (documents/record-store.ts) as its `measurements` document, edited there (each change
 * one step of the record's undo history) and saved by its autosave at once. `data`: the list shown.
 */
export function useMeasurements(recordId: number | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: measureKeys.items(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: ({ signal }) => readStored(recordId ?? -1, signal),
    retry: false,
  });
  const { value } = useHeldDocument('measurements', recordId, query.data, () => baseOf(documentOf(recordId ?? -1)));
  useDocumentSpec<FreeMeasurement[]>('measurements', recordId, (id) => ({
    // The server sets only the `measurements` key of `drawing_result` (the drawing pad's shapes beside it
    // stay as they are, even when it saves at the same moment), from the revision last read or saved here:
    // a change someone saved in between is refused (CONFLICT), never overwritten, and theirs is shown.
    save: async (items) => {
      await saveDocument({
        document: documentOf(id),
        send: (base) => runOperation(mergeDrawingResultMutation, { id, patch: measurementsPatch(items), ...base }),
        revisions: (answer) => answer.merge_drawing_result.document_revisions,
        reload: async () => {
          const stored = await readStored(id);
          client.setQueryData(measureKeys.items(id), stored);
          recordStore.reload('measurements', id, stored, baseOf(documentOf(id)));
        },
      });
      return baseOf(documentOf(id));
    },
  }));
  return { data: value, isPending: query.isPending && value === undefined, isError: query.isError };
}

type Change = (items: FreeMeasurement[]) => FreeMeasurement[];

/** Whether the last change is stored (the panel shows it, a test waits on it). */
export const useMeasureSaveState = (): ReturnType<typeof useDocumentSaveState> => useDocumentSaveState('measurements');

/**
 * Changes the measurements: an edit of the record's `measurements` document (shown at once, saved by
 * the record store); `onError` hears a change that could not be stored.
 */
export function useChangeMeasurements(recordId: number | null) {
  return useCallback(
    (change: Change, onError: (error: unknown) => void = () => undefined) => {
      if (recordId === null) return;
      const apply = async () => {
        if (
          !(await ensureHeld(
            'measurements',
            recordId,
            () => readStored(recordId),
            () => baseOf(documentOf(recordId)),
          ))
        )
          return;
        recordStore.edit('measurements', change(recordStore.value<FreeMeasurement[]>('measurements') ?? []));
        await recordStore.flush('measurements');
        if (recordStore.getState().docs.measurements?.status === 'error') onError(new Error('The measurements were not stored'));
      };
      void apply().catch(onError);
    },
    [recordId],
  );
}
