import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { createdAt, deletedAt, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const patients = pgTable(
  'patients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    /**
     * The "Patient ID" users see: the count of the owner's patients plus one, as a string (spec
     * point 3). Not unique: the spec's rule can repeat a number after deletes. Null while the
     * patient is a draft: the number is given when the draft is committed.
     */
    patientId: text('patient_id'),
    /** Who made it: the owner of a personal patient, the member who created a clinic's patient. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * Null: a personal patient of `user_id`. Set: the clinic's patient, seen by its members by role
     * (Step 16, docs/clinics.md). Read and written only through apps/server/src/access.
     */
    clinicId: integer('clinic_id').references(() => clinics.id),
    firstName: text('first_name').notNull(),
    birthInfo: date('birth_info', { mode: 'string' }).notNull(),
    /** true female, false male (docs/spec-points.md §3). */
    gender: boolean('gender').notNull(),
    mobileNb: text('mobile_nb'),
    raceCd: text('race_cd'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Who changed the patient last (created, edited, deleted it): "last changed by" in the list. Null: before it was recorded. */
    updatedBy: integer('updated_by').references(() => users.id),
    deletedAt: deletedAt(),
    /**
     * Non-null: a draft of the new-patient flow, invisible to every list and query, hard-deleted by
     * the sweeper after this time unless landmark detection commits it first.
     */
    draftExpiresAt: timestamptz('draft_expires_at'),
    /**
     * Which images the patient has, live: bit 1 a cephalogram (00700), bit 2 a lateral facial photo
     * (00710), counting only live charts (not deleted, not draft) and live chart data (not deleted,
     * not pending). Kept by database triggers on charts and chart_data (migration 0003), so every
     * write path keeps it right; the patient list filters and counts on it through its own indexes
     * instead of probing charts and images for each of a user's patients.
     */
    imageTypes: smallint('image_types').notNull().default(0),
  },
  (t) => [
    // The list query: one owner's live patients, paged and sorted by patient id, name or birth date.
    index('patients_owner_live_idx').on(t.userId, t.deletedAt),
    index('patients_owner_name_idx').on(t.userId, t.firstName),
    index('patients_owner_patient_id_idx').on(t.userId, t.patientId),
    index('patients_owner_birth_idx').on(t.userId, t.birthInfo),
    index('patients_draft_expiry_idx')
      .on(t.draftExpiresAt)
      .where(sql`${t.draftExpiresAt} is not null`),
    // The list (docs/spec-points.md §2): every committed, live personal patient of one owner in each
    // sort order, so a page and the total are read from one index (0013; `clinic_id is null` since
    // 0019, as the access policy's personal scope says). The predicate must match the list query's.
    index('patients_listed_patient_id_idx')
      .on(t.userId, sql`length(${t.patientId})`, t.patientId, t.id)
      .where(sql`${t.clinicId} is null and ${t.deletedAt} is null and ${t.draftExpiresAt} is null`),
    index('patients_listed_name_idx')
      .on(t.userId, sql`lower(${t.firstName})`, t.firstName, t.id)
      .where(sql`${t.clinicId} is null and ${t.deletedAt} is null and ${t.draftExpiresAt} is null`),
    index('patients_listed_birth_idx')
      .on(t.userId, t.birthInfo, t.id)
      .where(sql`${t.clinicId} is null and ${t.deletedAt} is null and ${t.draftExpiresAt} is null`),
    // The name search (`first_name ilike '%text%'`): the owner's trigrams, so a search reads the
    // matching rows instead of every row of the owner (pg_trgm and btree_gin, 0013).
    index('patients_listed_name_trgm_idx')
      .using('gin', t.userId, sql`${t.firstName} gin_trgm_ops`)
      .where(sql`${t.clinicId} is null and ${t.deletedAt} is null and ${t.draftExpiresAt} is null`),
    // The same list and search for a clinic's patients (0018): one clinic's live patients, whoever
    // created them. `clinic_id = $1` implies the `is not null` of the predicates.
    index('patients_clinic_live_idx')
      .on(t.clinicId, t.deletedAt)
      .where(sql`${t.clinicId} is not null`),
    index('patients_clinic_listed_patient_id_idx')
      .on(t.clinicId, sql`length(${t.patientId})`, t.patientId, t.id)
      .where(sql`${t.clinicId} is not null and ${t.deletedAt} is null and ${t.draftExpiresAt} is null`),
    index('patients_clinic_listed_name_idx')
      .on(t.clinicId, sql`lower(${t.firstName})`, t.firstName, t.id)
      .where(sql`${t.clinicId} is not null and ${t.deletedAt} is null and ${t.draftExpiresAt} is null`),
    index('patients_clinic_listed_birth_idx')
      .on(t.clinicId, t.birthInfo, t.id)
      .where(sql`${t.clinicId} is not null and ${t.deletedAt} is null and ${t.draftExpiresAt} is null`),
    index('patients_clinic_listed_name_trgm_idx')
      .using('gin', t.clinicId, sql`${t.firstName} gin_trgm_ops`)
      .where(sql`${t.clinicId} is not null and ${t.deletedAt} is null and ${t.draftExpiresAt} is null`),
  ],
);
