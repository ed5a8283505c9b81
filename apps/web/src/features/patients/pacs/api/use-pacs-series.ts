import { PACS_ENDPOINTS } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api/index.ts';
import { PACS_PASS_THROUGH, pacsKeys } from './pacs-keys.ts';

/** `POST /api/pacs/series`: a study's series, their instances and thumbnails, once the study is opened. */
export function usePacsSeries(server: string, studyUid: string, open: boolean) {
  return useQuery({
    queryKey: pacsKeys.series(server, studyUid),
    queryFn: async ({ signal }) =>
      (await api.call(PACS_ENDPOINTS.series, { server, study_uid: studyUid }, { passThrough: PACS_PASS_THROUGH, signal })).series,
    enabled: open,
    retry: false,
    staleTime: 60_000,
  });
}
