import { PACS_ENDPOINTS, type PacsServerView } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../../lib/api/index.ts';
import { pacsKeys } from './pacs-keys.ts';

/**
 * `GET /api/pacs/servers`: the PACS the operator configured (names only); empty when none, and the
 * buttons stay hidden. A server without the endpoint (404) is a server without PACS: no alert for it.
 */
export function usePacsServers() {
  return useQuery({
    queryKey: pacsKeys.servers,
    queryFn: async ({ signal }): Promise<PacsServerView[]> => {
      try {
        return (await api.call(PACS_ENDPOINTS.servers, undefined, { passThrough: ['NOT_FOUND'], signal })).servers;
      } catch (error) {
        if (isApiError(error) && error.code === 'NOT_FOUND') return [];
        throw error;
      }
    },
    retry: false,
    staleTime: 5 * 60_000,
  });
}
