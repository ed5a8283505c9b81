import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { createdAt, timestamptz, updatedAt, type VersionedJson } from './columns';
import { users } from './users';

/*
 * Clinic adaptation of the landmark model (features/ai-adaptation). Whose learned conventions a row
 * belongs to is exactly one of `owner_user_id` (an account's personal space) and `owner_clinic_id`
 * (a clinic's, learned from every member's corrections; migration 0019). The one function that says
 * "whose profile does this actor use" is ai-adaptation.repository.ts `ownerOf`.
 */

/**
 * What one corrected film taught (packages/ceph `FilmCorrection`, stored as `{ version: 1, offsets,
 * snMm }`): offsets in S-N units, no image coordinates and no patient data. One row per film and
 * owner: a save of the same film replaces it. `chart_data_id` has no foreign key on purpose: the
 * lesson outlives a replaced or removed film, and no image cleanup has to know about this table.
 */
export const aiAdaptationFilms = pgTable(
  'ai_adaptation_films',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    ownerClinicId: integer('owner_clinic_id').references(() => clinics.id),
    chartDataId: integer('chart_data_id').notNull(),
    correction: jsonb('correction').$type<VersionedJson>().notNull(),
    /** When this film first taught something (kept across re-saves; the row's id gives the latest). */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ai_adaptation_films_owner_film_key').on(t.ownerUserId, t.chartDataId),
    uniqueIndex('ai_adaptation_films_clinic_film_key').on(t.ownerClinicId, t.chartDataId),
    // The newest films of an owner (a re-save inserts a new row, so id order is save order).
    index('ai_adaptation_films_owner_newest_idx').on(t.ownerUserId, t.id),
    index('ai_adaptation_films_clinic_newest_idx').on(t.ownerClinicId, t.id),
    check('ai_adaptation_films_one_owner', sql`(${t.ownerUserId} is null) <> (${t.ownerClinicId} is null)`),
  ],
);

/**
 * One owner's learned conventions as new detections apply them: the switch, the profile built from
 * the newest films (packages/ceph `AdaptationProfile`, version 1; null when nothing is learned) and
 * the chosen landmark definitions.
 * A detection reads this one row by its key.
 */
export const aiAdaptationProfiles = pgTable(
  'ai_adaptation_profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    ownerClinicId: integer('owner_clinic_id').references(() => clinics.id),
    enabled: boolean('enabled').notNull().default(true),
    profile: jsonb('profile').$type<VersionedJson>(),
    /**
     * The landmark definitions new detections use (`{ version: 1, Po, Go, Me }`, packages/ceph
     * `DefinitionProfile`); null: the model's own (the defaults). Here, not per account elsewhere,
     * because a clinic that shares one profile shares its definitions: the learned shifts are measured
     * from the defined points.
     */
    definitions: jsonb('definitions').$type<VersionedJson>(),
    /** Films the profile was built from (at most the newest 100 count). */
    films: integer('films').notNull().default(0),
    /** The last change of the learned profile (a learning save or a reset); null when nothing was ever learned or after a reset. */
    learnedAt: timestamptz('learned_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ai_adaptation_profiles_owner_user_key').on(t.ownerUserId),
    uniqueIndex('ai_adaptation_profiles_owner_clinic_key').on(t.ownerClinicId),
    check('ai_adaptation_profiles_one_owner', sql`(${t.ownerUserId} is null) <> (${t.ownerClinicId} is null)`),
  ],
);
