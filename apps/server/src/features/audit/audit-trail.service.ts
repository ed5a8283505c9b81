import { AUDIT_OUTCOMES, auditQuerySchema, CSV_BOM, csvRecord, type AuditEventView, type AuditPage } from '@ceppro/contract';
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { AuditRepository, TrailFilter, TrailRow } from './audit.repository';
import type { AuditTargetRepository } from './audit-targets.repository';
import type { AuditService } from './audit.service';

type Query = z.output<typeof auditQuerySchema>;

/** Most rows one CSV file holds; a longer trail is exported in date ranges. */
export const CSV_MAX_ROWS = 50_000;
const CSV_PAGE = 500;
const CSV_COLUMNS = [
  'time_utc',
  'action',
  'outcome',
  'by',
  'patient_id',
  'patient_name',
  'target_type',
  'target_id',
  'ip',
  'user_agent',
  'detail',
];

/** The owner's reading of the trail (My info > Activity log) and the print event the web reports. */
export interface AuditTrailDeps {
  repository: AuditRepository;
  targets: AuditTargetRepository;
  audit: AuditService;
}

export function createAuditTrailService({ repository, targets, audit }: AuditTrailDeps) {
  function filterOf(userId: number, query: Query): Omit<TrailFilter, 'limit' | 'after'> {
    const from = query.from ? new Date(query.from) : undefined;
    const to = query.to ? new Date(query.to) : undefined;
    if (from && to && from >= to) throw new AppError('VALIDATION_FAILED', 'The start must be before the end.', { field: 'from' });
    return { userId, from, to, action: query.action, outcome: query.outcome, patientId: query.patient_id };
  }

  return {
    async page(userId: number, query: Query): Promise<AuditPage> {
      const rows = await repository.trail({ ...filterOf(userId, query), after: parseCursor(query.cursor), limit: query.limit + 1 });
      const items = rows.slice(0, query.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((row) => toView(row, userId)),
        next_cursor: rows.length > query.limit && last ? `${last.at.getTime()}.${last.id}` : null,
      };
    },

    /** The filtered trail as CSV (UTF-8 with BOM), read page by page while the client takes it. */
    csv(userId: number, query: Query): Readable {
      const filter = filterOf(userId, query);
      async function* chunks(): AsyncGenerator<string> {
        yield CSV_BOM + csvRecord(CSV_COLUMNS);
        let after: TrailFilter['after'];
        for (let sent = 0; sent < CSV_MAX_ROWS; ) {
          const rows = await repository.trail({ ...filter, after, limit: Math.min(CSV_PAGE, CSV_MAX_ROWS - sent) });
          if (rows.length === 0) return;
          yield rows.map((row) => csvRecord(csvCells(toView(row, userId)))).join('');
          sent += rows.length;
          const last = rows[rows.length - 1];
          if (!last || rows.length < CSV_PAGE) return;
          after = { at: last.at, id: last.id };
          await yieldToLoop();
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },

    /** A report sent to the printer: recorded against the chart's owner; someone else's chart is NOT_FOUND (and denied). */
    async print(userId: number, client: { ip: string; userAgent: string | null }, chartId: string): Promise<void> {
      const chart = await targets.resolve({ kind: 'chart', by: 'chart_id', id: chartId });
      const error = chart?.ownerUserId === userId ? undefined : new AppError('NOT_FOUND');
      await audit.access({
        actorUserId: userId,
        client,
        action: 'report.print',
        target: { kind: 'chart', by: 'chart_id', id: chartId },
        ...(error && { error }),
      });
      if (error) throw error;
    },
  };
}

function parseCursor(cursor: string | undefined): TrailFilter['after'] {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('.').map(Number);
  if (at === undefined || id === undefined || !Number.isSafeInteger(at) || !Number.isSafeInteger(id))
    throw new AppError('VALIDATION_FAILED', undefined, { field: 'cursor' });
  return { at: new Date(at), id };
}

/** What the trail resolved about a target (whose patient, which chart): the owner's to see, not the requester's. */
const RESOLVED_KEYS = ['patientId', 'chartId'];

function toView(row: TrailRow, userId: number): AuditEventView {
  const view: AuditEventView = {
    id: String(row.id),
    at: row.at.toISOString(),
    action: row.action,
    outcome: AUDIT_OUTCOMES.includes(row.outcome) ? row.outcome : 'failed',
    by_me: row.actorUserId === userId,
    actor_user_id: row.actorUserId,
    target_type: row.targetType,
    target_id: row.targetId,
    patient: row.patient && { id: row.patient.id, patient_id: row.patient.patientId, name: row.patient.name },
    ip: row.ip,
    user_agent: row.userAgent,
    detail: row.detail ?? null,
  };
  return refusedOnNotMine(row, userId) ? asRequesterSees(view) : view;
}

/**
 * The reader's own request, refused on another account's data (that account's trail has it as
 * `denied`) or failed on nothing (an id that resolves to no patient data).
 */
function refusedOnNotMine(row: TrailRow, userId: number): boolean {
  if (row.actorUserId !== userId || row.outcome === 'success') return false;
  if (row.outcome === 'denied') return row.ownerUserId !== null && row.ownerUserId !== userId;
  const detail = row.detail ?? {};
  return row.ownerUserId === userId && 'requested' in detail && !('patientId' in detail);
}

/**
 * A refusal as its requester sees it: what they sent and `failed`, the very row a request for an
 * id that does not exist gives them (same outcome, target and detail), so their trail never tells
 * whether an id exists or whose it is.
 */
function asRequesterSees(view: AuditEventView): AuditEventView {
  const detail = Object.fromEntries(Object.entries(view.detail ?? {}).filter(([key]) => !RESOLVED_KEYS.includes(key)));
  const requested = detail['requested'];
  const sent = typeof requested === 'object' && requested !== null ? (requested as Record<string, unknown>) : {};
  return {
    ...view,
    outcome: 'failed',
    target_type: typeof sent['type'] === 'string' ? sent['type'] : 'none',
    target_id: typeof sent['id'] === 'string' ? sent['id'] : null,
    patient: null,
    detail: Object.keys(detail).length > 0 ? detail : null,
  };
}

function csvCells(view: AuditEventView): Array<string | null> {
  const by = view.by_me ? 'me' : view.actor_user_id === null ? 'unknown' : `user ${view.actor_user_id}`;
  return [
    view.at,
    view.action,
    view.outcome,
    by,
    view.patient?.patient_id ?? null,
    view.patient?.name ?? null,
    view.target_type,
    view.target_id,
    view.ip,
    view.user_agent,
    view.detail ? JSON.stringify(view.detail) : null,
  ];
}

export type AuditTrailService = ReturnType<typeof createAuditTrailService>;
