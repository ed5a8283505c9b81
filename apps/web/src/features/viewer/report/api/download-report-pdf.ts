import { REPORT_ENDPOINTS, type ReportLang, type ReportPdfRequest } from '@ceppro/contract';
import { api } from '../../../../lib/api/index.ts';

/** `POST /api/report/pdf`: the chart's report as a PDF made on the server from the saved landmarks, labelled in `lang` (the interface language). */
export function fetchReportPdf(request: ReportPdfRequest, lang: ReportLang): Promise<Blob> {
  return api.post<Blob>(REPORT_ENDPOINTS.pdf.path, {}, { auth: true, json: { ...request, lang }, binary: true, idempotent: true });
}

/** Hands a downloaded file to the browser's download (an object URL on a temporary link). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is only needed until then.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
