import { IMAGE_TYPE } from '@ceppro/contract';
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { newestLiveImage } from '../../db/live-image';
import { analysisRecords, charts, patients } from '../../db/schema/index';

export type AnalysisRecordRow = typeof analysisRecords.$inferSelect;
export type AnalysisRecordValues = Partial<
  Omit<typeof analysisRecords.$inferInsert, 'id' | 'chartRef' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'revision'>
>;

/** Records belong to a user through chart and patient; every read and write checks that path. */
export function createAnalysisRecordRepository(db: AppDatabase) {
  const ownedBy = (userId: number): SQL[] => [
    eq(patients.userId, userId),
    isNull(patients.deletedAt),
    isNull(charts.deletedAt),
    isNull(analysisRecords.deletedAt),
  ];

  async function list(
    userId: number,
    filter: { id?: number | undefined; chartRef?: number | undefined },
  ): Promise<{ rows: AnalysisRecordRow[]; total: number }> {
    const conditions = ownedBy(userId);
    if (filter.id !== undefined) conditions.push(eq(analysisRecords.id, filter.id));
    if (filter.chartRef !== undefined) conditions.push(eq(analysisRecords.chartRef, filter.chartRef));
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      // A chart has one live record; the cap only bounds an unfiltered call.
      db
        .select({ record: analysisRecords })
        .from(analysisRecords)
        .innerJoin(charts, eq(charts.id, analysisRecords.chartRef))
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(where)
        .orderBy(asc(analysisRecords.id))
        .limit(500),
      db
        .select({ n: count() })
        .from(analysisRecords)
        .innerJoin(charts, eq(charts.id, analysisRecords.chartRef))
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(where),
    ]);
    return { rows: rows.map((r) => r.record), total: totals[0]?.n ?? 0 };
  }

  return {
    list,

    async findOwned(userId: number, id: number): Promise<AnalysisRecordRow | undefined> {
      const { rows } = await list(userId, { id });
      return rows[0];
    },

    async insert(chartRef: number, values: AnalysisRecordValues): Promise<AnalysisRecordRow> {
      const [row] = await db
        .insert(analysisRecords)
        .values({ ...values, chartRef })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /**
     * Writes only the columns in `values`: a column left out keeps its stored value. `revision`:
     * `expected` writes only if the record is still at that revision; `bump` moves it on.
     */
    async update(
      id: number,
      values: AnalysisRecordValues,
      revision: { expected?: number | undefined; bump: boolean },
    ): Promise<AnalysisRecordRow | undefined> {
      const conditions = [eq(analysisRecords.id, id), isNull(analysisRecords.deletedAt)];
      if (revision.expected !== undefined) conditions.push(eq(analysisRecords.revision, revision.expected));
      const [row] = await db
        .update(analysisRecords)
        .set({ ...values, updatedAt: new Date(), ...(revision.bump && { revision: sql`${analysisRecords.revision} + 1` }) })
        .where(and(...conditions))
        .returning();
      return row;
    },

    /**
     * `drawing_result = coalesce(drawing_result, {version: 1}) || patch` in one UPDATE (jsonb `||`
     * replaces the patch's top-level keys and keeps the others), only while the result stays within
     * `maxBytes` as text: 'too-large' when it would not, undefined when the record is gone.
     */
    async mergeDrawingResult(
      id: number,
      patch: Record<string, unknown>,
      maxBytes: number,
    ): Promise<AnalysisRecordRow | 'too-large' | undefined> {
      const merged = sql`(coalesce(${analysisRecords.drawingResult}, '{"version":1}'::jsonb) || ${JSON.stringify(patch)}::jsonb)`;
      const [row] = await db
        .update(analysisRecords)
        .set({ drawingResult: sql`${merged}`, updatedAt: new Date() })
        .where(and(eq(analysisRecords.id, id), isNull(analysisRecords.deletedAt), sql`octet_length(${merged}::text) <= ${maxBytes}`))
        .returning();
      if (row) return row;
      const [exists] = await db
        .select({ id: analysisRecords.id })
        .from(analysisRecords)
        .where(and(eq(analysisRecords.id, id), isNull(analysisRecords.deletedAt)));
      return exists ? 'too-large' : undefined;
    },

    /** The chart's live (committed, not deleted) cephalogram: the image landmarks are placed on. */
    liveCephalogram: (chartRef: number): Promise<{ id: number; sha256: string | null } | undefined> =>
      newestLiveImage(db, chartRef, IMAGE_TYPE.cephalogram),
  };
}

export type AnalysisRecordRepository = ReturnType<typeof createAnalysisRecordRepository>;
