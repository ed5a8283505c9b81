import { AUDIT_ENDPOINTS, type AuditOutcome, type AuditPage, type AuditQuery } from '@ceppro/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** The trail's filters as the screen holds them; empty strings mean "any". */
export interface AuditFilters {
  /** yyyy-mm-dd in the user's time zone, inclusive. */
  from: string;
  to: string;
  action: string;
  outcome: '' | AuditOutcome;
  patientId: string;
}

export const emptyFilters: AuditFilters = { from: '', to: '', action: '', outcome: '', patientId: '' };

/**
 * Whose trail: `mine` (events on my data or by me) or `clinic` (every event on the data of the clinic
 * I work in, whoever acted: the owner's, `audit.read_clinic`).
 */
export type AuditScope = 'mine' | 'clinic';

export const auditKeys = {
  page: (filters: AuditFilters, cursor: string | null, scope: AuditScope = 'mine') => ['audit-trail', scope, filters, cursor] as const,
};

/** The filters as the query of `GET /api/audit/events` (days become instants in local time; absent: any). */
export function auditQuery(filters: AuditFilters, cursor: string | null, limit?: number, scope: AuditScope = 'mine'): AuditQuery {
  const query: AuditQuery = {};
  if (scope === 'clinic') query.scope = 'clinic';
  if (filters.from) query.from = new Date(`${filters.from}T00:00:00`).toISOString();
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    query.to = end.toISOString();
  }
  if (filters.action) query.action = filters.action;
  if (filters.outcome) query.outcome = filters.outcome;
  if (/^\d+$/.test(filters.patientId)) query.patient_id = Number(filters.patientId);
  if (cursor) query.cursor = cursor;
  if (limit !== undefined) query.limit = limit;
  return query;
}

/** One page of the signed-in user's trail (or their clinic's), newest first; checked against the contract. */
export function useAuditTrail(filters: AuditFilters, cursor: string | null, scope: AuditScope = 'mine') {
  return useQuery({
    queryKey: auditKeys.page(filters, cursor, scope),
    queryFn: ({ signal }): Promise<AuditPage> => api.call(AUDIT_ENDPOINTS.list, auditQuery(filters, cursor, 25, scope), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The filtered trail as a CSV file (UTF-8 with BOM). */
export function fetchAuditCsv(filters: AuditFilters, scope: AuditScope = 'mine'): Promise<Blob> {
  return api.call(AUDIT_ENDPOINTS.csv, auditQuery(filters, null, undefined, scope));
}
