import { z } from 'zod';
import { calendarDateSchema } from './calendar-date';
import { dicomCalibrationSchema } from './dicom';
import { imageTypeCdSchema } from './image-type';
import { endpoint } from './endpoint';

/**
 * Files and AI (docs/spec-points.md §7): what the browser and the server agree on for patient images.
 *
 * The upload sequence (docs/house-rules.md §13: bytes go straight to object storage):
 * 1. `POST /minio/upload` names the chart, image type and content type; the server answers with a
 *    presigned PUT URL and an `upload_id`.
 * 2. The browser PUTs the bytes to that URL with the same Content-Type, once: the URL names a staging
 *    key of this upload only, and a second PUT (or one after step 3) is refused or never used.
 * 3. `POST /minio/chart_data_request` with the `upload_id`: the server checks the stored bytes (real
 *    JPEG/PNG by content, size and dimension limits). A bad file is deleted and refused, leaving no
 *    chart data; a good one is copied to a key of its own with its SHA-256 and size recorded
 *    (every later read verifies them: IMAGE_CHANGED) and becomes *pending* chart data, and a
 *    thumbnail job starts. When the
 *    thumbnail is stored, the socket sends "DB thumbnail Saved".
 * 4. `POST /ai/ceppro/ceph-landmark` runs the model on the chart's newest cephalogram. On success it
 *    stores the result in the chart's analysis record and commits the pending images (older images of
 *    the same type are soft-deleted) and a draft chart/patient. A refusal discards what is pending.
 * 5. On any other failure or time-out the browser calls `POST /api/discard-upload`; a server sweeper
 *    discards what is still pending or draft after `DRAFT_TTL_SECONDS` anyway (tab closed mid-way).
 *
 * `chart_id` in these calls is the chart's `chart_id` string (a UUID), as in GraphQL.
 */

/**
 * Patient images: jpg/png (docs/spec-points.md §5) and DICOM films (Step 10, contract dicom.ts), checked by
 * content on the server. A DICOM file may have no extension: the browser recognises it by content.
 */
export const IMAGE_UPLOAD = {
  contentTypes: ['image/jpeg', 'image/png', 'application/dicom'],
  extensions: ['jpg', 'jpeg', 'png', 'dcm'],
  maxBytes: 30 * 1024 * 1024,
  /** Each side, in pixels. */
  minSide: 200,
  maxSide: 12_000,
  maxPixels: 80_000_000,
  /**
   * A cephalogram must also fit the landmark model's input range (apps/server/src/inference
   * MIN_SIDE_PX / MAX_SIDE_PX): refused at upload, so it never reaches detection to fail there.
   */
  cephalogram: { minSide: 600, maxSide: 6_000 },
  /** Thumbnails are JPEG, this many px wide at most (height kept in proportion). */
  thumbnailWidth: 360,
  /** Presigned URLs live this long. */
  urlTtlSeconds: 600,
} as const;

/** docs/spec-points.md §9: new-patient processing time-out 30 s. The server keeps drafts a little longer. */
export const NEW_PATIENT_TIMEOUT_MS = 30_000;
export const DRAFT_TTL_SECONDS = 60;

export const imageContentTypeSchema = z.enum(IMAGE_UPLOAD.contentTypes);
export type ImageContentType = z.infer<typeof imageContentTypeSchema>;

const dayString = calendarDateSchema;

/** Optional day: empty string or absent means "no date" (the list shows ----). */
const optionalDay = z.preprocess((v) => (v === '' ? null : v), dayString.nullable().optional());

const chartIdSchema = z.uuid();

/** Form fields arrive as strings; JSON may send arrays. Accepts "00700,00710", ["00700"], "00700". */
const imageTypeList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(imageTypeCdSchema).min(1).max(2),
);

const booleanish = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean(),
);

export const uploadRequestSchema = z.object({
  chart_id: chartIdSchema,
  image_type_cd: imageTypeCdSchema,
  /** Chart id plus type code .jpg (docs/spec-points.md §3); informational only. */
  original_name: z.string().max(255).optional(),
  shoot_date: optionalDay,
  content_type: imageContentTypeSchema,
  /** Declared byte size; refused early when over the limit (the stored bytes are checked again). */
  size: z.coerce.number().int().positive().max(IMAGE_UPLOAD.maxBytes),
});
export type UploadRequest = z.input<typeof uploadRequestSchema>;

