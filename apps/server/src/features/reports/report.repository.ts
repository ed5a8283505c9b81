import { IMAGE_TYPE } from '@ceppro/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { newestLiveImage } from '../../db/live-image';
import { analysisRecords, charts, patients, userConfigs, users } from '../../db/schema/index';

/** The chart a report is about, with its patient; only the owner's, committed and not deleted. */
export interface ReportChart {
  ref: number;
  chartId: string;
  patient: { firstName: string; patientId: string | null; birthInfo: string; gender: boolean };
}

/** SQL of the report: every read is keyed by the caller's id or by a chart the caller was checked to own. */
export function createReportRepository(db: AppDatabase) {
  return {
    async findOwnedChart(userId: number, chartId: string): Promise<ReportChart | undefined> {
      const [row] = await db
        .select({
          ref: charts.id,
          chartId: charts.chartId,
          patient: { firstName: patients.firstName, patientId: patients.patientId, birthInfo: patients.birthInfo, gender: patients.gender },
        })
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(
          and(
            eq(charts.chartId, chartId),
            eq(patients.userId, userId),
            isNull(patients.deletedAt),
            isNull(charts.deletedAt),
            isNull(patients.draftExpiresAt),
            isNull(charts.draftExpiresAt),
          ),
        )
        .limit(1);
      return row;
    },

    /** The chart's live (committed, not deleted) cephalogram, the newest if there are several. */
    cephalogram: (chartRef: number) => newestLiveImage(db, chartRef, IMAGE_TYPE.cephalogram),

    async analysisRecord(chartRef: number) {
      const [row] = await db
        .select({
          inferResult: analysisRecords.inferResult,
          modifiedResult: analysisRecords.modifiedResult,
          rulerInfo: analysisRecords.rulerInfo,
          imgSize: analysisRecords.imgSize,
          superimpositionData: analysisRecords.superimpositionData,
          profilogramResult: analysisRecords.profilogramResult,
          drawingResult: analysisRecords.drawingResult,
          vtoStoConfig: analysisRecords.vtoStoConfig,
        })
        .from(analysisRecords)
        .where(and(eq(analysisRecords.chartRef, chartRef), isNull(analysisRecords.deletedAt)))
        .limit(1);
      return row;
    },

    /** The clinic printed on the report (the account's company name) and the user's default PPM. */
    async owner(userId: number): Promise<{ companyName: string | null; defaultPpm: number | null }> {
      const [row] = await db
        .select({ companyName: users.companyName, defaultPpm: userConfigs.defaultPpm })
        .from(users)
        .leftJoin(userConfigs, and(eq(userConfigs.userId, users.id), isNull(userConfigs.deletedAt)))
        .where(eq(users.id, userId))
        .limit(1);
      return { companyName: row?.companyName ?? null, defaultPpm: row?.defaultPpm ?? null };
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
