import { and, desc, eq, gte, isNotNull, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { auditEvents, patients } from '../../db/schema/index';
import { REFUSAL_SUMMARY_ACTION } from './audit-refusals';

export type AuditRow = typeof auditEvents.$inferSelect;

export interface TrailFilter {
  /** The reader: rows where they are the owner or the actor, nothing else. */
  userId: number;
  from?: Date;
  to?: Date;
  /** A kind (`export`) matches every `export.*`; a full code matches itself. */
  action?: string;
  outcome?: AuditRow['outcome'];
  patientId?: number;
  after?: { at: Date; id: number };
  limit: number;
}

export interface TrailRow extends AuditRow {
  patient: { id: number; patientId: string | null; name: string } | null;
}

// Guarded: a detail written by another feature with a non-numeric patientId must not break the list.
const patientOfEvent = sql<
  number | null
>`(case when ${auditEvents.detail}->>'patientId' ~ '^[0-9]{1,9}$' then (${auditEvents.detail}->>'patientId')::integer end)`;

/**
 * A row the reader caused on someone else's data, refused: the reader sees it as what they sent and
 * `failed`, exactly like a request for an id that does not exist (audit-trail.service.ts `toView`).
 */
const refusedOnOthers = (userId: number): SQL =>
  and(eq(auditEvents.outcome, 'denied'), isNotNull(auditEvents.ownerUserId), ne(auditEvents.ownerUserId, userId)) as SQL;

/** The target a refused request named, as sent (`detail.requested`). */
const requestedType = sql`${auditEvents.detail}->'requested'->>'type'`;
const requestedId = sql`${auditEvents.detail}->'requested'->>'id'`;

/** Which rows a reader sees: on their data, or by them (not another owner's count of their refusals). */
function visibleTo(userId: number): SQL {
  return or(
    eq(auditEvents.ownerUserId, userId),
    and(
      eq(auditEvents.actorUserId, userId),
      or(ne(auditEvents.action, REFUSAL_SUMMARY_ACTION), isNull(auditEvents.ownerUserId), eq(auditEvents.ownerUserId, userId)),
    ),
  ) as SQL;
}

/** The outcome filter as the reader sees outcomes: their refusals on others' data read as `failed`. */
function outcomeAsSeen(userId: number, outcome: AuditRow['outcome']): SQL {
  if (outcome === 'success') return eq(auditEvents.outcome, 'success');
  const refused = refusedOnOthers(userId);
  if (outcome === 'failed') return or(eq(auditEvents.outcome, 'failed'), refused) as SQL;
  return and(eq(auditEvents.outcome, 'denied'), sql`not (${refused})`) as SQL;
}

/**
 * The patient filter: the owner's rows about that patient, and the reader's refused requests that
 * named that patient id (as sent: whether it exists, and whose it is, is not the reader's to learn).
 */
function aboutPatient(userId: number, id: number): SQL {
  const mine = and(
    eq(auditEvents.ownerUserId, userId),
    or(and(eq(auditEvents.targetType, 'patient'), eq(auditEvents.targetId, String(id))), sql`${patientOfEvent} = ${id}`),
  );
  const asked = and(refusedOnOthers(userId), sql`${requestedType} = 'patient'`, sql`${requestedId} = ${String(id)}`);
  return or(mine, asked) as SQL;
}

/** The SQL of the audit trail: inserts and reads only; there is deliberately no update or delete. */
export function createAuditRepository(db: AppDatabase) {
  return {
    async insert(values: typeof auditEvents.$inferInsert): Promise<void> {
      await db.insert(auditEvents).values(values);
    },

    /** Newest first, keyset-paginated on (at, id). Patient names join only for the reader's own patients. */
    async trail(filter: TrailFilter): Promise<TrailRow[]> {
      const conditions: SQL[] = [visibleTo(filter.userId)];
      if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
      if (filter.to) conditions.push(lt(auditEvents.at, filter.to));
      if (filter.action)
        conditions.push(
          filter.action.includes('.') ? eq(auditEvents.action, filter.action) : like(auditEvents.action, `${filter.action}.%`),
        );
      if (filter.outcome) conditions.push(outcomeAsSeen(filter.userId, filter.outcome));
      if (filter.patientId !== undefined) conditions.push(aboutPatient(filter.userId, filter.patientId));
      if (filter.after) {
        const { at, id } = filter.after;
        conditions.push(or(lt(auditEvents.at, at), and(eq(auditEvents.at, at), lt(auditEvents.id, id))) as SQL);
      }
      const rows = await db
        .select({ event: auditEvents, patientRef: patients.id, patientNumber: patients.patientId, name: patients.firstName })
        .from(auditEvents)
        .leftJoin(patients, and(eq(patients.id, patientOfEvent), eq(patients.userId, filter.userId)))
        .where(and(...conditions))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(filter.limit);
      return rows.map(({ event, patientRef, patientNumber, name }) => ({
        ...event,
        patient: patientRef === null || name === null ? null : { id: patientRef, patientId: patientNumber, name },
      }));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
