import { DICOM_OUT_ENDPOINTS, type DicomOutKind, type ReportLang, type ReportPdfRequest } from '@ceppro/contract';
import { api } from '../../../../lib/api/index.ts';
import { browserTimeZone } from './browser-time-zone.ts';

/**
 * `POST /api/report/dicom/report` or `/tracing`: the chart's report as a DICOM Encapsulated PDF, or its
 * traced film as a Secondary Capture, made on the server from the saved landmarks (docs/dicom-out.md).
 */
export function fetchReportDicom(kind: DicomOutKind, request: ReportPdfRequest, lang: ReportLang): Promise<Blob> {
  return api.call(DICOM_OUT_ENDPOINTS[kind], { ...request, lang, time_zone: browserTimeZone() });
}
