import type { Population } from '@ceppro/ceph';
import {
  NORM_CHOICE_KEY,
  filmDisplayRecordQuery,
  mergeDrawingResultMutation,
  normChoicePatch,
  readChartPopulation,
} from '@ceppro/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { drawingDocument } from '../documents/document-revisions.ts';
import { queryDocument, saveQueryDocument, useQueryHeldDocument } from '../documents/use-held-document.ts';
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

/** The chart's own population: the `norms` key of the record's `drawing_result` (null: the user's default). */
const normChoiceDocument = queryDocument({
  kind: 'norm-choice',
  queryKey: chartNormChoiceKey,
  ref: (recordId) => drawingDocument(recordId, [NORM_CHOICE_KEY]),
  read: async (recordId, signal) => {
    const record = (await runOperation(filmDisplayRecordQuery, { id: recordId }, { signal })).analysis_records.items[0];
    return { value: readChartPopulation(record?.drawing_result ?? null), revisions: record?.document_revisions };
  },
  send: (id, population, base) => runOperation(mergeDrawingResultMutation, { id, patch: normChoicePatch(population), ...base }),
  revisions: (answer) => answer.merge_drawing_result.document_revisions,
});

/**
 * The chart's own population (`drawing_result.norms`), null when the chart follows the user's default,
 * held by the record store as its `norm-choice` document. The server sets only the `norms` key, from the
 * revision last read or saved here: refused (CONFLICT) when someone chose another set since, whose
 * choice is then read back and shown.
 */
export function useChartPopulation(recordId: number | null) {
  return { data: useQueryHeldDocument(normChoiceDocument, recordId).value };
}

/** Stores the chart's override (null: automatic): an edit of the record's `norm-choice` document, saved at once. */
export function useSaveChartPopulation(recordId: number | null) {
  return useMutation({
    mutationFn: async (population: Population | null): Promise<Population | null> => {
      if (recordId !== null) await saveQueryDocument(normChoiceDocument, recordId, population);
      return population;
    },
  });
}
