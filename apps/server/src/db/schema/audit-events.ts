import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The audit trail: who did what to whose patient data, when, from where, and whether it was allowed.
 * Append-only: a trigger refuses UPDATE and TRUNCATE, and DELETE of a row younger than 365 days
 * (the retention purge, AUDIT_RETENTION_DAYS, deletes older ones). The user ids and the target id are
 * plain columns, not foreign keys: deleting a patient or an account must never take its trail along.
 * `detail` is small and never holds patient names or film contents.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull(),
    /** Null for a failed sign-in with an unknown e-mail address. */
    actorUserId: integer('actor_user_id'),
    /** Whose data it is: the account of a personal patient; null when unknown or when it is a clinic's. */
    ownerUserId: integer('owner_user_id'),
    /**
     * The clinic whose data it is (a clinic patient's, migration 0019): the clinic's owner reads these
     * rows (`audit.read_clinic`); each member reads the rows they acted in. Null for personal data.
     */
    ownerClinicId: integer('owner_clinic_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    outcome: text('outcome').$type<'success' | 'denied' | 'failed'>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_owner_idx').on(t.ownerUserId, t.at, t.id),
    index('audit_events_clinic_idx')
      .on(t.ownerClinicId, t.at, t.id)
      .where(sql`${t.ownerClinicId} is not null`),
    index('audit_events_actor_idx').on(t.actorUserId, t.at, t.id),
    index('audit_events_target_idx').on(t.targetType, t.targetId),
    // The retention purge (oldest first) and the administrators' view of every account (newest first).
    index('audit_events_at_idx').on(t.at, t.id),
  ],
);
