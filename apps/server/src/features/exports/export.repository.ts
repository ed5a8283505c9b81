import { IMAGE_TYPE, type ExportChart } from '@ceppro/contract';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { liveChartScope, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { accountDefaultPpm } from '../../db/default-ppm';
import { liveChartData } from '../../db/live-image';
import { analysisRecords, chartData, charts, patients } from '../../db/schema/index';
import { dicomCalibrationOfRow } from '../images';

/** One chart of an export with its database key (the keyset cursor of the batch). */
export interface ExportChartRow extends ExportChart {
  readonly ref: number;
  readonly imageSize: { width: number; height: number } | null;
}

/**
 * SQL of the exports. Every read is keyed by the caller's space (the access policy's `patientScope`):
 * patients and charts outside it are never selected, whatever ids the request names. Charts and
 * patients count only when live (not deleted) and committed (not a draft).
 */
export function createExportRepository(db: AppDatabase) {
  const owned = (actor: Actor) => liveChartScope(actor);

  /** Charts in a batch: the caller's space's (optionally only `patientIds`), with a live record holding landmarks. */
  const batchWhere = (actor: Actor, patientIds: readonly number[] | null): SQL | undefined =>
    and(
      owned(actor),
      patientIds === null ? undefined : inArray(patients.id, [...patientIds]),
      isNull(analysisRecords.deletedAt),
      or(isNotNull(analysisRecords.inferResult), isNotNull(analysisRecords.modifiedResult)),
    );

  const chartColumns = {
    ref: charts.id,
    chartId: charts.chartId,
    patientId: patients.patientId,
    name: patients.firstName,
    birthDate: patients.birthInfo,
    female: patients.gender,
    inferResult: analysisRecords.inferResult,
    modifiedResult: analysisRecords.modifiedResult,
    rulerInfo: analysisRecords.rulerInfo,
    imgSize: analysisRecords.imgSize,
  };

  /** Newest live cephalogram per chart (shoot date, size), for a page of charts. */
  async function cephalograms(chartRefs: readonly number[]) {
    const out = new Map<number, { shootDate: string | null; width: number | null; height: number | null; dicomInfo: unknown }>();
    if (chartRefs.length === 0) return out;
    const rows = await db
      .select({
        chartRef: chartData.chartRef,
        shootDate: chartData.shootDate,
        width: chartData.width,
        height: chartData.height,
        dicomInfo: chartData.dicomInfo,
      })
      .from(chartData)
      .where(and(inArray(chartData.chartRef, [...chartRefs]), eq(chartData.imageTypeCd, IMAGE_TYPE.cephalogram), liveChartData))
      .orderBy(desc(chartData.id));
    for (const row of rows) if (!out.has(row.chartRef)) out.set(row.chartRef, row);
    return out;
  }

  const defaultPpm = (userId: number): Promise<number | null> => accountDefaultPpm(db, userId);

  type Selected = {
    ref: number;
    chartId: string;
    patientId: string | null;
    name: string;
    birthDate: string;
    female: boolean;
    inferResult: unknown;
    modifiedResult: unknown;
    rulerInfo: unknown;
    imgSize: { width: number; height: number } | null;
  };

  async function toExportCharts(rows: readonly Selected[], ppm: number | null): Promise<ExportChartRow[]> {
    const films = await cephalograms(rows.map((r) => r.ref));
    return rows.map((r) => {
      const film = films.get(r.ref);
      const filmSize = film?.width && film.height ? { width: film.width, height: film.height } : null;
      return {
        ref: r.ref,
        chartId: r.chartId,
        patient: { patientId: r.patientId, name: r.name, birthDate: r.birthDate, female: r.female },
        shootDate: film?.shootDate ?? null,
        record:
          r.inferResult === null && r.modifiedResult === null && r.rulerInfo === null
            ? null
            : { inferResult: r.inferResult, modifiedResult: r.modifiedResult, rulerInfo: r.rulerInfo },
        defaultPpm: ppm,
        dicomCalibration: dicomCalibrationOfRow(film?.dicomInfo),
        imageSize: r.imgSize ?? filmSize,
      };
    });
  }

  return {
    defaultPpm,

    /** A chart of the caller's space by its chart_id, with its record (null when it has none); undefined when not in it. */
    async ownedChart(actor: Actor, chartId: string, ppm: number | null): Promise<ExportChartRow | undefined> {
      const rows = await db
        .select(chartColumns)
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .leftJoin(analysisRecords, and(eq(analysisRecords.chartRef, charts.id), isNull(analysisRecords.deletedAt)))
        .where(and(owned(actor), eq(charts.chartId, chartId)))
        .limit(1);
      const [chart] = await toExportCharts(rows, ppm);
      return chart;
    },

    /** How many charts a batch will hold (sent up front so the browser can show progress). */
    async countBatch(actor: Actor, patientIds: readonly number[] | null): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .innerJoin(analysisRecords, eq(analysisRecords.chartRef, charts.id))
        .where(batchWhere(actor, patientIds));
      return row?.n ?? 0;
    },

    /** The next `limit` batch charts after chart ref `after`, ordered by chart ref (keyset paging: no offset scans). */
    async batchPage(
      actor: Actor,
      patientIds: readonly number[] | null,
      after: number,
      limit: number,
      ppm: number | null,
    ): Promise<ExportChartRow[]> {
      const rows = await db
        .select(chartColumns)
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .innerJoin(analysisRecords, eq(analysisRecords.chartRef, charts.id))
        .where(and(batchWhere(actor, patientIds), gt(charts.id, after)))
        .orderBy(asc(charts.id))
        .limit(limit);
      return toExportCharts(rows, ppm);
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
