import { ADMIN_ENDPOINTS, type AdminAccount, type AdminAccountFilter, type AdminAccountPage, type UserTypeCd } from '@ceppro/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** Server cache keys of the admin screen: one list per search and filter. */
export const adminKeys = {
  all: ['admin', 'accounts'] as const,
  list: (q: string, filter: AdminAccountFilter) => ['admin', 'accounts', q, filter] as const,
};

/** The refusal for a signed-in account that is not an admin: the screen explains it. */
export const ADMIN_REQUIRED = 'ADMIN_REQUIRED';

/** `GET /api/admin/accounts`, newest first, a page at a time (keyset: `after` is the previous page's cursor). */
export function useAdminAccounts(q: string, filter: AdminAccountFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.list(q, filter),
    initialPageParam: null as string | null,
    getNextPageParam: (last: AdminAccountPage) => last.next_cursor,
    queryFn: async ({ pageParam, signal }): Promise<AdminAccountPage> => {
      const query = { filter, ...(q !== '' && { q }), ...(pageParam !== null && pageParam !== '' && { after: pageParam }) };
      return api.call(ADMIN_ENDPOINTS.list, query, { passThrough: [ADMIN_REQUIRED], signal });
    },
    retry: false,
  });
}

/** One admin action on one account; the server records it in the audit trail. */
export type AdminActionInput =
  | { kind: 'approve'; uuid: string }
  | { kind: 'unlock'; uuid: string }
  | { kind: 'setExpiry'; uuid: string; expiresAt: string }
  | { kind: 'changeType'; uuid: string; userType: UserTypeCd };

function send(input: AdminActionInput): Promise<AdminAccount> {
  const options = { params: { uuid: input.uuid }, passThrough: [ADMIN_REQUIRED, 'CONFLICT'] };
  switch (input.kind) {
    case 'approve':
      return api.call(ADMIN_ENDPOINTS.approve, undefined, options);
    case 'unlock':
      return api.call(ADMIN_ENDPOINTS.unlock, undefined, options);
    case 'setExpiry':
      return api.call(ADMIN_ENDPOINTS.setExpiry, { expires_at: input.expiresAt }, options);
    case 'changeType':
      return api.call(ADMIN_ENDPOINTS.changeType, { user_type: input.userType }, options);
  }
}

/** Runs an action; the lists are read again so filters (pending, locked, expired) stay true. */
export function useAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
