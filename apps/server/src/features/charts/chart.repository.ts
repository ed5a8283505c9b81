import type { ImageTypeCd } from '@ceppro/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { liveChartScope, patientScope, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { analysisRecords, chartData, charts, patients } from '../../db/schema/index';

export type ChartRow = typeof charts.$inferSelect;
export type ChartDataRow = typeof chartData.$inferSelect;

export interface ChartListQuery {
  /** Whose charts: the actor's space (access policy). */
  actor: Actor;
  patientRef?: number | undefined;
  uuid?: string | undefined;
  chartId?: string | undefined;
  order: 'asc' | 'desc';
  /** A page of the list (the service bounds `limit`); absent: the first CHART_PAGE_MAX. */
  offset?: number | undefined;
  limit?: number | undefined;
  /** The caller's drafts too (only to answer the mutation that just created one). */
  includeDrafts?: boolean | undefined;
}

export interface ChartSummary extends ChartRow {
  patient: { id: number; patientId: string | null; firstName: string; birthInfo: string; gender: boolean };
}

/**
 * Charts belong to a space through their patient: every query joins patients and filters with the
 * access policy's `patientScope`, and a chart of a deleted patient counts as gone.
 */
export function createChartRepository(db: AppDatabase) {
  const ownedOrDraft = (actor: Actor): SQL[] => [patientScope(actor), isNull(patients.deletedAt), isNull(charts.deletedAt)];
  // Drafts of the new-patient / add-chart flow are invisible until landmark detection commits them.
  const ownedBy = (actor: Actor): SQL[] => [liveChartScope(actor)];
  // Pending images (uploaded, not yet committed) are invisible too.
  const liveData = (deleted = false): SQL[] => [
    deleted ? isNotNull(chartData.deletedAt) : isNull(chartData.deletedAt),
    isNull(chartData.pendingExpiresAt),
  ];

  return {
    async findOwned(actor: Actor, id: number): Promise<ChartRow | undefined> {
      const [row] = await db
        .select({ chart: charts })
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(and(eq(charts.id, id), ...ownedBy(actor)))
        .limit(1);
      return row?.chart;
    },

    async list(q: ChartListQuery): Promise<ChartSummary[]> {
      const conditions = q.includeDrafts ? ownedOrDraft(q.actor) : ownedBy(q.actor);
      if (q.patientRef !== undefined) conditions.push(eq(charts.patientRef, q.patientRef));
      if (q.uuid !== undefined) conditions.push(eq(charts.uuid, q.uuid));
      if (q.chartId !== undefined) conditions.push(eq(charts.chartId, q.chartId));
      const dir = q.order === 'asc' ? asc : desc;
      const rows = await db
        .select({
          chart: charts,
          patient: {
            id: patients.id,
            patientId: patients.patientId,
            firstName: patients.firstName,
            birthInfo: patients.birthInfo,
            gender: patients.gender,
          },
        })
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(and(...conditions))
        .orderBy(dir(charts.createdAt), dir(charts.id))
        .limit(q.limit ?? 200)
        .offset(q.offset ?? 0);
      return rows.map((r) => ({ ...r.chart, patient: r.patient }));
    },

    /** Images of many charts in one query; `deleted` picks live (false) or deleted (true) rows. */
    async chartDataOf(
      chartRefs: readonly number[],
      options: { imageTypes?: readonly ImageTypeCd[] | undefined; deleted?: boolean } = {},
    ): Promise<ChartDataRow[]> {
      if (chartRefs.length === 0) return [];
      const conditions = [inArray(chartData.chartRef, [...chartRefs]), ...liveData(options.deleted)];
      if (options.imageTypes && options.imageTypes.length > 0) conditions.push(inArray(chartData.imageTypeCd, [...options.imageTypes]));
      return db
        .select()
        .from(chartData)
        .where(and(...conditions))
        .orderBy(asc(chartData.imageTypeCd), asc(chartData.id));
    },

    /** The live analysis record id of each chart, in one query. */
    async analysisRecordIdsOf(chartRefs: readonly number[]): Promise<Map<number, number>> {
      if (chartRefs.length === 0) return new Map();
      const rows = await db
        .select({ id: analysisRecords.id, chartRef: analysisRecords.chartRef })
        .from(analysisRecords)
        .where(and(inArray(analysisRecords.chartRef, [...chartRefs]), isNull(analysisRecords.deletedAt)));
      return new Map(rows.map((r) => [r.chartRef, r.id]));
    },

    async insert(patientRef: number, draftExpiresAt: Date | null = null): Promise<ChartRow> {
      // chart_id names uploaded objects (chart id + type code .jpg); a UUID cannot collide or be guessed.
      const [row] = await db.insert(charts).values({ patientRef, chartId: randomUUID(), draftExpiresAt }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async setPatient(id: number, patientRef: number): Promise<ChartRow | undefined> {
      const [row] = await db
        .update(charts)
        .set({ patientRef, updatedAt: new Date() })
        .where(and(eq(charts.id, id), isNull(charts.deletedAt)))
        .returning();
      return row;
    },

    async softDelete(id: number): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(charts)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(charts.id, id), isNull(charts.deletedAt)))
        .returning({ id: charts.id });
      return rows.length > 0;
    },

    async findOwnedChartData(actor: Actor, id: number): Promise<ChartDataRow | undefined> {
      const [row] = await db
        .select({ data: chartData })
        .from(chartData)
        .innerJoin(charts, eq(charts.id, chartData.chartRef))
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(and(eq(chartData.id, id), ...liveData(), ...ownedBy(actor)))
        .limit(1);
      return row?.data;
    },

    async updateChartData(id: number, patch: { shootDate?: string | null; imageTypeCd?: ImageTypeCd }): Promise<ChartDataRow | undefined> {
      const [row] = await db
        .update(chartData)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(chartData.id, id))
        .returning();
      return row;
    },
  };
}

export type ChartRepository = ReturnType<typeof createChartRepository>;
