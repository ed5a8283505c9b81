import type { Population } from '@ceppro/ceph';
import {
  NORM_CHOICE_KEY,
  filmDisplayRecordQuery,
  mergeDrawingResultMutation,
  normChoicePatch,
  readChartPopulation,
} from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { baseOf, drawingDocument, noteRevisions } from '../documents/document-revisions.ts';
import { recordStore } from '../documents/record-store.ts';
import { saveDocument } from '../documents/save-document.ts';
import { ensureHeld, useDocumentSpec, useHeldDocument } from '../documents/use-held-document.ts';
import { viewerKeys } from './query-keys.ts';
import { useViewerChart } from './use-viewer-chart.ts';

/** Server-cache key of a record's norm-population override. */
export const chartNormChoiceKey = (recordId: number) => ['viewer', 'norm-choice', recordId] as const;

/**
 * The open chart's analysis record id: the chart's link, else the record the viewer's first paint (or the
 * first landmark save) put in the cache; null before detection made one.
 */
export function useOpenRecordId(): number | null {
  const chart = useViewerChart(useParams().id ?? null).data ?? null;
  const cached = useQuery<{ id: number } | null>({
    queryKey: viewerKeys.analysisRecord(chart?.id ?? -1),
    queryFn: () => null,
    enabled: false,
  }).data;
  return chart?.analysis_record_id ?? cached?.id ?? null;
}

const documentOf = (recordId: number) => drawingDocument(recordId, [NORM_CHOICE_KEY]);

/** Reads the chart's override, noting its revision (the base of the next save). */
async function readStored(recordId: number): Promise<Population | null> {
  const record = (await runOperation(filmDisplayRecordQuery, { id: recordId })).analysis_records.items[0];
  if (record) noteRevisions(documentOf(record.id), record.document_revisions);
  return readChartPopulation(record?.drawing_result ?? null);
}

/**
 * The chart's own population (`drawing_result.norms`), null when the chart follows the user's default.
 * Read once, then held by the record store (documents/record-store.ts) as its `norm-choice` document.
 */
export function useChartPopulation(recordId: number | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: chartNormChoiceKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: () => readStored(recordId ?? -1),
    staleTime: 60_000,
  });
  const { value } = useHeldDocument('norm-choice', recordId, query.data, () => baseOf(documentOf(recordId ?? -1)));
  // The server sets only the `norms` key of `drawing_result`, from the revision last read or saved here:
  // refused (CONFLICT) when someone chose another set since, whose choice is then read back and shown.
  useDocumentSpec<Population | null>('norm-choice', recordId, (id) => ({
    save: async (population) => {
      await saveDocument({
        document: documentOf(id),
        send: (base) => runOperation(mergeDrawingResultMutation, { id, patch: normChoicePatch(population), ...base }),
        revisions: (answer) => answer.merge_drawing_result.document_revisions,
        reload: async () => {
          const stored = await readStored(id);
          client.setQueryData(chartNormChoiceKey(id), stored);
          recordStore.load('norm-choice', id, stored, baseOf(documentOf(id)));
        },
      });
      return baseOf(documentOf(id));
    },
  }));
  return { data: value };
}

/** Stores the chart's override (null: automatic): an edit of the record's `norm-choice` document, saved at once. */
export function useSaveChartPopulation(recordId: number | null) {
  return useMutation({
    mutationFn: async (population: Population | null): Promise<Population | null> => {
      if (recordId === null) return population;
      if (
        !(await ensureHeld(
          'norm-choice',
          recordId,
          () => readStored(recordId),
          () => baseOf(documentOf(recordId)),
        ))
      )
        return population;
      recordStore.edit('norm-choice', population);
      await recordStore.flush('norm-choice');
      if (recordStore.getState().docs['norm-choice']?.status === 'error') throw new Error('The norm choice was not stored');
      return population;
    },
  });
}
