import { z } from 'zod';
import { timeZoneSchema } from './calendar-date';
import { reportLangSchema } from './report-labels';
import { endpoint, pathTo } from './endpoint';

export * from './report-labels';

/**
 * Printable reports (docs/spec-points.md §1 "printable reports", §2 Viewer "print report"). The browser
 * prints the viewer's report layout itself; this endpoint gives the same report as a PDF file built
 * on the server from the stored chart: patient and chart details, the cephalogram with landmarks and
 * tracing, the analysis table with norms and interpretation, the AI disclaimer, date and clinic.
 *
 * `chart_id` is the chart's `chart_id` string (a UUID), as in the file endpoints.
 */
export const reportPdfRequestSchema = z.object({
  chart_id: z.uuid(),
  /** An analysis of packages/ceph (`steiner`, `downs`, ...); the first analysis when absent. */
  analysis_id: z.string().min(1).max(50).optional(),
  /**
   * A user's own group instead of a built-in analysis: its measurement ids (packages/ceph catalogue)
   * in table order, and its name for the title. Takes precedence over `analysis_id`.
   */
  measurement_ids: z.array(z.string().min(1).max(50)).min(1).max(200).optional(),
  analysis_name: z.string().min(1).max(100).optional(),
  /** The language of the PDF's labels (the web sends its interface language); English when absent. */
  lang: reportLangSchema.optional(),
  /** The browser's IANA time zone: the report is dated by the local calendar day there (UTC when absent). */
  time_zone: timeZoneSchema.optional(),
  /** Adds every landmark's superimposition movement as an appendix (the summary of the clinical points is always printed). */
  superimposition_table: z.boolean().optional(),
});
export type ReportPdfRequest = z.input<typeof reportPdfRequestSchema>;

/**
 * `GET /api/report/:chart_id/model`: the report model (report-model/schema.ts) the PDF draws, as
 * JSON, for the browser's print layout. Same choice of analysis and language as the PDF; a user's
 * group sends its measurement ids comma-separated.
 */
export const reportModelQuerySchema = z.object({
  analysis_id: z.string().min(1).max(50).optional(),
  measurement_ids: z
    .string()
    .max(4000)
    .transform((text) => text.split(',').filter((id) => id !== ''))
    .pipe(z.array(z.string().min(1).max(50)).min(1).max(200))
    .optional(),
  analysis_name: z.string().min(1).max(100).optional(),
  lang: reportLangSchema.optional(),
  time_zone: timeZoneSchema.optional(),
  superimposition_table: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ReportModelQuery = z.input<typeof reportModelQuerySchema>;
export const reportModelParamsSchema = z.object({ chart_id: z.uuid() });

/** The path of a chart's report model. */
export function reportModelPath(chartId: string): string {
  return pathTo(REPORT_ENDPOINTS.model, { chart_id: chartId });
}

/** The AI disclaimer in English (`REPORT_SHARED_LABELS[lang].disclaimer` in the report's language). */
export const REPORT_DISCLAIMER = 'AI landmarks are a reference for medical staff, not a diagnosis.';

/**
 * Report endpoints, bearer-authenticated. `pdf` answers `application/pdf` (an attachment) on
 * success and the usual error envelope otherwise: NOT_FOUND for a chart that is not the caller's,
 * REPORT_NO_IMAGE / REPORT_NO_ANALYSIS when there is nothing to report yet.
 */
export const REPORT_ENDPOINTS = {
  pdf: endpoint({
    method: 'POST',
    path: '/api/report/pdf',
    auth: 'user',
    request: reportPdfRequestSchema,
    answer: 'file',
    response: 'application/pdf',
    idempotent: true,
    audit: 'report.pdf',
    limit: 'render',
  }),
  model: endpoint({
    method: 'GET',
    path: '/api/report/:chart_id/model',
    auth: 'user',
    params: reportModelParamsSchema,
    request: reportModelQuerySchema,
    response: 'ReportModel (JSON envelope)',
    audit: 'report.view',
  }),
} as const;
