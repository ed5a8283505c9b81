import { MEMBERSHIP_ENDPOINTS, type Membership } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** Server cache key of the signed-in user's membership. */
export const membershipKeys = { current: ['membership'] as const };

/** The user's subscription and billing history (`GET /api/membership`), checked against the contract. */
export function useMembership() {
  return useQuery({
    queryKey: membershipKeys.current,
    queryFn: async (): Promise<Membership> =>
      MEMBERSHIP_ENDPOINTS.get.response.parse(await api.get(MEMBERSHIP_ENDPOINTS.get.path, { auth: true })),
  });
}

/** Cancels the subscription (`POST /api/membership/cancel`); the answer replaces the cached one. */
export function useCancelMembership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Membership> =>
      MEMBERSHIP_ENDPOINTS.cancel.response.parse(await api.post(MEMBERSHIP_ENDPOINTS.cancel.path, undefined, { auth: true })),
    onSuccess: (membership) => client.setQueryData(membershipKeys.current, membership),
  });
}

/** One invoice of the user's own as a PDF (`GET /api/membership/invoices/:id/pdf`). */
export function fetchInvoicePdf(invoiceId: string): Promise<Blob> {
  return api.get<Blob>(MEMBERSHIP_ENDPOINTS.invoicePdf.url(invoiceId), { auth: true, binary: true });
}
