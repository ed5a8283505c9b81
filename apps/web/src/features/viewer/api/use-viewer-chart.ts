import { viewerChartQuery, type ViewerChart } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { viewerKeys } from './query-keys.ts';

/**
 * The chart in the viewer's URL, with its patient and images; null when the user has no such chart
 * (also for a malformed uuid, which the graph service refuses as invalid input).
 */
export function useViewerChart(uuid: string | null) {
  return useQuery({
    queryKey: viewerKeys.chart(uuid ?? ''),
    enabled: uuid !== null,
    queryFn: async ({ signal }): Promise<ViewerChart | null> => {
      try {
        const data = await runOperation(viewerChartQuery, { uuid: uuid ?? '' }, { signal });
        return data.charts[0] ?? null;
      } catch (error) {
        if (isApiError(error) && (error.code === 'VALIDATION_FAILED' || error.code === 'NOT_FOUND')) return null;
        throw error;
      }
    },
    // Usually filled by the first paint's answer (use-viewer-first-paint.ts): the panels opening with the
    // viewer read it from there instead of asking again.
    staleTime: 60_000,
    retry: false,
  });
}
