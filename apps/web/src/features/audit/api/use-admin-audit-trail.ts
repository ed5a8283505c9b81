import { ADMIN_ENDPOINTS, type AdminAuditPage, type AdminAuditQuery } from '@ceppro/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';
import { auditQuery, emptyFilters, type AuditFilters } from './use-audit-trail.ts';

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

/** The filters as the query of `GET /api/admin/audit/events` (the owner's, and `account`). */
export function adminAuditQuery(filters: AdminAuditFilters, cursor: string | null, limit?: number): AdminAuditQuery {
  const { scope: _mine, ...query } = auditQuery(filters, cursor, limit);
  const account = filters.account.trim();
  return account ? { ...query, account } : query;
}

/** One page of every account's events, newest first; the server records each reading. */
export function useAdminAuditTrail(filters: AdminAuditFilters, cursor: string | null) {
  return useQuery({
    queryKey: adminAuditKeys.page(filters, cursor),
    queryFn: ({ signal }): Promise<AdminAuditPage> =>
      api.call(ADMIN_ENDPOINTS.auditEvents, adminAuditQuery(filters, cursor, 25), { passThrough: [ADMIN_REQUIRED], signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The filtered events as a CSV file (UTF-8 with BOM). */
export function fetchAdminAuditCsv(filters: AdminAuditFilters): Promise<Blob> {
  return api.call(ADMIN_ENDPOINTS.auditCsv, adminAuditQuery(filters, null));
}
