import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { patientScope, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { auditEvents, patients, users } from '../../db/schema/index';
import { REFUSAL_SUMMARY_ACTION } from './audit-refusals';

export type AuditRow = typeof auditEvents.$inferSelect;

export interface TrailFilter {
  /** The reader, in the space they work in (patient names join for that space's patients only). */
  actor: Actor;
  /**
   * `mine`: rows where the reader is the owner or the actor, nothing else (a member sees what they did
   * in a clinic, not what others did). `clinic`: every row on the reader's clinic's data, whoever
   * acted (the owner's view; the service asks the access policy for `audit.read_clinic`).
   */
  scope: 'mine' | 'clinic';
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
  /** The acting member's first name (the clinic view only; null otherwise or when unknown). */
  actorName: string | null;
}

/** The administrators' reading: every account's rows, filtered. */
export interface AdminTrailFilter extends Omit<TrailFilter, 'actor' | 'scope'> {
  /** Rows where one of these accounts is the actor or the owner; an empty list matches nothing. */
  accountIds?: number[];
}

export interface AdminTrailRow extends AuditRow {
  actorEmail: string | null;
  ownerEmail: string | null;
  /** The patient the row concerns (its detail's `patientId`, or a patient target) and its number in the clinic. */
  patientRef: number | null;
  patientNumber: string | null;
}

// Guarded: a detail written by another feature with a non-numeric patientId must not break the list.
const patientOfEvent = sql<
  number | null
>`(case when ${auditEvents.detail}->>'patientId' ~ '^[0-9]{1,9}$' then (${auditEvents.detail}->>'patientId')::integer end)`;

/**
 * A row the reader caused on someone else's data (an account's or a clinic's), refused: the reader
 * sees it as what they sent and `failed`, exactly like a request for an id that does not exist
 * (audit-trail.service.ts `toView`). A denied row is always on data outside the actor's space.
 */
const refusedOnOthers = (userId: number): SQL =>
  and(
    eq(auditEvents.outcome, 'denied'),
    or(isNotNull(auditEvents.ownerClinicId), and(isNotNull(auditEvents.ownerUserId), ne(auditEvents.ownerUserId, userId))),
  ) as SQL;

/** The patient a row concerns: its detail's `patientId`, else a patient target's id. */
const patientConcerned = sql<number | null>`coalesce(${patientOfEvent}, (case when ${auditEvents.targetType} = 'patient'
  and ${auditEvents.targetId} ~ '^[0-9]{1,9}$' then (${auditEvents.targetId})::integer end))`;

/** A list read that returned this patient (`detail.patientIds` of patient.list, chart.list, export.batch). */
const listed = (id: number): SQL => sql`coalesce(${auditEvents.detail}->'patientIds' @> ${JSON.stringify([id])}::jsonb, false)`;

/** The action filter: a kind (`export`) matches every `export.*`; a full code matches itself. */
const actionIs = (action: string): SQL => (action.includes('.') ? eq(auditEvents.action, action) : like(auditEvents.action, `${action}.%`));

/** Keyset condition: rows after (older than) the last one of the previous page. */
const olderThan = ({ at, id }: { at: Date; id: number }): SQL =>
  or(lt(auditEvents.at, at), and(eq(auditEvents.at, at), lt(auditEvents.id, id))) as SQL;

/** The target a refused request named, as sent (`detail.requested`). */
const requestedType = sql`${auditEvents.detail}->'requested'->>'type'`;
const requestedId = sql`${auditEvents.detail}->'requested'->>'id'`;

/** Rows about no account's and no clinic's data, or the reader's own (their own count of their refusals). */
const ownedByNobodyElse = (userId: number): SQL =>
  or(and(isNull(auditEvents.ownerUserId), isNull(auditEvents.ownerClinicId)), eq(auditEvents.ownerUserId, userId)) as SQL;

/**
 * Which rows a reader sees: on their (personal) data, or by them, a clinic's data included (not
 * another owner's count of their refusals, an account's or a clinic's).
 */
function visibleTo(userId: number): SQL {
  return or(
    eq(auditEvents.ownerUserId, userId),
    and(eq(auditEvents.actorUserId, userId), or(ne(auditEvents.action, REFUSAL_SUMMARY_ACTION), ownedByNobodyElse(userId))),
  ) as SQL;
}

/** The clinic's trail: every row on the clinic's data. */
const ofClinic = (clinicId: number): SQL => eq(auditEvents.ownerClinicId, clinicId);

/** The outcome filter as the reader sees outcomes: their refusals on others' data read as `failed`. */
function outcomeAsSeen(userId: number, outcome: AuditRow['outcome']): SQL {
  if (outcome === 'success') return eq(auditEvents.outcome, 'success');
  const refused = refusedOnOthers(userId);
  if (outcome === 'failed') return or(eq(auditEvents.outcome, 'failed'), refused) as SQL;
  return and(eq(auditEvents.outcome, 'denied'), sql`not (${refused})`) as SQL;
}

/** A row about that patient (its target, its detail's patient, or a list that returned it). */
const about = (id: number): SQL =>
  or(and(eq(auditEvents.targetType, 'patient'), eq(auditEvents.targetId, String(id))), sql`${patientOfEvent} = ${id}`, listed(id)) as SQL;

/**
 * The patient filter: the owner's rows about that patient (in the clinic view, the clinic's), the
 * reader's own done or failed requests on a clinic's patient, and the reader's refused requests that
 * named that patient id (as sent: whether it exists, and whose it is, is not the reader's to learn).
 */
function aboutPatient(filter: Pick<TrailFilter, 'actor' | 'scope'>, id: number): SQL {
  const { userId, clinicId } = filter.actor;
  if (filter.scope === 'clinic' && clinicId !== null) return and(ofClinic(clinicId), about(id)) as SQL;
  const onClinicData = and(eq(auditEvents.actorUserId, userId), isNotNull(auditEvents.ownerClinicId), ne(auditEvents.outcome, 'denied'));
  const mine = and(or(eq(auditEvents.ownerUserId, userId), onClinicData), about(id));
  const asked = and(refusedOnOthers(userId), sql`${requestedType} = 'patient'`, sql`${requestedId} = ${String(id)}`);
  return or(mine, asked) as SQL;
}

/**
 * The SQL of the audit trail: inserts and reads. There is no update; the one delete is the
 * retention purge of rows older than AUDIT_RETENTION_DAYS (the table's trigger refuses a delete of a
 * row younger than 365 days whoever asks, and every update and truncate).
 */
export function createAuditRepository(db: AppDatabase) {
  return {
    async insert(values: typeof auditEvents.$inferInsert): Promise<void> {
      await db.insert(auditEvents).values(values);
    },

    /**
     * Newest first, keyset-paginated on (at, id). Patient names join only for the patients of the
     * space the reader works in (the access policy's `patientScope`): a removed member or a member in
     * their personal space sees their clinic rows without names.
     */
    async trail(filter: TrailFilter): Promise<TrailRow[]> {
      const { actor, scope } = filter;
      const clinicView = scope === 'clinic' && actor.clinicId !== null;
      const conditions: SQL[] = [clinicView ? ofClinic(actor.clinicId ?? 0) : visibleTo(actor.userId)];
      if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
      if (filter.to) conditions.push(lt(auditEvents.at, filter.to));
      if (filter.action) conditions.push(actionIs(filter.action));
      if (filter.outcome)
        conditions.push(clinicView ? eq(auditEvents.outcome, filter.outcome) : outcomeAsSeen(actor.userId, filter.outcome));
      if (filter.patientId !== undefined) conditions.push(aboutPatient(filter, filter.patientId));
      if (filter.after) conditions.push(olderThan(filter.after));
      const acting = alias(users, 'acting');
      const rows = await db
        .select({
          event: auditEvents,
          patientRef: patients.id,
          patientNumber: patients.patientId,
          name: patients.firstName,
          actorName: clinicView ? acting.firstName : sql<string | null>`null`,
        })
        .from(auditEvents)
        .leftJoin(patients, and(eq(patients.id, patientOfEvent), patientScope(actor)))
        .leftJoin(acting, clinicView ? eq(acting.id, auditEvents.actorUserId) : sql`false`)
        .where(and(...conditions))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(filter.limit);
      return rows.map(({ event, patientRef, patientNumber, name, actorName }) => ({
        ...event,
        patient: patientRef === null || name === null ? null : { id: patientRef, patientId: patientNumber, name },
        actorName,
      }));
    },

    /**
     * Every account's rows for administrators, newest first, keyset-paginated on (at, id), with the
     * accounts' e-mail addresses and the patient's number (never its name). Outcomes as recorded.
     */
    async adminTrail(filter: AdminTrailFilter): Promise<AdminTrailRow[]> {
      const actor = alias(users, 'actor');
      const owner = alias(users, 'owner');
      const conditions: SQL[] = [];
      if (filter.accountIds) {
        if (filter.accountIds.length === 0) return [];
        conditions.push(
          or(inArray(auditEvents.actorUserId, filter.accountIds), inArray(auditEvents.ownerUserId, filter.accountIds)) as SQL,
        );
      }
      if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
      if (filter.to) conditions.push(lt(auditEvents.at, filter.to));
      if (filter.action) conditions.push(actionIs(filter.action));
      if (filter.outcome) conditions.push(eq(auditEvents.outcome, filter.outcome));
      if (filter.patientId !== undefined)
        conditions.push(or(sql`${patientConcerned} = ${filter.patientId}`, listed(filter.patientId)) as SQL);
      if (filter.after) conditions.push(olderThan(filter.after));
      const rows = await db
        .select({ event: auditEvents, actorEmail: actor.email, ownerEmail: owner.email, patientNumber: patients.patientId })
        .from(auditEvents)
        .leftJoin(actor, eq(actor.id, auditEvents.actorUserId))
        .leftJoin(owner, eq(owner.id, auditEvents.ownerUserId))
        // access: the administrators' view shows every account's patient numbers (never names); no patient data served.
        .leftJoin(patients, eq(patients.id, patientConcerned))
        .where(and(...conditions))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(filter.limit);
      return rows.map(({ event, actorEmail, ownerEmail, patientNumber }) => ({
        ...event,
        actorEmail,
        ownerEmail,
        patientRef: patientRefOf(event),
        patientNumber,
      }));
    },

    /** The accounts with this e-mail address (case-insensitive; a deleted one too: its trail stays). */
    async accountIdsByEmail(email: string): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return rows.map((row) => row.id);
    },

    /**
     * The retention purge: deletes up to `limit` rows recorded before `cutoff`, oldest first; returns
     * how many. The trigger refuses the whole statement if any of them is younger than 365 days.
     */
    async deleteOlderThan(cutoff: Date, limit: number): Promise<number> {
      const oldest = db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(lt(auditEvents.at, cutoff))
        .orderBy(asc(auditEvents.at), asc(auditEvents.id))
        .limit(limit);
      const deleted = await db.delete(auditEvents).where(inArray(auditEvents.id, oldest)).returning({ id: auditEvents.id });
      return deleted.length;
    },
  };
}

/** The patient a row concerns, as `patientConcerned` reads it in SQL. */
function patientRefOf(row: AuditRow): number | null {
  const fromDetail = row.detail?.['patientId'];
  if (typeof fromDetail === 'number' && Number.isInteger(fromDetail)) return fromDetail;
  if (typeof fromDetail === 'string' && /^[0-9]{1,9}$/.test(fromDetail)) return Number(fromDetail);
  return row.targetType === 'patient' && row.targetId !== null && /^[0-9]{1,9}$/.test(row.targetId) ? Number(row.targetId) : null;
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
