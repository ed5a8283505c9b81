import { MEMBERSHIP_ENDPOINTS, type Membership } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** Server cache key of the signed-in user's membership. */
export const membershipKeys = { current: ['membership'] as const };

/** The user's subscription and billing history (`GET /api/membership`), checked against the contract. */
export function useMembership() {
  return useQuery({
    queryKey: membershipKeys.current,
    queryFn: ({ signal }): Promise<Membership> => api.call(MEMBERSHIP_ENDPOINTS.get, undefined, { signal }),
  });
}

/** Cancels the subscription (`POST /api/membership/cancel`); the answer replaces the cached one. */
export function useCancelMembership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<Membership> => api.call(MEMBERSHIP_ENDPOINTS.cancel),
    onSuccess: (membership) => client.setQueryData(membershipKeys.current, membership),
  });
}

/** One invoice of the user's own as a PDF (`GET /api/membership/invoices/:id/pdf`). */
export function fetchInvoicePdf(invoiceId: string): Promise<Blob> {
  return api.call(MEMBERSHIP_ENDPOINTS.invoicePdf, undefined, { params: { id: invoiceId } });
}
