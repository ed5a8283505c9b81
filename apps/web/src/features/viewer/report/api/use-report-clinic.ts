import { AUTH_ENDPOINTS } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api/index.ts';

/**
 * The clinic printed on the report: the account's company name (`GET /api/user-info`). Same cache
 * entry and shape as the my-info screen's profile, so the two never disagree.
 */
export function useReportClinic() {
  return useQuery({
    queryKey: ['user-info'],
    queryFn: ({ signal }) => api.call(AUTH_ENDPOINTS.userInfo, undefined, { signal }),
    select: (profile) => profile.company_name,
    retry: false,
    staleTime: 30_000,
  });
}
