import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { AppDatabase } from './database';
import { analysisRecords } from './schema/index';

/** The chart's live (not deleted) analysis record: the condition every reader of a chart's record shares. */
export const liveRecordOfChart = (chartRef: number): SQL =>
  and(eq(analysisRecords.chartRef, chartRef), isNull(analysisRecords.deletedAt)) as SQL;

/**
 * The columns `fields` of the chart's live analysis record (each reader names the documents it needs, so
 * none reads the large ones it does not use); undefined when the chart has none. Used by the report,
 * consultation and planning features.
 */
export async function liveRecordDocuments<T extends SelectedFields>(
  db: AppDatabase,
  chartRef: number,
  fields: T,
): Promise<SelectResultFields<T> | undefined> {
  // drizzle cannot resolve a select of generic fields: the row type is stated (it is what a select of `fields` returns).
  const rows = (await db.select(fields).from(analysisRecords).where(liveRecordOfChart(chartRef)).limit(1)) as SelectResultFields<T>[];
  return rows[0];
}
