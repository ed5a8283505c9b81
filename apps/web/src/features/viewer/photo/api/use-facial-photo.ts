import { FILE_ENDPOINTS, IMAGE_TYPE, type DownloadEntry } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api } from '../../../../lib/api/index.ts';
import { useViewerChart } from '../../api/use-viewer-chart.ts';

/**
 * The open chart's lateral facial photo (chart data `image_type_cd` 00710) through the same
 * `POST /minio/download` the film uses: a presigned URL (full size), or null when the chart has no
 * photo. `chartDataId` is null when the chart has none.
 */
export function useFacialPhoto() {
  const { id } = useParams();
  const chart = useViewerChart(id ?? null).data ?? null;
  const data = chart?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.lateralFace) ?? null;
  const chartId = chart?.chart_id ?? null;
  const query = useQuery({
    queryKey: ['viewer', 'facial-photo', chartId ?? '', data?.id ?? -1] as const,
    enabled: chartId !== null && data !== null,
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<DownloadEntry | null> => {
      const entries = await api.call(
        FILE_ENDPOINTS.download,
        { chart_id: chartId ?? '', image_type_cd: [IMAGE_TYPE.lateralFace], thumbnail_only_check: false },
        { signal },
      );
      return entries.find((entry) => entry.image_type_cd === IMAGE_TYPE.lateralFace && !entry.lost && entry.presignedPath !== null) ?? null;
    },
  });
  return { chart, chartDataId: data?.id ?? null, entry: query.data ?? null, query };
}
