import { PACS_ENDPOINTS, type PacsSeriesResponse } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api/index.ts';
import { PACS_PASS_THROUGH, pacsKeys } from './pacs-keys.ts';

/** `POST /api/pacs/series`: a study's series, their instances and thumbnails, once the study is opened. */
export function usePacsSeries(server: string, studyUid: string, open: boolean) {
  return useQuery({
    queryKey: pacsKeys.series(server, studyUid),
    queryFn: async () =>
      (
        await api.post<PacsSeriesResponse>(
          PACS_ENDPOINTS.series.path,
          {},
          { auth: true, json: { server, study_uid: studyUid }, idempotent: true, passThrough: PACS_PASS_THROUGH },
        )
      ).series,
    enabled: open,
    retry: false,
    staleTime: 60_000,
  });
}
