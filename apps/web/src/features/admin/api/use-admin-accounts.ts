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
    queryFn: async ({ pageParam }): Promise<AdminAccountPage> => {
      const params = new URLSearchParams({ filter });
      if (q) params.set('q', q);
      if (pageParam) params.set('after', pageParam);
      const path = `${ADMIN_ENDPOINTS.list.path}?${params.toString()}`;
      return ADMIN_ENDPOINTS.list.response.parse(await api.get(path, { auth: true, passThrough: [ADMIN_REQUIRED] }));
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

function send(input: AdminActionInput): Promise<unknown> {
  const options = { auth: true, passThrough: [ADMIN_REQUIRED, 'CONFLICT'] } as const;
  switch (input.kind) {
    case 'approve':
      return api.post(ADMIN_ENDPOINTS.approve.to(input.uuid), undefined, { ...options, json: {} });
    case 'unlock':
      return api.post(ADMIN_ENDPOINTS.unlock.to(input.uuid), undefined, { ...options, json: {}, idempotent: true });
    case 'setExpiry':
      return api.post(ADMIN_ENDPOINTS.setExpiry.to(input.uuid), undefined, {
        ...options,
        json: { expires_at: input.expiresAt },
        idempotent: true,
      });
    case 'changeType':
      return api.post(ADMIN_ENDPOINTS.changeType.to(input.uuid), undefined, {
        ...options,
        json: { user_type: input.userType },
        idempotent: true,
      });
  }
}

/** Runs an action; the lists are read again so filters (pending, locked, expired) stay true. */
export function useAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdminActionInput): Promise<AdminAccount> => ADMIN_ENDPOINTS.approve.response.parse(await send(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
