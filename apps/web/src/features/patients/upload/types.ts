/**
 * The upload pipeline's public types (docs/spec-points.md §4: "New patient creation" and "Image change").
 * Screens code against these; `runUpload` does the work.
 */

/** What the images are for: a new patient, a new chart of an existing patient, or an existing chart. */
export type UploadTarget =
  | { mode: 'create'; patient: { first_name: string; birth_info: string; gender: boolean } }
  | { mode: 'add'; patientId: number }
  | { mode: 'change'; chartId: string /* the chart's chart_id string */ };

export interface UploadImages {
  /** The cephalogram (required), jpg or png. */
  ceph: File;
  /** The lateral facial photo (optional), jpg or png. */
  face?: File | null;
  /** yyyy-mm-dd, stored with each image; null or empty for "no date". */
  shootDate?: string | null;
}

export type UploadStep = 'prepare' | 'upload' | 'thumbnail' | 'detect' | 'done';

export interface UploadProgress {
  step: UploadStep;
  /** Overall progress, 0..100. */
  percent: number;
  /** Bytes sent of all images, 0..100. */
  uploadPercent: number;
  thumbnailsSaved: number;
  thumbnailsExpected: number;
}

export interface UploadResult {
  /** The chart's uuid: the viewer's route id. */
  chartUuid: string;
  /** The chart's chart_id string. */
  chartId: string;
  patientId: number;
}

/** `busy`: landmark detection is overloaded (AI_BUSY, HTTP 429); `retryAfterS` says for how long. */
export type UploadFailureReason = 'not-recognized' | 'timeout' | 'invalid-image' | 'network' | 'server' | 'busy';

/**
 * Why an upload did not finish. By the time it is thrown the socket is closed and the draft was
 * discarded (best effort; the server also sweeps drafts).
 */
export class UploadFailedError extends Error {
  readonly reason: UploadFailureReason;
  /** The server's error code when there was one (XRAY_NOT_RECOGNIZED, IMAGE_TOO_LARGE, ...). */
  readonly code: string | null;
  /** true when the app's HTTP interceptor already showed an alert for it (network, 5xx). */
  readonly handled: boolean;
  /** true when the caller's AbortSignal stopped the run. */
  readonly cancelled: boolean;
  /** Seconds to wait before trying again, when the server said (busy). */
  readonly retryAfterS: number | null;

  constructor(
    reason: UploadFailureReason,
    message: string,
    detail: { code?: string | null; handled?: boolean; cancelled?: boolean; retryAfterS?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: detail.cause });
    this.name = 'UploadFailedError';
    this.reason = reason;
    this.code = detail.code ?? null;
    this.handled = detail.handled ?? false;
    this.cancelled = detail.cancelled ?? false;
    this.retryAfterS = detail.retryAfterS ?? null;
  }
}
