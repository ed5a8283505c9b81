import type { ImageTypeCd } from '@ceppro/contract';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/database';
import { liveRecordOfChart } from '../../db/live-record';
import { analysisRecords, chartData, charts } from '../../db/schema/index';
import type { imgSizeSchema, inferResultSchema } from '../analysis-records';

/** A pending (not yet committed) image of a chart. */
export interface PendingImage {
  id: number;
  type: ImageTypeCd;
  path: string;
  thumbnailPath: string | null;
}

/** What a detection writes into the chart's analysis record. */
export interface DetectionValues {
  inferResult: z.output<typeof inferResultSchema>;
  imgSize: z.output<typeof imgSizeSchema>;
  /** null clears the user's edits; absent keeps them. */
  modifiedResult?: null;
  /** Who asked for the detection ("last changed by" of the chart's analysis). */
  updatedBy: number;
}

/**
 * The rows a detection commit reads and writes, each call inside the caller's transaction (`tx`);
 * the rules (which image wins, when edits are dropped, revisions) are the landmark service's.
 * The `lock*` reads hold their rows (`FOR UPDATE`) until the transaction ends.
 */
export function createLandmarkRepository() {
  return {
    async lockImage(tx: AppDatabase, id: number): Promise<{ id: number; pendingExpiresAt: Date | null } | undefined> {
      const [row] = await tx
        .select({ id: chartData.id, pendingExpiresAt: chartData.pendingExpiresAt })
        .from(chartData)
        .where(and(eq(chartData.id, id), isNull(chartData.deletedAt)))
        .for('update');
      return row;
    },

    /** The chart's pending images, newest first. */
    async lockPendingImages(tx: AppDatabase, chartRef: number): Promise<PendingImage[]> {
      return tx
        .select({ id: chartData.id, type: chartData.imageTypeCd, path: chartData.path, thumbnailPath: chartData.thumbnailPath })
        .from(chartData)
        .where(and(eq(chartData.chartRef, chartRef), isNotNull(chartData.pendingExpiresAt), isNull(chartData.deletedAt)))
        .orderBy(desc(chartData.id))
        .for('update');
    },

    /** Soft-deletes the chart's live (committed) images of these types. */
    async retireLiveImages(tx: AppDatabase, chartRef: number, types: ImageTypeCd[], now: Date): Promise<void> {
      await tx
        .update(chartData)
        .set({ deletedAt: now, updatedAt: now })
        .where(
          and(
            eq(chartData.chartRef, chartRef),
            isNull(chartData.pendingExpiresAt),
            isNull(chartData.deletedAt),
            inArray(chartData.imageTypeCd, types),
          ),
        );
    },

    async makeImagesLive(tx: AppDatabase, ids: number[], now: Date): Promise<void> {
      await tx.update(chartData).set({ pendingExpiresAt: null, updatedAt: now }).where(inArray(chartData.id, ids));
    },

    async deleteImages(tx: AppDatabase, ids: number[]): Promise<void> {
      await tx.delete(chartData).where(inArray(chartData.id, ids));
    },

    async lockRecord(tx: AppDatabase, chartRef: number): Promise<{ id: number } | undefined> {
      const [row] = await tx.select({ id: analysisRecords.id }).from(analysisRecords).where(liveRecordOfChart(chartRef)).for('update');
      return row;
    },

    /** Writes the values as the record's next revision. */
    async updateRecord(tx: AppDatabase, id: number, values: DetectionValues, now: Date): Promise<void> {
      await tx
        .update(analysisRecords)
        .set({ ...values, updatedAt: now, revision: sql`${analysisRecords.revision} + 1` })
        .where(eq(analysisRecords.id, id));
    },

    async insertRecord(tx: AppDatabase, chartRef: number, values: DetectionValues): Promise<number> {
      const [row] = await tx
        .insert(analysisRecords)
        .values({ ...values, chartRef })
        .returning({ id: analysisRecords.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async commitDraftChart(tx: AppDatabase, chartRef: number, now: Date): Promise<void> {
      await tx.update(charts).set({ draftExpiresAt: null, updatedAt: now }).where(eq(charts.id, chartRef));
    },
  };
}

export type LandmarkRepository = ReturnType<typeof createLandmarkRepository>;
