import { IMAGE_TYPE, type ImageTypeCd } from '@ceppro/contract';
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { patientScope, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { liveChartData } from '../../db/live-image';
import { chartData, charts, patients, uploads } from '../../db/schema/index';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;
export type ImageRow = typeof chartData.$inferSelect;

/** A chart in the caller's space, drafts included (the new-patient flow uploads to a draft chart), with its patient. */
export interface OwnedChart {
  id: number;
  uuid: string;
  chartId: string;
  draftExpiresAt: Date | null;
  patient: { id: number; draftExpiresAt: Date | null };
}

/** SQL of the image endpoints. Ownership is always the chart's patient's space (the access policy's `patientScope`). */
export function createImageRepository(db: AppDatabase) {
  const chartColumns = {
    id: charts.id,
    uuid: charts.uuid,
    chartId: charts.chartId,
    draftExpiresAt: charts.draftExpiresAt,
    patient: { id: patients.id, draftExpiresAt: patients.draftExpiresAt },
  };

  return {
    /** `lock`: inside a transaction, holds the chart and patient rows until it ends (discard, commit). */
    async findOwnedChart(
      tx: AppDatabase,
      actor: Actor,
      where: { chartId: string } | { ref: number },
      lock = false,
    ): Promise<OwnedChart | undefined> {
      const query = tx
        .select(chartColumns)
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(
          and(
            'chartId' in where ? eq(charts.chartId, where.chartId) : eq(charts.id, where.ref),
            patientScope(actor),
            isNull(patients.deletedAt),
            isNull(charts.deletedAt),
          ),
        )
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async insertUpload(values: NewUpload): Promise<void> {
      await db.insert(uploads).values(values);
    },

    async findUpload(userId: number, id: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
        .limit(1);
      return row;
    },

    /** True while an upload names this key and has not been checked yet (a signed PUT may still write it). */
    async hasOpenUpload(key: string): Promise<boolean> {
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.objectKey, key), gt(uploads.expiresAt, sql`now()`)))
        .limit(1);
      return row !== undefined;
    },

    async deleteUpload(tx: AppDatabase, id: string): Promise<boolean> {
      const rows = await tx.delete(uploads).where(eq(uploads.id, id)).returning({ id: uploads.id });
      return rows.length > 0;
    },

    async insertPending(tx: AppDatabase, values: typeof chartData.$inferInsert): Promise<ImageRow> {
      const [row] = await tx.insert(chartData).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** A draft that just received an image lives at least as long as the image's pending state. */
    async extendDrafts(tx: AppDatabase, chart: OwnedChart, until: Date): Promise<void> {
      if (chart.draftExpiresAt) {
        await tx
          .update(charts)
          .set({ draftExpiresAt: sql`greatest(${charts.draftExpiresAt}, ${until})` })
          .where(and(eq(charts.id, chart.id), isNotNull(charts.draftExpiresAt)));
      }
      if (chart.patient.draftExpiresAt) {
        // access: the patient of a chart `findOwnedChart` found in the caller's space.
        await tx
          .update(patients)
          .set({ draftExpiresAt: sql`greatest(${patients.draftExpiresAt}, ${until})` })
          .where(and(eq(patients.id, chart.patient.id), isNotNull(patients.draftExpiresAt)));
      }
    },

    /** Live (committed, not deleted) images of a chart, newest first within each type. */
    async liveImages(chartRef: number, types?: readonly ImageTypeCd[]): Promise<ImageRow[]> {
      const conditions = [eq(chartData.chartRef, chartRef), liveChartData];
      if (types && types.length > 0) conditions.push(inArray(chartData.imageTypeCd, [...types]));
      return db
        .select()
        .from(chartData)
        .where(and(...conditions))
        .orderBy(chartData.imageTypeCd, desc(chartData.id));
    },

    /** The image to run landmark detection on: the newest pending cephalogram, else the newest live one. */
    async newestCephalogram(chartRef: number): Promise<ImageRow | undefined> {
      const [row] = await db
        .select()
        .from(chartData)
        .where(and(eq(chartData.chartRef, chartRef), eq(chartData.imageTypeCd, IMAGE_TYPE.cephalogram), isNull(chartData.deletedAt)))
        .orderBy(sql`${chartData.pendingExpiresAt} is null`, desc(chartData.id))
        .limit(1);
      return row;
    },

    async findImage(id: number): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(chartData).where(eq(chartData.id, id)).limit(1);
      return row;
    },

    /** Sets the thumbnail only if the image has none yet; true when this call set it. */
    async setFirstThumbnail(id: number, key: string): Promise<boolean> {
      const rows = await db
        .update(chartData)
        .set({ thumbnailPath: key, updatedAt: new Date() })
        .where(and(eq(chartData.id, id), isNull(chartData.deletedAt), isNull(chartData.thumbnailPath)))
        .returning({ id: chartData.id });
      return rows.length > 0;
    },

    /** Replaces a lost thumbnail; false when the image is gone (discarded while the job ran). */
    async replaceThumbnail(id: number, key: string): Promise<boolean> {
      const rows = await db
        .update(chartData)
        .set({ thumbnailPath: key, updatedAt: new Date() })
        .where(and(eq(chartData.id, id), isNull(chartData.deletedAt)))
        .returning({ id: chartData.id });
      return rows.length > 0;
    },

    /** Shoot date of the chart's images of these types (pending ones included). */
    async updateShootDate(chartRef: number, types: readonly ImageTypeCd[], shootDate: string | null): Promise<number> {
      const rows = await db
        .update(chartData)
        .set({ shootDate, updatedAt: new Date() })
        .where(and(eq(chartData.chartRef, chartRef), isNull(chartData.deletedAt), inArray(chartData.imageTypeCd, [...types])))
        .returning({ id: chartData.id });
      return rows.length;
    },
  };
}

export type ImageRepository = ReturnType<typeof createImageRepository>;
