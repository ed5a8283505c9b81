import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, timestamptz, updatedAt } from './columns';
import { patients } from './patients';

/**
 * Foreign keys to patients and charts are named `*_ref` because the spec already uses `patient_id`
 * and `chart_id` for the human-facing identifiers of those rows.
 */
export const charts = pgTable(
  'charts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The id in viewer URLs (/viewer/{uuid}). */
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    chartId: text('chart_id').notNull().unique(),
    patientRef: integer('patient_ref')
      .notNull()
      .references(() => patients.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    /** Non-null: a draft of the new-patient / add-chart flow (see patients.draftExpiresAt). */
    draftExpiresAt: timestamptz('draft_expires_at'),
  },
  (t) => [
    index('charts_patient_live_idx').on(t.patientRef, t.deletedAt),
    index('charts_draft_expiry_idx')
      .on(t.draftExpiresAt)
      .where(sql`${t.draftExpiresAt} is not null`),
  ],
);
