import { AUDIT_OUTCOMES, type AdminAuditEventView, type AdminAuditPage, type adminAuditQuerySchema } from '@ceppro/contract';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { pagedCsv, parseCursor, targetCells } from './audit-trail.service';
import type { AdminTrailFilter, AdminTrailRow, AuditRepository } from './audit.repository';

export type AdminAuditQueryInput = z.output<typeof adminAuditQuerySchema>;

const CSV_COLUMNS = [
  'time_utc',
  'action',
  'outcome',
  'actor_user_id',
  'actor_email',
  'owner_user_id',
  'owner_email',
  'patient_ref',
  'patient_number',
  'chart_id',
  'target_type',
  'target_id',
  'ip',
  'user_agent',
  'detail',
];

export interface AdminTrailDeps {
  repository: AuditRepository;
  /** AUDIT_RETENTION_DAYS, shown with the view. */
  retentionDays: number;
}

/**
 * The administrators' reading of the trail (features/admin calls it after its role check, and
 * records the reading as `admin.audit_view`): every account's events, outcomes as recorded and
 * targets as resolved (a refused request shows the patient and chart it hit), patient names never.
 */
export function createAdminTrailService({ repository, retentionDays }: AdminTrailDeps) {
  function filterOf(query: AdminAuditQueryInput, accountIds: number[] | undefined): Omit<AdminTrailFilter, 'limit' | 'after'> {
    const from = query.from ? new Date(query.from) : undefined;
    const to = query.to ? new Date(query.to) : undefined;
    if (from && to && from >= to) throw new AppError('VALIDATION_FAILED', 'The start must be before the end.', { field: 'from' });
    return { accountIds, from, to, action: query.action, outcome: query.outcome, patientId: query.patient_id };
  }

  return {
    retentionDays,

    /**
     * The accounts the `account` filter names: a user id (digits), else an e-mail address
     * (case-insensitive); undefined when the filter is empty, [] when it names no account.
     */
    async accountsNamed(account: string | undefined): Promise<number[] | undefined> {
      if (!account) return undefined;
      if (/^\d{1,9}$/.test(account)) return [Number(account)];
      return repository.accountIdsByEmail(account);
    },

    async page(query: AdminAuditQueryInput, accountIds: number[] | undefined): Promise<AdminAuditPage> {
      const rows = await repository.adminTrail({
        ...filterOf(query, accountIds),
        after: parseCursor(query.cursor),
        limit: query.limit + 1,
      });
      const items = rows.slice(0, query.limit);
      const last = items[items.length - 1];
      return {
        items: items.map(toAdminView),
        next_cursor: rows.length > query.limit && last ? `${last.at.getTime()}.${last.id}` : null,
        retention_days: retentionDays,
      };
    },

    /** The filtered trail as CSV (UTF-8 with BOM), the owner's format with the accounts' columns. */
    csv(query: AdminAuditQueryInput, accountIds: number[] | undefined): Readable {
      const filter = filterOf(query, accountIds);
      return pagedCsv(
        CSV_COLUMNS,
        (after, limit) => repository.adminTrail({ ...filter, after, limit }),
        (row) => csvCells(toAdminView(row)),
      );
    },
  };
}

function toAdminView(row: AdminTrailRow): AdminAuditEventView {
  const detail = row.detail ?? null;
  const resolved = detail !== null && 'patientId' in detail;
  const chartId = typeof detail?.['chartId'] === 'string' ? detail['chartId'] : null;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    action: row.action,
    outcome: AUDIT_OUTCOMES.includes(row.outcome) ? row.outcome : 'failed',
    actor: row.actorUserId === null ? null : { user_id: row.actorUserId, email: row.actorEmail },
    owner: row.ownerUserId === null ? null : { user_id: row.ownerUserId, email: row.ownerEmail },
    target_type: row.targetType,
    target_id: row.targetId,
    patient_ref: row.patientRef,
    patient_number: row.patientNumber,
    // A chart target is named by its chart_id once resolved; an unresolved one is only what was sent.
    chart_id: chartId ?? (row.targetType === 'chart' && resolved ? row.targetId : null),
    ip: row.ip,
    user_agent: row.userAgent,
    detail,
  };
}

function csvCells(view: AdminAuditEventView): Array<string | number | null> {
  return [
    view.at,
    view.action,
    view.outcome,
    view.actor?.user_id ?? null,
    view.actor?.email ?? null,
    view.owner?.user_id ?? null,
    view.owner?.email ?? null,
    view.patient_ref,
    view.patient_number,
    view.chart_id,
    ...targetCells(view),
  ];
}

export type AdminTrailService = ReturnType<typeof createAdminTrailService>;
