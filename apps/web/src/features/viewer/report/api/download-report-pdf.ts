import { REPORT_ENDPOINTS, type ReportLang, type ReportPdfRequest } from '@ceppro/contract';
import { api } from '../../../../lib/api/index.ts';
import { browserTimeZone } from './browser-time-zone.ts';

/** `POST /api/report/pdf`: the chart's report as a PDF made on the server from the saved landmarks, labelled in `lang`
 * (the interface language) and dated by the browser's time zone. */
export function fetchReportPdf(request: ReportPdfRequest, lang: ReportLang): Promise<Blob> {
  return api.call(REPORT_ENDPOINTS.pdf, { ...request, lang, time_zone: browserTimeZone() });
}
