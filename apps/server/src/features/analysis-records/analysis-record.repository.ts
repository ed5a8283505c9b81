import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { analysisRecords, charts, patients } from '../../db/schema/index';

export type AnalysisRecordRow = typeof analysisRecords.$inferSelect;
export type AnalysisRecordValues = Partial<Omit<typeof analysisRecords.$inferInsert, 'id' | 'chartRef' | 'createdAt' | 'updatedAt' | 'deletedAt'>>;

/** Records belong to a user through chart and patient; every read and write checks that path. */
export function createAnalysisRecordRepository(db: AppDatabase) {
  const ownedBy = (userId: number): SQL[] => [
    eq(patients.userId, userId),
    isNull(patients.deletedAt),
    isNull(charts.deletedAt),
    isNull(analysisRecords.deletedAt),
  ];

  async function list(userId: number, filter: { id?: number | undefined; chartRef?: number | undefined }): Promise<{ rows: AnalysisRecordRow[]; total: number }> {
    const conditions = ownedBy(userId);
    if (filter.id !== undefined) conditions.push(eq(analysisRecords.id, filter.id));
    if (filter.chartRef !== undefined) conditions.push(eq(analysisRecords.chartRef, filter.chartRef));
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      // A chart has one live record; the cap only bounds an unfiltered call.
      db.select({ record: analysisRecords }).from(analysisRecords).innerJoin(charts, eq(charts.id, analysisRecords.chartRef)).innerJoin(patients, eq(patients.id, charts.patientRef)).where(where).orderBy(asc(analysisRecords.id)).limit(500),
      db.select({ n: count() }).from(analysisRecords).innerJoin(charts, eq(charts.id, analysisRecords.chartRef)).innerJoin(patients, eq(patients.id, charts.patientRef)).where(where),
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
      const [row] = await db.insert(analysisRecords).values({ ...values, chartRef }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Writes only the columns in `values`: a column left out keeps its stored value. */
    async update(id: number, values: AnalysisRecordValues): Promise<AnalysisRecordRow | undefined> {
      const [row] = await db.update(analysisRecords).set({ ...values, updatedAt: new Date() }).where(and(eq(analysisRecords.id, id), isNull(analysisRecords.deletedAt))).returning();
      return row;
    },
  };
}

export type AnalysisRecordRepository = ReturnType<typeof createAnalysisRecordRepository>;
