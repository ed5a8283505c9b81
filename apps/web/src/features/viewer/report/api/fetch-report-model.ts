import {
  REPORT_ENDPOINTS,
  reportModelSchema,
  type ReportLang,
  type ReportModelQuery,
  type ReportModel,
  type ReportPdfRequest,
} from '@ceppro/contract';
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
export async function fetchReportModel(request: ReportPdfRequest, lang: ReportLang, signal?: AbortSignal): Promise<ReportModel> {
  const query: ReportModelQuery = {
    lang,
    ...(request.measurement_ids !== undefined
      ? { measurement_ids: request.measurement_ids.join(',') }
      : request.analysis_id !== undefined && { analysis_id: request.analysis_id }),
    ...(request.analysis_name !== undefined && { analysis_name: request.analysis_name }),
    // Every landmark's superimposition movement as an appendix, when the user asks for it.
    ...(request.superimposition_table === true && { superimposition_table: 'true' }),
    time_zone: browserTimeZone(),
  };
  const data = await api.call(REPORT_ENDPOINTS.model, query, { params: { chart_id: request.chart_id }, signal });
  return reportModelSchema.parse(data);
}
