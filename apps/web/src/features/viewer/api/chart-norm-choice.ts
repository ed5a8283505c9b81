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
import { drawingDocument, noteRevisions } from '../documents/document-revisions.ts';
import { saveDocument } from '../documents/save-document.ts';
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

/** The chart's own population (`drawing_result.norms`), null when the chart follows the user's default. */
export function useChartPopulation(recordId: number | null) {
  return useQuery({
    queryKey: chartNormChoiceKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<Population | null> => {
      const record = (await runOperation(filmDisplayRecordQuery, { id: recordId ?? -1 })).analysis_records.items[0];
      if (record) noteRevisions(drawingDocument(record.id, [NORM_CHOICE_KEY]), record.document_revisions);
      return readChartPopulation(record?.drawing_result ?? null);
    },
    staleTime: 60_000,
  });
}

/**
 * Stores the chart's override (null: automatic); the server sets only the `norms` key of `drawing_result`,
 * from the revision last read or saved here: refused (CONFLICT) when someone chose another set since,
 * whose choice is then read back and shown.
 */
export function useSaveChartPopulation(recordId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (population: Population | null): Promise<Population | null> => {
      if (recordId === null) return population;
      const saved = await saveDocument({
        document: drawingDocument(recordId, [NORM_CHOICE_KEY]),
        send: (base) => runOperation(mergeDrawingResultMutation, { id: recordId, patch: normChoicePatch(population), ...base }),
        revisions: (answer) => answer.merge_drawing_result.document_revisions,
        reload: () => client.invalidateQueries({ queryKey: chartNormChoiceKey(recordId) }),
      });
      return readChartPopulation(saved.merge_drawing_result.drawing_result);
    },
    onSuccess: (population) => {
      if (recordId !== null) client.setQueryData(chartNormChoiceKey(recordId), population);
    },
  });
}
