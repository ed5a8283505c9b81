import { viewerAnalysisRecordQuery, type ViewerAnalysisRecord } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { viewerKeys } from './query-keys.ts';

/** The chart's analysis record (AI landmarks, adjustments, image size); null before detection ran. */
export function useAnalysisRecord(chartId: number | null) {
  return useQuery({
    queryKey: viewerKeys.analysisRecord(chartId ?? -1),
    enabled: chartId !== null,
    queryFn: async (): Promise<ViewerAnalysisRecord | null> => {
      const data = await runOperation(viewerAnalysisRecordQuery, { chartId: chartId ?? -1 });
      return data.analysis_records.items[0] ?? null;
    },
    retry: false,
  });
}
