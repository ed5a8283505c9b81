import { FILE_ENDPOINTS, IMAGE_TYPE, type DownloadEntry } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { viewerKeys } from './query-keys.ts';

/**
 * The full-size cephalogram of a chart (`POST /minio/download`): a presigned URL, or an entry marked
 * lost when the stored object is missing (the screen shows LOST). null when the chart has none.
 * Presigned URLs expire, so the answer is not kept fresh for long.
 */
export function useChartImage(chartId: string | null, chartDataId: number | null) {
  return useQuery({
    queryKey: viewerKeys.image(chartId ?? '', chartDataId ?? -1),
    enabled: chartId !== null && chartDataId !== null,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<DownloadEntry | null> => {
      const entries = await api.call(
        FILE_ENDPOINTS.download,
        { chart_id: chartId ?? '', image_type_cd: [IMAGE_TYPE.cephalogram], thumbnail_only_check: false },
        { signal },
      );
      return entries.find((entry) => entry.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
    },
    retry: false,
  });
}
