import { IMAGE_TYPE } from '@ceppro/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { liveChartScope, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { liveRecordDocuments } from '../../db/live-record';
import { newestLiveImage } from '../../db/live-image';
import { analysisRecords, charts, clinics, patients, userConfigs, users } from '../../db/schema/index';

/** The chart a report is about, with its patient; only in the caller's space, committed and not deleted. */
export interface ReportChart {
  ref: number;
  chartId: string;
  patientRef: number;
  patient: { firstName: string; patientId: string | null; birthInfo: string; gender: boolean };
}

/** SQL of the report: every read is keyed by the caller's space (`patientScope`) or by a chart found in it. */
export function createReportRepository(db: AppDatabase) {
  return {
    async findOwnedChart(actor: Actor, chartId: string): Promise<ReportChart | undefined> {
      const [row] = await db
        .select({
          ref: charts.id,
          chartId: charts.chartId,
          patientRef: charts.patientRef,
          patient: { firstName: patients.firstName, patientId: patients.patientId, birthInfo: patients.birthInfo, gender: patients.gender },
        })
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(and(eq(charts.chartId, chartId), liveChartScope(actor)))
        .limit(1);
      return row;
    },

    /**
     * The chart's place among its patient's live (committed, not deleted) charts, oldest first (the
     * patient list's history, counted): what a clinic calls "the second film" instead of the UUID.
     */
    async chartSequence(chart: Pick<ReportChart, 'ref' | 'patientRef'>): Promise<{ n: number; of: number } | null> {
      const rows = await db
        .select({ id: charts.id })
        .from(charts)
        .where(and(eq(charts.patientRef, chart.patientRef), isNull(charts.deletedAt), isNull(charts.draftExpiresAt)))
        .orderBy(asc(charts.createdAt), asc(charts.id));
      const index = rows.findIndex((r) => r.id === chart.ref);
      return index < 0 ? null : { n: index + 1, of: rows.length };
    },

    /** The chart's live (committed, not deleted) cephalogram, the newest if there are several. */
    cephalogram: (chartRef: number) => newestLiveImage(db, chartRef, IMAGE_TYPE.cephalogram),

    /** The chart's live lateral facial photo (the one the VTO/STO aligns), the newest if there are several. */
    facialPhoto: (chartRef: number) => newestLiveImage(db, chartRef, IMAGE_TYPE.lateralFace),

    /** Every document of the chart's live record that a report prints. */
    analysisRecord: (chartRef: number) =>
      liveRecordDocuments(db, chartRef, {
        inferResult: analysisRecords.inferResult,
        modifiedResult: analysisRecords.modifiedResult,
        rulerInfo: analysisRecords.rulerInfo,
        imgSize: analysisRecords.imgSize,
        superimpositionData: analysisRecords.superimpositionData,
        profilogramResult: analysisRecords.profilogramResult,
        drawingResult: analysisRecords.drawingResult,
        vtoStoConfig: analysisRecords.vtoStoConfig,
      }),

    /**
     * The clinic printed on the report (in a clinic, the clinic's name; in a personal space, the
     * account's company name) and the user's default PPM.
     */
    async owner(actor: Actor): Promise<{ companyName: string | null; defaultPpm: number | null; userAnalysisManage: unknown }> {
      const [row] = await db
        .select({
          companyName: users.companyName,
          clinicName: clinics.name,
          defaultPpm: userConfigs.defaultPpm,
          userAnalysisManage: userConfigs.userAnalysisManage,
        })
        .from(users)
        .leftJoin(userConfigs, and(eq(userConfigs.userId, users.id), isNull(userConfigs.deletedAt)))
        .leftJoin(clinics, eq(clinics.id, actor.clinicId ?? 0))
        .where(eq(users.id, actor.userId))
        .limit(1);
      return {
        companyName: row?.clinicName ?? row?.companyName ?? null,
        defaultPpm: row?.defaultPpm ?? null,
        // The default norm population (Settings) lives in the analysis groups document.
        userAnalysisManage: row?.userAnalysisManage ?? null,
      };
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
