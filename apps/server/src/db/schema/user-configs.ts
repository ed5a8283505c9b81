import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, updatedAt, type VersionedJson } from './columns';
import { users } from './users';

/** Viewer and settings preferences, one live row per user (docs/spec-points.md §3, "User config"). */
export const userConfigs = pgTable(
  'user_configs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: uuid('unique_id').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    hardTissueColor: text('hard_tissue_color'),
    softTissueColor: text('soft_tissue_color'),
    hardTissueSize: real('hard_tissue_size'),
    softTissueSize: real('soft_tissue_size'),
    outlineNy: boolean('outline_ny').notNull().default(false),
    /** Null means uncalibrated: lengths stay in pixels until a calibration exists (docs/house-rules.md §2). */
    defaultPpm: real('default_ppm'),
    cephaloImageNy: boolean('cephalo_image_ny').notNull().default(true),
    landmarkNy: boolean('landmark_ny').notNull().default(true),
    landmarkList: jsonb('landmark_list').$type<VersionedJson>(),
    guidelineNy: boolean('guideline_ny').notNull().default(true),
    defaultAnalysisMethodNy: boolean('default_analysis_method_ny').notNull().default(false),
    autoZoomNy: boolean('auto_zoom_ny').notNull().default(false),
    autoMeasurementNy: boolean('auto_measurement_ny').notNull().default(false),
    planeNy: boolean('plane_ny').notNull().default(true),
    planeList: jsonb('plane_list').$type<VersionedJson>(),
    drawingConfig: jsonb('drawing_config').$type<VersionedJson>(),
    cepMode: text('cep_mode'),
    userAnalysisManage: jsonb('user_analysis_manage').$type<VersionedJson>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('user_configs_user_live_key')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null`),
    index('user_configs_user_idx').on(t.userId),
  ],
);
