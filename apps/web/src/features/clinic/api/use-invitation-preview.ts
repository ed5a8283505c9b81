import { CLINIC_ENDPOINTS as E, type ClinicInvitationPreview } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { CLINIC_PASS_THROUGH } from '../../../hooks/use-work-space.ts';
import { api } from '../../../lib/api/index.ts';

/** The invitation a mailed token names, for the accept page (its refusals are the page's to explain). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['clinic-invitation', token ?? ''] as const,
    queryFn: async (): Promise<ClinicInvitationPreview> =>
      E.preview.response.parse(
        await api.post(E.preview.path, undefined, { auth: true, json: { token }, idempotent: true, passThrough: CLINIC_PASS_THROUGH }),
      ),
    enabled: token !== null,
    retry: false,
  });
}
