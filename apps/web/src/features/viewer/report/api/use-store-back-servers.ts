import { PACS_ENDPOINTS } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api/index.ts';

/** `GET /api/pacs/servers`: the PACS the report can be sent to (names only); empty when none is configured. */
export function useStoreBackServers() {
  return useQuery({
    queryKey: ['pacs', 'servers'] as const,
    queryFn: async ({ signal }) => (await api.call(PACS_ENDPOINTS.servers, undefined, { signal })).servers,
    staleTime: 5 * 60_000,
  });
}
