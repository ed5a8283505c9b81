import { IMAGE_TYPE, type ImageTypeCd } from '@ceppro/contract';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { analysisRecords, chartData, charts } from '../../db/schema/index';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { imgSizeSchema, inferResultSchema } from '../analysis-records/analysis-record.schemas';
import { derivedKeysOf } from '../images/image-check';
import type { ImageRepository } from '../images/image.repository';
import { commitDraftPatient } from '../patients/patient.repository';

export interface DetectionCommit {
  userId: number;
  chartRef: number;
  /** The image the model ran on. */
  sourceId: number;
  inferResult: z.output<typeof inferResultSchema>;
  imgSize: z.output<typeof imgSizeSchema>;
}

/**
 * The one transaction that makes an upload real once landmark detection succeeded: the analysis
 * record, the pending images, the draft chart and the draft patient all commit together or not at all.
 */
export function createLandmarkRepository(db: AppDatabase, images: ImageRepository) {
  return {
    /** Returns the record id and the objects of superseded pending images (delete after commit). */
    async commit(c: DetectionCommit): Promise<{ recordId: number; staleKeys: string[] }> {
      return db.transaction(async (tx) => {
        // Locks chart and patient: a discard or the sweeper cannot remove them under this commit.
        const chart = await images.findOwnedChart(tx, c.userId, { ref: c.chartRef }, true);
        if (!chart) throw new AppError('NOT_FOUND');
        const [source] = await tx
          .select({ id: chartData.id, pendingExpiresAt: chartData.pendingExpiresAt })
          .from(chartData)
          .where(and(eq(chartData.id, c.sourceId), isNull(chartData.deletedAt)))
          .for('update');
        if (!source) throw new AppError('UPLOAD_MISSING');

        const pending = await tx
          .select({ id: chartData.id, type: chartData.imageTypeCd, path: chartData.path, thumbnailPath: chartData.thumbnailPath })
          .from(chartData)
          .where(and(eq(chartData.chartRef, chart.id), isNotNull(chartData.pendingExpiresAt), isNull(chartData.deletedAt)))
          .orderBy(desc(chartData.id))
          .for('update');
        // Per type the newest pending image wins; for the cephalogram, the one the model saw.
        const winners = new Map<ImageTypeCd, number>();
        if (source.pendingExpiresAt) winners.set(IMAGE_TYPE.cephalogram, source.id);
        for (const p of pending) if (!winners.has(p.type)) winners.set(p.type, p.id);
        const winnerIds = [...winners.values()];
        const stale = pending.filter((p) => !winnerIds.includes(p.id));

        const now = new Date();
        if (winnerIds.length > 0) {
          await tx
            .update(chartData)
            .set({ deletedAt: now, updatedAt: now })
            .where(
              and(
                eq(chartData.chartRef, chart.id),
                isNull(chartData.pendingExpiresAt),
                isNull(chartData.deletedAt),
                inArray(chartData.imageTypeCd, [...winners.keys()]),
              ),
            );
          await tx.update(chartData).set({ pendingExpiresAt: null, updatedAt: now }).where(inArray(chartData.id, winnerIds));
        }
        if (stale.length > 0)
          await tx.delete(chartData).where(
            inArray(
              chartData.id,
              stale.map((p) => p.id),
            ),
          );

        // Edits made on the old image do not fit a new one; a rerun on the same image keeps them.
        const imageChanged = source.pendingExpiresAt !== null;
        const values = { inferResult: c.inferResult, imgSize: c.imgSize, ...(imageChanged && { modifiedResult: null }) };
        const [existing] = await tx
          .select({ id: analysisRecords.id })
          .from(analysisRecords)
          .where(and(eq(analysisRecords.chartRef, chart.id), isNull(analysisRecords.deletedAt)))
          .for('update');
        let recordId: number;
        if (existing) {
          // A new revision: a landmark save that started before this detection is stale now.
          await tx
            .update(analysisRecords)
            .set({ ...values, updatedAt: now, revision: sql`${analysisRecords.revision} + 1` })
            .where(eq(analysisRecords.id, existing.id));
          recordId = existing.id;
        } else {
          const [row] = await tx
            .insert(analysisRecords)
            .values({ ...values, chartRef: chart.id })
            .returning({ id: analysisRecords.id });
          if (!row) throw new Error('insert returned no row');
          recordId = row.id;
        }

        if (chart.draftExpiresAt) await tx.update(charts).set({ draftExpiresAt: null, updatedAt: now }).where(eq(charts.id, chart.id));
        if (chart.patient.draftExpiresAt) await commitDraftPatient(tx, c.userId, chart.patient.id);
        const staleKeys = stale.flatMap((p) => [p.path, ...derivedKeysOf(p.path), ...(p.thumbnailPath ? [p.thumbnailPath] : [])]);
        return { recordId, staleKeys };
      });
    },
  };
}

export type LandmarkRepository = ReturnType<typeof createLandmarkRepository>;
