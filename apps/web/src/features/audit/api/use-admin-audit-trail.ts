import { ADMIN_ENDPOINTS, type AdminAuditPage } from '@ceppro/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { auditQueryString, emptyFilters, type AuditFilters } from './use-audit-trail.ts';

/** The administrators' filters: the owner's, plus an account (e-mail address or user id). */
export interface AdminAuditFilters extends AuditFilters {
  account: string;
}

export const emptyAdminFilters: AdminAuditFilters = { ...emptyFilters, account: '' };

/** The refusal for a signed-in account that is not an administrator: the view explains it. */
export const ADMIN_REQUIRED = 'ADMIN_REQUIRED';

export const adminAuditKeys = {
  page: (filters: AdminAuditFilters, cursor: string | null) => ['admin', 'audit-trail', filters, cursor] as const,
};

/** The filters as the query string of `GET /api/admin/audit/events` (the owner's, and `account`). */
export function adminAuditQueryString(filters: AdminAuditFilters, cursor: string | null, limit?: number): string {
  const params = new URLSearchParams(auditQueryString(filters, cursor, limit).slice(1));
  const account = filters.account.trim();
  if (account) params.set('account', account);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of every account's events, newest first; the server records each reading. */
export function useAdminAuditTrail(filters: AdminAuditFilters, cursor: string | null) {
  return useQuery({
    queryKey: adminAuditKeys.page(filters, cursor),
    queryFn: async (): Promise<AdminAuditPage> =>
      ADMIN_ENDPOINTS.auditEvents.response.parse(
        await api.get(`${ADMIN_ENDPOINTS.auditEvents.path}${adminAuditQueryString(filters, cursor, 25)}`, {
          auth: true,
          passThrough: [ADMIN_REQUIRED],
        }),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The filtered events as a CSV file (UTF-8 with BOM). */
export function fetchAdminAuditCsv(filters: AdminAuditFilters): Promise<Blob> {
  return api.get<Blob>(`${ADMIN_ENDPOINTS.auditCsv.path}${adminAuditQueryString(filters, null)}`, { auth: true, binary: true });
}
