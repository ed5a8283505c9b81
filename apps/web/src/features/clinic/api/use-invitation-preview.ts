import { CLINIC_ENDPOINTS as E, type ClinicInvitationPreview } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { CLINIC_PASS_THROUGH } from '../../../hooks/use-work-space.ts';
import { api } from '../../../lib/api/index.ts';

/** The invitation a mailed token names, for the accept page (its refusals are the page's to explain). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['clinic-invitation', token ?? ''] as const,
    queryFn: ({ signal }): Promise<ClinicInvitationPreview> =>
      api.call(E.preview, { token: token ?? '' }, { passThrough: CLINIC_PASS_THROUGH, signal }),
    enabled: token !== null,
    retry: false,
  });
}
