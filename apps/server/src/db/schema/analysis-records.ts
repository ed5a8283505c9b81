import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, updatedAt, type VersionedJson } from './columns';
import { charts } from './charts';
import { users } from './users';

/**
 * The analysis of one chart. The model's output (`infer_result`, with model id, version and
 * confidences inside) and the user's edits (`modified_result`) are stored side by side so "reset to
 * AI" and audits work (docs/house-rules.md §4).
 */
export const analysisRecords = pgTable(
  'analysis_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chartRef: integer('chart_ref')
      .notNull()
      .references(() => charts.id),
    inferResult: jsonb('infer_result').$type<VersionedJson>(),
    modifiedResult: jsonb('modified_result').$type<VersionedJson>(),
    profilogramResult: jsonb('profilogram_result').$type<VersionedJson>(),
    rulerInfo: jsonb('ruler_info').$type<VersionedJson>(),
    superimpositionData: jsonb('superimposition_data').$type<VersionedJson>(),
    vtoStoConfig: jsonb('vto_sto_config').$type<VersionedJson>(),
    drawingResult: jsonb('drawing_result').$type<VersionedJson>(),
    /** Original upload size in pixels: landmarks are stored in that space (docs/house-rules.md §2). */
    imgSize: jsonb('img_size').$type<{ width: number; height: number }>(),
    /**
     * Moves on with every write (a save, a detection). A landmark save names the revision it started
     * from and is refused with CONFLICT when the record moved on meanwhile (another tab, a new image).
     */
    revision: integer('revision').notNull().default(1),
    /**
     * Who wrote the record last (a save, or the detection that made or remade it): "last changed by"
     * beside the chart in the patient list (Step 16, docs/clinics.md). Null: before it was recorded.
     */
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // A chart has one live record: an image change updates it instead of adding another.
    uniqueIndex('analysis_records_chart_live_key')
      .on(t.chartRef)
      .where(sql`${t.deletedAt} is null`),
    index('analysis_records_chart_idx').on(t.chartRef),
  ],
);
