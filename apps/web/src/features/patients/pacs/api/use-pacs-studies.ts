import { PACS_ENDPOINTS, type PacsStudySearchRequest, type PacsStudySearchResponse } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api/index.ts';
import { PACS_PASS_THROUGH, pacsKeys } from './pacs-keys.ts';

/**
 * `POST /api/pacs/studies`: the studies matching the submitted search (null: nothing submitted yet).
 * Never retried: the PACS may be slow.
 */
export function usePacsStudies(query: PacsStudySearchRequest | null) {
  return useQuery({
    queryKey: pacsKeys.studies(query ?? { server: '' }),
    queryFn: ({ signal }): Promise<PacsStudySearchResponse> =>
      api.call(PACS_ENDPOINTS.studies, query ?? { server: '' }, { passThrough: PACS_PASS_THROUGH, signal }),
    enabled: query !== null,
    retry: false,
    staleTime: 30_000,
  });
}
