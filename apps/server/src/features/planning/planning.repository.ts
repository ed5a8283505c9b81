import { IMAGE_TYPE, type ImageTypeCd } from '@ceppro/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { liveChartScope, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { accountDefaultPpm } from '../../db/default-ppm';
import { liveRecordDocuments } from '../../db/live-record';
import { newestLiveImage, type LiveImage } from '../../db/live-image';
import { analysisRecords, charts, patients } from '../../db/schema/index';

/** A chart in the caller's space (committed, not deleted), with its patient. */
export interface PlanningChart {
  ref: number;
  chartId: string;
  patientRef: number;
}

/** A live (committed, not deleted) image of a chart, with what the upload check recorded about it. */
export type PlanningImage = LiveImage;

/** SQL of planning: every read is keyed by the caller's space (`patientScope`) or by a chart found in it. */
export function createPlanningRepository(db: AppDatabase) {
  const newestLive = (chartRef: number, type: ImageTypeCd) => newestLiveImage(db, chartRef, type);

  return {
    /** The caller's space's charts among `chartIds` (unknown, deleted, draft and other spaces' charts are left out). */
    async findOwnedCharts(actor: Actor, chartIds: readonly string[]): Promise<PlanningChart[]> {
      if (chartIds.length === 0) return [];
      return db
        .select({ ref: charts.id, chartId: charts.chartId, patientRef: charts.patientRef })
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(and(inArray(charts.chartId, [...chartIds]), liveChartScope(actor)));
    },

    /** The chart's live cephalogram, the newest if there are several. */
    cephalogram: (chartRef: number) => newestLive(chartRef, IMAGE_TYPE.cephalogram),

    /** The chart's live lateral facial photo (00710), the newest if there are several. */
    facialPhoto: (chartRef: number) => newestLive(chartRef, IMAGE_TYPE.lateralFace),

    /** The landmark documents of the chart's live record. */
    analysisRecord: (chartRef: number) =>
      liveRecordDocuments(db, chartRef, {
        inferResult: analysisRecords.inferResult,
        modifiedResult: analysisRecords.modifiedResult,
        rulerInfo: analysisRecords.rulerInfo,
        imgSize: analysisRecords.imgSize,
      }),

    /** The user's default PPM (settings), the calibration of films without a ruler. */
    defaultPpm: (userId: number): Promise<number | null> => accountDefaultPpm(db, userId),
  };
}

export type PlanningRepository = ReturnType<typeof createPlanningRepository>;
