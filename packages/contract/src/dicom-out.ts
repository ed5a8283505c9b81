import { z } from 'zod';
import { dicomUidSchema } from './pacs';
import { reportPdfRequestSchema } from './report';
import { endpoint } from './endpoint';

/**
 * DICOM out (Step 18, docs/dicom-out.md): a chart's report as a DICOM Encapsulated PDF and its traced
 * film as a Secondary Capture image, downloaded as `.dcm` files or stored back (STOW-RS) into the film's
 * study on a configured PACS. The request is the report PDF's (`reportPdfRequestSchema`: the chart, the
 * analysis, the language and time zone of the PDF), so the DICOM report is the PDF the user would download.
 */

/** Which of the two objects: the report (Encapsulated PDF) or the traced film (Secondary Capture). */
export const DICOM_OUT_KINDS = ['report', 'tracing'] as const;
export type DicomOutKind = (typeof DICOM_OUT_KINDS)[number];

export const dicomOutRequestSchema = reportPdfRequestSchema;
export type DicomOutRequest = z.input<typeof dicomOutRequestSchema>;

/** Store back: the same request plus the PACS (a PACS_SERVERS id, as `GET /api/pacs/servers` lists them). */
export const pacsStoreBackRequestSchema = reportPdfRequestSchema.extend({
  server: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/),
});
export type PacsStoreBackRequest = z.input<typeof pacsStoreBackRequestSchema>;

export const storedInstanceSchema = z.object({
  kind: z.enum(DICOM_OUT_KINDS),
  sop_class_uid: dicomUidSchema,
  series_uid: dicomUidSchema,
  instance_uid: dicomUidSchema,
});
export type StoredInstance = z.infer<typeof storedInstanceSchema>;

/** Both objects were stored: the study they went into and each new instance. */
export const pacsStoreBackResponseSchema = z.object({
  server: z.string(),
  study_uid: dicomUidSchema,
  instances: z.array(storedInstanceSchema),
});
export type PacsStoreBackResponse = z.infer<typeof pacsStoreBackResponseSchema>;

/** The file name a downloaded object is saved under. */
export function dicomOutFilename(kind: DicomOutKind, chartId: string): string {
  return `ceppro-${kind}-${chartId}.dcm`;
}

/**
 * Bearer-authenticated. `report` and `tracing` answer `application/dicom` (an attachment) or the error
 * envelope with the report PDF's codes; `storeBack` answers the envelope with PacsStoreBackResponse, or a
 * PACS_* code (PACS_UNAVAILABLE, PACS_TIMEOUT, PACS_AUTH, PACS_STORE_REFUSED, PACS_BAD_ANSWER, PACS_NOT_FOUND).
 */
export const DICOM_OUT_ENDPOINTS = {
  report: endpoint({
    method: 'POST',
    path: '/api/report/dicom/report',
    auth: 'user',
    request: dicomOutRequestSchema,
    answer: 'file',
    response: 'application/dicom',
    idempotent: true,
    audit: 'report.dicom',
    limit: 'render',
  }),
  tracing: endpoint({
    method: 'POST',
    path: '/api/report/dicom/tracing',
    auth: 'user',
    request: dicomOutRequestSchema,
    answer: 'file',
    response: 'application/dicom',
    idempotent: true,
    audit: 'report.dicom',
    limit: 'render',
  }),
  storeBack: endpoint({
    method: 'POST',
    path: '/api/pacs/store-back',
    auth: 'user',
    request: pacsStoreBackRequestSchema,
    response: pacsStoreBackResponseSchema,
    audit: 'pacs.store',
    limit: 'heavy',
  }),
} as const;
