import { reportModelPath, reportModelSchema, type ReportLang, type ReportModel, type ReportPdfRequest } from '@ceppro/contract';
import { api } from '../../../../lib/api/index.ts';
import { browserTimeZone } from './browser-time-zone.ts';

/** The react-query key of a chart's report model in one language and analysis. */
export function reportModelKey(request: ReportPdfRequest | null, lang: ReportLang) {
  const group = request?.measurement_ids?.join(',') ?? null;
  const appendix = request?.superimposition_table ?? false;
  return [
    'report-model',
    request?.chart_id ?? null,
    lang,
    request?.analysis_id ?? null,
    group,
    request?.analysis_name ?? null,
    appendix,
  ] as const;
}

/**
 * `GET /api/report/:chart_id/model`: the report the server builds from the saved record (the one the
 * PDF is drawn from), labelled in `lang` and dated by the browser's time zone; validated with the contract's schema.
 */
export async function fetchReportModel(request: ReportPdfRequest, lang: ReportLang): Promise<ReportModel> {
  const query = new URLSearchParams({ lang });
  if (request.measurement_ids !== undefined) query.set('measurement_ids', request.measurement_ids.join(','));
  else if (request.analysis_id !== undefined) query.set('analysis_id', request.analysis_id);
  if (request.analysis_name !== undefined) query.set('analysis_name', request.analysis_name);
  // Every landmark's superimposition movement as an appendix, when the user asks for it.
  if (request.superimposition_table === true) query.set('superimposition_table', 'true');
  const timeZone = browserTimeZone();
  if (timeZone !== undefined) query.set('time_zone', timeZone);
  const data = await api.get(`${reportModelPath(request.chart_id)}?${query.toString()}`, { auth: true });
  return reportModelSchema.parse(data);
}
