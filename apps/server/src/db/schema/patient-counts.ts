import { integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Each owner's number of live personal patients (not deleted, not a draft, no clinic): the unfiltered
 * personal patient list's total. Written only by database triggers on `patients` (migration 0014,
 * clinic patients left out since 0018), in the transaction of the change, so it is exact for every
 * process and every write path; the app only reads it.
 */
export const patientCounts = pgTable('patient_counts', {
  userId: integer('user_id').primaryKey(),
  live: integer('live').notNull(),
});

/** The same figure for each clinic's live patients, whoever created them (migration 0018, the same triggers). */
export const clinicPatientCounts = pgTable('clinic_patient_counts', {
  clinicId: integer('clinic_id').primaryKey(),
  live: integer('live').notNull(),
});
