import { SITE_INFO_ENDPOINT, type SiteInfo } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api/index.ts';

/**
 * The footer's company and UDI lines from the server's configuration (`GET /public/site-info`,
 * COMPANY_NAME and UDI_CODE). Quiet: the footer is no place for an alert; until it answers (or if
 * it cannot) the footer leaves those values out rather than show ones the operator did not set.
 */
export function useSiteInfo() {
  return useQuery({
    queryKey: ['site-info'] as const,
    queryFn: ({ signal }): Promise<SiteInfo> => api.call(SITE_INFO_ENDPOINT, undefined, { quiet: true, signal }),
    retry: false,
    staleTime: Infinity,
  });
}
