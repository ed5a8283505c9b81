import { integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Each owner's number of live patients (not deleted, not a draft): the unfiltered patient list's
 * total. Written only by database triggers on `patients` (migration 0014), in the transaction of the
 * change, so it is exact for every process and every write path; the app only reads it.
 */
export const patientCounts = pgTable('patient_counts', {
  userId: integer('user_id').primaryKey(),
  live: integer('live').notNull(),
});
