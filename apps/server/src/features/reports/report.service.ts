import type { ReportPdfRequest } from '@ceppro/contract';
import { buffer } from 'node:stream/consumers';
import { AppError } from '../../errors/app-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { composeReportImage } from './report-image';
import { buildReportModel, reportAnalysis, reportLandmarks, type ReportModel } from './report-model';
import { renderReportPdf } from './report-pdf';
import type { ReportRepository } from './report.repository';

export interface ReportPdf {
  filename: string;
  pdf: Buffer;
  /** What the PDF shows (tests read it instead of parsing the file). */
  model: ReportModel;
}

/**
 * Builds a chart's report as a PDF. Ownership first: another user's chart is NOT_FOUND, the same
 * answer as a chart that does not exist. The heavy part (decode, overlay, encode) runs in libvips'
 * thread pool; the PDF itself is a few kilobytes of text around the JPEG.
 */
export function createReportService(deps: { reports: ReportRepository; storage: ObjectStorage; clock?: () => Date }) {
  const { reports, storage, clock = () => new Date() } = deps;
  return {
    async pdf(userId: number, request: ReportPdfRequest): Promise<ReportPdf> {
      const chart = await reports.findOwnedChart(userId, request.chart_id);
      if (!chart) throw new AppError('NOT_FOUND');
      const analysis = reportAnalysis(request);
      if (!analysis) throw new AppError('VALIDATION_FAILED', 'Unknown analysis or measurement.', { field: request.measurement_ids ? 'measurement_ids' : 'analysis_id' });
      const [image, record, owner] = await Promise.all([reports.cephalogram(chart.ref), reports.analysisRecord(chart.ref), reports.owner(userId)]);
      if (!image) throw new AppError('REPORT_NO_IMAGE');
      if (!record || reportLandmarks(record.inferResult, record.modifiedResult).length === 0) throw new AppError('REPORT_NO_ANALYSIS');
      let original: Buffer;
      try {
        original = await buffer((await storage.getObject(image.path)).body);
      } catch (error) {
        // The stored file is gone (the viewer shows LOST): nothing to print.
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('REPORT_NO_IMAGE', 'The cephalogram file is missing.');
        throw error;
      }
      const now = clock();
      const model = buildReportModel(
        {
          now,
          clinic: owner.companyName,
          patient: chart.patient,
          chart: { chartId: chart.chartId, shootDate: image.shootDate },
          analysisId: analysis.id,
          record,
          defaultPpm: owner.defaultPpm,
        },
        analysis,
      );
      const size = record.imgSize ?? (image.width && image.height ? { width: image.width, height: image.height } : null);
      const film = await composeReportImage(original, model.landmarks, size);
      return { filename: `ceppro-report-${chart.chartId}.pdf`, pdf: renderReportPdf(model, film, now), model };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
