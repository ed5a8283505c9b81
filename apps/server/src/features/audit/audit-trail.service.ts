import { AUDIT_OUTCOMES, auditQuerySchema, CSV_BOM, csvRecord, type AuditEventView, type AuditPage } from '@ceppro/contract';
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { z } from 'zod';
import { actorFor, asActor, can, inActorSpace, type Actor, type ActorRef } from '../../access/index';
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

/** The clinic view's file names the member who acted, after the time. */
const CLINIC_CSV_COLUMNS = ['time_utc', 'member', ...CSV_COLUMNS.slice(1)];

/**
 * The reader's trail (My info > Activity log: what they did and what happened to their own data), the
 * clinic's trail for its owner (`scope: 'clinic'`, `audit.read_clinic`), and the print event the web reports.
 */
export interface AuditTrailDeps {
  repository: AuditRepository;
  targets: AuditTargetRepository;
  audit: AuditService;
}

export function createAuditTrailService({ repository, targets, audit }: AuditTrailDeps) {
  function filterOf(ref: ActorRef, query: Query): Omit<TrailFilter, 'limit' | 'after'> {
    const scope = query.scope ?? 'mine';
    // Every member reads what they did (`audit.read`); the clinic's whole trail is its owner's.
    const actor: Actor = actorFor(ref, scope === 'clinic' ? 'audit.read_clinic' : 'audit.read');
    const from = query.from ? new Date(query.from) : undefined;
    const to = query.to ? new Date(query.to) : undefined;
    if (from && to && from >= to) throw new AppError('VALIDATION_FAILED', 'The start must be before the end.', { field: 'from' });
    return { actor, scope, from, to, action: query.action, outcome: query.outcome, patientId: query.patient_id };
  }

  return {
    async page(ref: ActorRef, query: Query): Promise<AuditPage> {
      const filter = filterOf(ref, query);
      const rows = await repository.trail({ ...filter, after: parseCursor(query.cursor), limit: query.limit + 1 });
      const items = rows.slice(0, query.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((row) => toView(row, filter.actor.userId, filter.scope)),
        next_cursor: rows.length > query.limit && last ? `${last.at.getTime()}.${last.id}` : null,
      };
    },

    /** The filtered trail as CSV (UTF-8 with BOM), read page by page while the client takes it. */
    csv(ref: ActorRef, query: Query): Readable {
      const filter = filterOf(ref, query);
      return pagedCsv(
        filter.scope === 'clinic' ? CLINIC_CSV_COLUMNS : CSV_COLUMNS,
        (after, limit) => repository.trail({ ...filter, after, limit }),
        (row) => csvCells(toView(row, filter.actor.userId, filter.scope), filter.scope),
      );
    },

    /**
     * A report sent to the printer: recorded against the chart's owner (a clinic's chart: the clinic).
     * Printing takes the report out of the product like its PDF (`report.pdf`, 403 ROLE_FORBIDDEN,
     * recorded); a chart outside the caller's space is NOT_FOUND (and denied).
     */
    async print(ref: ActorRef, client: { ip: string; userAgent: string | null }, chartId: string): Promise<void> {
      const actor = asActor(ref);
      const chart = await targets.resolve({ kind: 'chart', by: 'chart_id', id: chartId });
      const mine = chart !== null && inActorSpace(actor, { creatorUserId: chart.ownerUserId, clinicId: chart.clinicId });
      const error = !mine ? new AppError('NOT_FOUND') : can(actor, 'report.pdf') ? undefined : new AppError('ROLE_FORBIDDEN');
      await audit.access({
        actorUserId: actor.userId,
        actor,
        client,
        action: 'report.print',
        target: { kind: 'chart', by: 'chart_id', id: chartId },
        ...(error && { error }),
      });
      if (error) throw error;
    },
  };
}

/**
 * Rows as CSV (UTF-8 with BOM, the header first), read `CSV_PAGE` at a time on the (at, id) keyset
 * while the client takes them, at most CSV_MAX_ROWS. The owner's and the administrators' files.
 */
export function pagedCsv<R extends { at: Date; id: number }>(
  columns: readonly string[],
  read: (after: TrailFilter['after'], limit: number) => Promise<R[]>,
  cells: (row: R) => Array<string | number | null>,
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield CSV_BOM + csvRecord(columns);
    let after: TrailFilter['after'];
    for (let sent = 0; sent < CSV_MAX_ROWS; ) {
      const rows = await read(after, Math.min(CSV_PAGE, CSV_MAX_ROWS - sent));
      if (rows.length === 0) return;
      yield rows.map((row) => csvRecord(cells(row))).join('');
      sent += rows.length;
      const last = rows[rows.length - 1];
      if (!last || rows.length < CSV_PAGE) return;
      after = { at: last.at, id: last.id };
      await yieldToLoop();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The `next_cursor` of a page (`<ms>.<id>` of its last row) as the keyset to read after. */
export function parseCursor(cursor: string | undefined): TrailFilter['after'] {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('.').map(Number);
  if (at === undefined || id === undefined || !Number.isSafeInteger(at) || !Number.isSafeInteger(id))
    throw new AppError('VALIDATION_FAILED', undefined, { field: 'cursor' });
  return { at: new Date(at), id };
}

/** What the trail resolved about a target (whose patient, which chart): the owner's to see, not the requester's. */
const RESOLVED_KEYS = ['patientId', 'chartId'];

function toView(row: TrailRow, userId: number, scope: 'mine' | 'clinic' = 'mine'): AuditEventView {
  const view: AuditEventView = {
    id: String(row.id),
    at: row.at.toISOString(),
    action: row.action,
    outcome: AUDIT_OUTCOMES.includes(row.outcome) ? row.outcome : 'failed',
    by_me: row.actorUserId === userId,
    actor_user_id: row.actorUserId,
    ...(scope === 'clinic' && { actor_name: row.actorName }),
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
  // Denied: on data outside the space the reader worked in (another account's, or a clinic's).
  if (row.outcome === 'denied') return row.ownerClinicId !== null || (row.ownerUserId !== null && row.ownerUserId !== userId);
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

function csvCells(view: AuditEventView, scope: 'mine' | 'clinic' = 'mine'): Array<string | null> {
  const by = view.by_me ? 'me' : view.actor_user_id === null ? 'unknown' : `user ${view.actor_user_id}`;
  return [
    view.at,
    ...(scope === 'clinic' ? [view.actor_name ?? null] : []),
    view.action,
    view.outcome,
    by,
    view.patient?.patient_id ?? null,
    view.patient?.name ?? null,
    ...targetCells(view),
  ];
}

/** The last columns of both trails' CSV (a user's and the admin's): the target, where from, and the detail as JSON. */
export function targetCells(
  view: Pick<AuditEventView, 'target_type' | 'target_id' | 'ip' | 'user_agent' | 'detail'>,
): Array<string | null> {
  return [view.target_type, view.target_id, view.ip, view.user_agent, view.detail ? JSON.stringify(view.detail) : null];
}

export type AuditTrailService = ReturnType<typeof createAuditTrailService>;
