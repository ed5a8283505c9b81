import { z } from 'zod';
import { timeZoneSchema } from './calendar-date';
import { reportLangSchema } from './report-labels';
import { endpoint, pathTo } from './endpoint';

export * from './consultation/consultation-labels';
export * from './consultation/consultation-model';
export * from './consultation/consultation-schema';

/**
 * Consultation mode (issue 28 item 5): the patient's before/after view. The model is JSON for the web's
 * full-screen view; the PDF is the same on one A4 page. Both are the report's (same access policy, audit
 * and rate budget): `consultation.model` is read like the report model, the PDF like the report PDF.
 */
export const consultationPdfRequestSchema = z.object({
  chart_id: z.uuid(),
  /** The patient's language (the view's picker); English when absent. */
  lang: reportLangSchema.optional(),
  time_zone: timeZoneSchema.optional(),
});
export type ConsultationPdfRequest = z.input<typeof consultationPdfRequestSchema>;

export const consultationModelQuerySchema = z.object({ lang: reportLangSchema.optional(), time_zone: timeZoneSchema.optional() });
export const consultationModelParamsSchema = z.object({ chart_id: z.uuid() });

/** The path of a chart's consultation model. */
export function consultationModelPath(chartId: string): string {
  return pathTo(CONSULTATION_ENDPOINTS.model, { chart_id: chartId });
}

export const CONSULTATION_ENDPOINTS = {
  pdf: endpoint({
    method: 'POST',
    path: '/api/report/consultation/pdf',
    auth: 'user',
    request: consultationPdfRequestSchema,
    answer: 'file',
    response: 'application/pdf',
    idempotent: true,
    audit: 'report.pdf',
    limit: 'render',
  }),
  model: endpoint({
    method: 'GET',
    path: '/api/report/:chart_id/consultation',
    auth: 'user',
    params: consultationModelParamsSchema,
    request: consultationModelQuerySchema,
    response: 'ConsultationModel (JSON envelope)',
    audit: 'report.view',
  }),
} as const;
