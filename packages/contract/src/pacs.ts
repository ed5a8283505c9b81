import { z } from 'zod';
import { calendarDateSchema } from './calendar-date';
import { endpoint } from './endpoint';

/**
 * Import from a PACS over DICOMweb (Step 18, docs/pacs.md): the servers the operator configured
 * (PACS_SERVERS; names only, never their addresses or credentials), a QIDO-RS study search, a study's
 * series with a thumbnail each, and the WADO-RS retrieve of one instance, answered as the DICOM file
 * itself (`application/dicom`) so the web hands it to the same drop-zone path a dropped file takes.
 * Bearer-authenticated; errors use the envelope with a PACS_* code (errors.ts).
 */

/** A DICOM UID: digits and dots, at most 64 characters (PS3.5 9.1). */
export const dicomUidSchema = z
  .string()
  .regex(/^[0-9]+(\.[0-9]+)*$/, 'must be a DICOM UID')
  .max(64);

const serverIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/);

/** Free text sent to the PACS as a QIDO-RS matching key: one line, no backslash (a DICOM value separator). */
const queryText = z
  .string()
  .trim()
  .max(64)
  .refine((v) => !/[\u0000-\u001f\\]/.test(v), 'must be one line without backslashes');

export const PACS_SEARCH_LIMIT = 50;

export const pacsServerViewSchema = z.object({ id: z.string(), name: z.string() });
export type PacsServerView = z.infer<typeof pacsServerViewSchema>;
export const pacsServersResponseSchema = z.object({ servers: z.array(pacsServerViewSchema) });
export type PacsServersResponse = z.infer<typeof pacsServersResponseSchema>;

export const pacsStudySearchRequestSchema = z
  .object({
    server: serverIdSchema,
    /** Patient name: its words in order, each a prefix (`hong gil` finds `Hong^Gildong`); `*` and `?` are wildcards. */
    patient_name: queryText.optional(),
    patient_id: queryText.optional(),
    date_from: calendarDateSchema.optional(),
    date_to: calendarDateSchema.optional(),
    /** Modality in the study (CR, DX, ...); absent: any. */
    modality: z
      .string()
      .regex(/^[A-Z]{2,4}$/)
      .optional(),
  })
  .refine((q) => !(q.date_from && q.date_to && q.date_from > q.date_to), { message: 'date_from is after date_to', path: ['date_to'] });
export type PacsStudySearchRequest = z.input<typeof pacsStudySearchRequestSchema>;

/** Dates are YYYY-MM-DD (converted from DICOM DA), or null when the PACS gave none or an unreadable one. */
export const pacsStudySchema = z.object({
  study_uid: dicomUidSchema,
  patient_name: z.string(),
  patient_id: z.string(),
  birth_date: calendarDateSchema.nullable(),
  sex: z.string(),
  study_date: calendarDateSchema.nullable(),
  description: z.string(),
  accession: z.string(),
  modalities: z.array(z.string()),
  series_count: z.number().int().nullable(),
  instance_count: z.number().int().nullable(),
});
export type PacsStudy = z.infer<typeof pacsStudySchema>;
export const pacsStudySearchResponseSchema = z.object({
  studies: z.array(pacsStudySchema),
  /** More studies matched than PACS_SEARCH_LIMIT: narrow the search. */
  truncated: z.boolean(),
});
export type PacsStudySearchResponse = z.infer<typeof pacsStudySearchResponseSchema>;

export const pacsSeriesRequestSchema = z.object({ server: serverIdSchema, study_uid: dicomUidSchema });
export type PacsSeriesRequest = z.input<typeof pacsSeriesRequestSchema>;

export const pacsInstanceSchema = z.object({
  instance_uid: dicomUidSchema,
  sop_class_uid: z.string(),
  number: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  columns: z.number().int().nullable(),
  /** The SOP class is one of the image classes Ceppro reads (contract dicom.ts); a report or PDF is false. */
  is_image: z.boolean(),
});
export type PacsInstance = z.infer<typeof pacsInstanceSchema>;

/** Instances listed per series; a cephalogram series holds one or two. */
export const PACS_SERIES_INSTANCES_MAX = 20;

export const pacsSeriesSchema = z.object({
  series_uid: dicomUidSchema,
  modality: z.string(),
  description: z.string(),
  number: z.number().int().nullable(),
  instance_count: z.number().int().nullable(),
  instances: z.array(pacsInstanceSchema),
  /** The first image instance rendered by the PACS, as a small JPEG data URL; null when it has none or the PACS could not render it. */
  thumbnail: z.string().nullable(),
});
export type PacsSeries = z.infer<typeof pacsSeriesSchema>;
export const pacsSeriesResponseSchema = z.object({ series: z.array(pacsSeriesSchema) });
export type PacsSeriesResponse = z.infer<typeof pacsSeriesResponseSchema>;

export const pacsRetrieveRequestSchema = z.object({
  server: serverIdSchema,
  study_uid: dicomUidSchema,
  series_uid: dicomUidSchema,
  instance_uid: dicomUidSchema,
});
export type PacsRetrieveRequest = z.input<typeof pacsRetrieveRequestSchema>;

export const PACS_ENDPOINTS = {
  servers: endpoint({ method: 'GET', path: '/api/pacs/servers', auth: 'user', response: pacsServersResponseSchema }),
  studies: endpoint({
    method: 'POST',
    path: '/api/pacs/studies',
    auth: 'user',
    request: pacsStudySearchRequestSchema,
    response: pacsStudySearchResponseSchema,
    idempotent: true,
    limit: 'heavy',
  }),
  series: endpoint({
    method: 'POST',
    path: '/api/pacs/series',
    auth: 'user',
    request: pacsSeriesRequestSchema,
    response: pacsSeriesResponseSchema,
    idempotent: true,
    limit: 'heavy',
  }),
  /** Answers the instance's DICOM Part 10 bytes (`application/dicom`), checked to be one film Ceppro reads. */
  retrieve: endpoint({
    method: 'POST',
    path: '/api/pacs/retrieve',
    auth: 'user',
    request: pacsRetrieveRequestSchema,
    answer: 'file',
    response: 'application/dicom',
    idempotent: true,
    limit: 'heavy',
  }),
} as const;
