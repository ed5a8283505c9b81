import { FILE_ENDPOINTS, IMAGE_TYPE, type DownloadRequest } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { patientKeys } from './query-keys.ts';

export type Thumbnail = { kind: 'image'; url: string } | { kind: 'lost' } | { kind: 'none' };

/**
 * The cephalogram thumbnail of one chart (`POST /minio/download`). An entry marked lost, or a
 * chart without a cephalogram, has nothing to show: the tile says LOST.
 */
export async function fetchChartThumbnail(chartId: string, signal?: AbortSignal): Promise<Thumbnail> {
  const body: DownloadRequest = { chart_id: chartId, image_type_cd: [IMAGE_TYPE.cephalogram], thumbnail_only_check: true };
  const entries = await api.call(FILE_ENDPOINTS.download, body, { signal });
  const ceph = entries.find((e) => e.image_type_cd === IMAGE_TYPE.cephalogram);
  if (ceph === undefined) return { kind: 'none' };
  if (ceph.lost || ceph.presignedPath === null) return { kind: 'lost' };
  return { kind: 'image', url: ceph.presignedPath };
}

/** Presigned URLs expire (10 min): refetch well before that. */
const THUMBNAIL_STALE_MS = 5 * 60 * 1000;

export function useChartThumbnail(chartId: string) {
  return useQuery({
    queryKey: patientKeys.thumbnail(chartId),
    queryFn: ({ signal }) => fetchChartThumbnail(chartId, signal),
    retry: false,
    staleTime: THUMBNAIL_STALE_MS,
  });
}