export const uploadResponseSchema = z.object({
  upload_id: z.uuid(),
  /** PUT the bytes here with header Content-Type = `content_type`. */
  presignedUrl: z.string().min(1),
  method: z.literal('PUT'),
  content_type: imageContentTypeSchema,
  expires_at: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const chartDataRequestSchema = z.object({ upload_id: z.uuid() });
export type ChartDataRequest = z.input<typeof chartDataRequestSchema>;

export const storedChartDataSchema = z.object({
  id: z.number().int(),
  chart_id: chartIdSchema,
  image_type_cd: imageTypeCdSchema,
  shoot_date: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** true until landmark detection commits it. */
  pending: z.boolean(),
  create_at: z.string(),
});
export type StoredChartData = z.infer<typeof storedChartDataSchema>;

export const downloadRequestSchema = z.object({
  chart_id: chartIdSchema,
  image_type_cd: imageTypeList.optional(),
  thumbnail_only_check: booleanish.default(false),
});
export type DownloadRequest = z.input<typeof downloadRequestSchema>;

export const downloadEntrySchema = z.object({
  chart_data_id: z.number().int(),
  image_type_cd: imageTypeCdSchema,
  /** Presigned GET URL; null when the stored object is missing (the screen shows LOST). */
  presignedPath: z.string().nullable(),
  /** true when presignedPath points at a thumbnail (false: the full image, e.g. while a thumbnail is being made). */
  thumbnail: z.boolean(),
  lost: z.boolean(),
  create_at: z.string(),
  shoot_date: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * A DICOM film's own calibration (Pixel Spacing, else Imager Pixel Spacing / magnification);
   * null for JPEG/PNG and for DICOM files without spacing. presignedPath then shows the derived
   * 8-bit image, never the DICOM original.
   */
  dicom_calibration: dicomCalibrationSchema.nullable().optional(),
});
export type DownloadEntry = z.infer<typeof downloadEntrySchema>;
export const downloadResponseSchema = z.array(downloadEntrySchema);

export const updateShootDateRequestSchema = z.object({
  chart_id: chartIdSchema,
  image_type_cd: imageTypeList,
  shoot_date: optionalDay,
});
export type UpdateShootDateRequest = z.input<typeof updateShootDateRequestSchema>;
export const updateShootDateResponseSchema = z.object({ updated: z.number().int() });

export const discardUploadRequestSchema = z.object({ chart_id: chartIdSchema });
export const discardUploadResponseSchema = z.object({
  chart_data: z.number().int(),
  chart: z.boolean(),
  patient: z.boolean(),
});

export const landmarkRequestSchema = z.object({ chart_id: chartIdSchema });

/** One landmark of `output.boxs` (docs/spec-points.md §3: cname, name, bbox x and y), in px of the original upload. */
export const landmarkBoxSchema = z.object({
  cname: z.number().int().min(0),
  name: z.string(),
  bbox: z.object({ x: z.number(), y: z.number() }),
  confidence: z.number().min(0).max(1),
});
export type LandmarkBox = z.infer<typeof landmarkBoxSchema>;

export const landmarkResponseSchema = z.object({
  output: z.object({
    boxs: z.array(landmarkBoxSchema),
    size: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  }),
  model: z.object({ id: z.string(), version: z.string() }),
  analysis_record_id: z.number().int(),
  chart_uuid: z.uuid(),
});
export type LandmarkResponse = z.infer<typeof landmarkResponseSchema>;

/** The file and AI endpoints, bearer-authenticated, each answering the usual envelope. */
export const FILE_ENDPOINTS = {
  upload: endpoint({ method: 'POST', path: '/minio/upload', auth: 'user', request: uploadRequestSchema, response: uploadResponseSchema }),
  chartDataRequest: endpoint({
    method: 'POST',
    path: '/minio/chart_data_request',
    auth: 'user',
    request: chartDataRequestSchema,
    response: storedChartDataSchema,
    audit: 'image.upload',
    limit: 'heavy',
  }),
  download: endpoint({
    method: 'POST',
    path: '/minio/download',
    auth: 'user',
    request: downloadRequestSchema,
    response: downloadResponseSchema,
    idempotent: true,
    audit: 'image.view',
  }),
  updateShootDate: endpoint({
    method: 'POST',
    path: '/api/update-shoot-date',
    auth: 'user',
    request: updateShootDateRequestSchema,
    response: updateShootDateResponseSchema,
    idempotent: true,
    audit: 'image.update',
  }),
  discardUpload: endpoint({
    method: 'POST',
    path: '/api/discard-upload',
    auth: 'user',
    request: discardUploadRequestSchema,
    response: discardUploadResponseSchema,
    audit: 'image.discard',
  }),
  cephLandmark: endpoint({
    method: 'POST',
    path: '/ai/ceppro/ceph-landmark',
    auth: 'user',
    request: landmarkRequestSchema,
    response: landmarkResponseSchema,
    audit: 'landmarks.detect',
  }),
} as const;
