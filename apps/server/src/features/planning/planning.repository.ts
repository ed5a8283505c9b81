import { IMAGE_TYPE, type ImageTypeCd } from '@ceppro/contract';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { analysisRecords, chartData, charts, patients, userConfigs } from '../../db/schema/index';

/** A chart the caller owns (committed, not deleted), with its patient. */
export interface PlanningChart {
  ref: number;
  chartId: string;
  patientRef: number;
}

/** A live (committed, not deleted) image of a chart, with what the upload check recorded about it. */
export interface PlanningImage {
  id: number;
  path: string;
  sha256: string | null;
  sizeBytes: number | null;
  shootDate: string | null;
  width: number | null;
  height: number | null;
  /** What the upload check read from a DICOM film (its pixel spacing among it); null otherwise. */
  dicomInfo: unknown;
}

/** SQL of planning: every read is keyed by the caller's id or by a chart the caller was checked to own. */
export function createPlanningRepository(db: AppDatabase) {
  async function newestLive(chartRef: number, type: ImageTypeCd): Promise<PlanningImage | undefined> {
    const [row] = await db
      .select({
        id: chartData.id,
        path: chartData.path,
        sha256: chartData.sha256,
        sizeBytes: chartData.sizeBytes,
        shootDate: chartData.shootDate,
        width: chartData.width,
        height: chartData.height,
        dicomInfo: chartData.dicomInfo,
      })
      .from(chartData)
      .where(
        and(
          eq(chartData.chartRef, chartRef),
          eq(chartData.imageTypeCd, type),
          isNull(chartData.deletedAt),
          isNull(chartData.pendingExpiresAt),
        ),
      )
      .orderBy(desc(chartData.id))
      .limit(1);
    return row;
  }

  return {
    /** The caller's charts among `chartIds` (unknown, deleted, draft and other users' charts are left out). */
    async findOwnedCharts(userId: number, chartIds: readonly string[]): Promise<PlanningChart[]> {
      if (chartIds.length === 0) return [];
      return db
        .select({ ref: charts.id, chartId: charts.chartId, patientRef: charts.patientRef })
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(
          and(
            inArray(charts.chartId, [...chartIds]),
            eq(patients.userId, userId),
            isNull(patients.deletedAt),
            isNull(charts.deletedAt),
            isNull(patients.draftExpiresAt),
            isNull(charts.draftExpiresAt),
          ),
        );
    },

    /** The chart's live cephalogram, the newest if there are several. */
    cephalogram: (chartRef: number) => newestLive(chartRef, IMAGE_TYPE.cephalogram),

    /** The chart's live lateral facial photo (00710), the newest if there are several. */
    facialPhoto: (chartRef: number) => newestLive(chartRef, IMAGE_TYPE.lateralFace),

    async analysisRecord(chartRef: number) {
      const [row] = await db
        .select({
          inferResult: analysisRecords.inferResult,
          modifiedResult: analysisRecords.modifiedResult,
          rulerInfo: analysisRecords.rulerInfo,
          imgSize: analysisRecords.imgSize,
        })
        .from(analysisRecords)
        .where(and(eq(analysisRecords.chartRef, chartRef), isNull(analysisRecords.deletedAt)))
        .limit(1);
      return row;
    },

    /** The user's default PPM (settings), the calibration of films without a ruler. */
    async defaultPpm(userId: number): Promise<number | null> {
      const [row] = await db
        .select({ defaultPpm: userConfigs.defaultPpm })
        .from(userConfigs)
        .where(and(eq(userConfigs.userId, userId), isNull(userConfigs.deletedAt)))
        .limit(1);
      return row?.defaultPpm ?? null;
    },
  };
}

export type PlanningRepository = ReturnType<typeof createPlanningRepository>;
