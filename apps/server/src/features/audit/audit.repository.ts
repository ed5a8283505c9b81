import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { auditEvents, patients } from '../../db/schema/index';

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

/** The SQL of the audit trail: inserts and reads only; there is deliberately no update or delete. */
export function createAuditRepository(db: AppDatabase) {
  return {
    async insert(values: typeof auditEvents.$inferInsert): Promise<void> {
      await db.insert(auditEvents).values(values);
    },

    /** Newest first, keyset-paginated on (at, id). Patient names join only for the reader's own patients. */
    async trail(filter: TrailFilter): Promise<TrailRow[]> {
      const conditions: SQL[] = [or(eq(auditEvents.ownerUserId, filter.userId), eq(auditEvents.actorUserId, filter.userId)) as SQL];
      if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
      if (filter.to) conditions.push(lt(auditEvents.at, filter.to));
      if (filter.action)
        conditions.push(
          filter.action.includes('.') ? eq(auditEvents.action, filter.action) : like(auditEvents.action, `${filter.action}.%`),
        );
      if (filter.outcome) conditions.push(eq(auditEvents.outcome, filter.outcome));
      if (filter.patientId !== undefined) {
        const id = filter.patientId;
        conditions.push(
          or(and(eq(auditEvents.targetType, 'patient'), eq(auditEvents.targetId, String(id))), sql`${patientOfEvent} = ${id}`) as SQL,
        );
      }
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
