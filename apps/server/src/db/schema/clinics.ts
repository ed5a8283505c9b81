import type { ClinicRole } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { users } from './users';

/*
 * Clinics (Step 16, docs/clinics.md, features/clinics): several accounts share one clinic's patients,
 * each with a role. Who may do what is decided in one place, apps/server/src/access.
 */

/** A clinic: its details (seeded from the creator's sign-up company details), who made it. Never deleted. */
export const clinics = pgTable('clinics', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  name: text('name').notNull(),
  taxNumber: text('tax_number'),
  taxEmail: text('tax_email'),
  phoneNumber: text('phone_number'),
  address1: text('address1'),
  address2: text('address2'),
  zipCode: text('zip_code'),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Who belongs to a clinic, as what. A removal sets `removed_at` and keeps the row: the member's name
 * stays on the work and in the audit trail. A person is a live member of at most one clinic (the
 * partial unique index); rejoining later adds a new row.
 */
export const clinicMembers = pgTable(
  'clinic_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<ClinicRole>().notNull(),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    removedAt: timestamptz('removed_at'),
  },
  (t) => [
    uniqueIndex('clinic_members_live_user_key')
      .on(t.userId)
      .where(sql`${t.removedAt} is null`),
    index('clinic_members_live_clinic_idx')
      .on(t.clinicId)
      .where(sql`${t.removedAt} is null`),
    check('clinic_members_role_check', sql`${t.role} in ('owner', 'doctor', 'assistant')`),
  ],
);

/**
 * An invitation by e-mail: the mailed token is kept as its SHA-256 only. Pending while neither
 * accepted nor revoked and before `expires_at` (7 days, the injected clock); a new invitation to the
 * same address revokes the pending one, so there is at most one pending per clinic and address.
 */
export const clinicInvitations = pgTable(
  'clinic_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    email: text('email').notNull(),
    role: text('role').$type<ClinicRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('clinic_invitations_pending_email_key')
      .on(t.clinicId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('clinic_invitations_role_check', sql`${t.role} in ('owner', 'doctor', 'assistant')`),
  ],
);
