import { z } from 'zod';

/**
 * The error catalogue: every code the server may put in `{ success: false, code, message }`.
 *
 * Product codes come from docs/spec-points.md §8. The spec gives the meaning of J002, J005 and K024 only; the
 * other product codes carry a meaning chosen here from the spec's list of user messages
 * (`specified: false`) so that each has one owner and one HTTP status. Change a meaning only together
 * with the web app's handling of that code.
 *
 * Generic codes (upper-case words) cover what every HTTP service needs and are ours to define.
 */
interface CatalogueEntry {
  readonly status: number;
  readonly message: string;
  /** true when the spec states what the code means; false when the meaning is our assumption. */
  readonly specified: boolean;
}

export const ERROR_CATALOGUE = {
  // Product codes (docs/spec-points.md §8).
  J001: { status: 401, message: 'Access token missing or invalid.', specified: false },
  J002: { status: 401, message: 'Access token expired.', specified: true },
  J005: { status: 401, message: 'Duplicate login: this session was signed out.', specified: true },
  C001: { status: 404, message: 'The wrong approach.', specified: false },
  C002: { status: 409, message: 'Failed to delete chart.', specified: false },
  M003: { status: 404, message: 'No matching member information.', specified: false },
  M005: { status: 409, message: 'The email is already registered.', specified: false },
  K006: { status: 401, message: 'The input information is not correct.', specified: false },
  K007: { status: 403, message: 'Login failed 10 times; an activation mail was sent.', specified: false },
  K013: { status: 403, message: 'Email not authorized; check the authentication email.', specified: false },
  K016: { status: 403, message: 'The current IP differs from the previous one; confirm via the emailed button.', specified: false },
  K017: { status: 403, message: 'The account requires administrator authentication.', specified: false },
  K022: { status: 400, message: 'The verification code has expired or is wrong.', specified: false },
  K024: { status: 403, message: 'Expired Account!', specified: true },

  // Patient images and AI (docs/spec-points.md §8: "X-ray not recognized (Please check the X-ray image)").
  XRAY_NOT_RECOGNIZED: { status: 422, message: 'Please check the X-ray image.', specified: false },
  IMAGE_NOT_SUPPORTED: { status: 415, message: 'Only JPEG and PNG images are accepted.', specified: false },
  IMAGE_TOO_LARGE: { status: 413, message: 'The image is larger than allowed.', specified: false },
  IMAGE_DIMENSIONS: { status: 422, message: 'The image dimensions are out of range.', specified: false },
  // DICOM films (Step 10 item 7): the file is DICOM but not one film this app can show.
  DICOM_UNREADABLE: { status: 415, message: 'The DICOM file could not be read.', specified: false },
  DICOM_UNSUPPORTED_SYNTAX: { status: 415, message: 'The DICOM transfer syntax is not supported.', specified: false },
  DICOM_NO_PIXEL_DATA: { status: 422, message: 'The DICOM file contains no image.', specified: false },
  DICOM_MULTI_FRAME: { status: 422, message: 'Multi-frame DICOM files are not accepted; export a single image.', specified: false },
  DICOM_NOT_IMAGE: { status: 422, message: 'The DICOM file is not a radiograph image.', specified: false },
  UPLOAD_MISSING: { status: 409, message: 'The file was not uploaded.', specified: false },
  // The stored object's size or SHA-256 differs from what the upload check recorded: never used.
  IMAGE_CHANGED: { status: 409, message: 'The stored image no longer matches the checked upload.', specified: false },
  INFERENCE_FAILED: { status: 503, message: 'Landmark detection is not available right now.', specified: false },
  // Too many detections waiting (all users, or this user's own): Retry-After says when to try again.
  AI_BUSY: { status: 429, message: 'Landmark detection is busy; try again shortly.', specified: false },

  // Reports: the chart exists and is the caller's, but there is nothing to report yet.
  REPORT_NO_IMAGE: { status: 409, message: 'The chart has no cephalogram to report on.', specified: false },
  REPORT_NO_ANALYSIS: { status: 409, message: 'The chart has no landmark analysis to report on.', specified: false },
  // The adjusted landmarks name another image than the chart's cephalogram (modified_result.image).
  REPORT_LANDMARKS_MISMATCH: { status: 409, message: 'The adjusted landmarks were placed on another image.', specified: false },
  // The PDF held its worker thread past the time budget (features/reports/report-pdf-pool.ts): the
  // thread was ended; the same request may succeed on a less busy server.
  REPORT_TIMEOUT: { status: 503, message: 'The report PDF took too long to make; try again shortly.', specified: false },

  // Planning (Step 9): superimposition needs 2..4 films of one patient, each with landmarks; the
  // facial photo auto-alignment needs the film's landmarks.
  SUPERIMPOSITION_TOO_FEW: { status: 400, message: 'Select at least 2 X-ray images.', specified: false },
  SUPERIMPOSITION_TOO_MANY: { status: 400, message: 'At most 4 X-ray images can be superimposed.', specified: false },
  SUPERIMPOSITION_PATIENT_MISMATCH: { status: 400, message: 'The X-ray images belong to different patients.', specified: false },
  SUPERIMPOSITION_NO_LANDMARKS: { status: 409, message: 'An X-ray image has no landmarks to register on.', specified: false },
  AUTOALIGN_NO_LANDMARKS: { status: 409, message: 'The X-ray image has no landmarks to align the photo to.', specified: false },

  // The served model's card (`models/<id>.card.json`) is missing or does not match the contract:
  // the "About the AI" page says so instead of failing with a 500.
  MODEL_CARD_UNAVAILABLE: { status: 404, message: 'The model card is not available.', specified: false },

  // Import from a PACS over DICOMweb (Step 18, docs/pacs.md, apps/server/src/features/pacs). The PACS, not
  // the caller, is at fault: 502/503/504, so the web never mistakes them for its own session's 401/403.
  PACS_UNAVAILABLE: { status: 503, message: 'The PACS could not be reached.', specified: false },
  PACS_TIMEOUT: { status: 504, message: 'The PACS did not answer in time.', specified: false },
  PACS_AUTH: { status: 502, message: 'The PACS refused the credentials configured for it.', specified: false },
  PACS_BAD_ANSWER: { status: 502, message: 'The PACS gave an answer that could not be read.', specified: false },
  PACS_NOT_FOUND: { status: 404, message: 'The PACS server or object was not found.', specified: false },
  // Store back (STOW-RS, docs/dicom-out.md): the PACS answered but refused one or both objects (its FailedSOPSequence).
  PACS_STORE_REFUSED: { status: 502, message: 'The PACS refused to store the report or the tracing.', specified: false },

  // Clinics and the access policy (Step 16, docs/clinics.md).
  // The caller's role in the space they work in (a clinic, or their personal space for a clinic-only
  // operation) does not allow the operation (apps/server/src/access).
  ROLE_FORBIDDEN: { status: 403, message: 'Your role does not allow this.', specified: false },
  // Creating or joining a clinic while a live member of one: a person belongs to one clinic at a time.
  CLINIC_ALREADY_MEMBER: { status: 409, message: 'You already belong to a clinic; leave it first.', specified: false },
  // Removing, demoting or letting leave the only owner: a clinic always has one.
  CLINIC_LAST_OWNER: { status: 409, message: 'A clinic needs at least one owner.', specified: false },
  // An invitation link that is unknown, accepted, revoked or past its 7 days.
  INVITATION_INVALID: { status: 400, message: 'The invitation is not valid or has expired.', specified: false },
  // An invitation accepted by a signed-in account whose email is not the invited one.
  INVITATION_EMAIL_MISMATCH: { status: 403, message: 'This invitation was sent to another email address.', specified: false },

  // Generic codes.
  BAD_REQUEST: { status: 400, message: 'The request is malformed.', specified: false },
  // A GraphQL document over a size limit (tokens, depth, aliases, directives, cost): refused unrun.
  GRAPHQL_LIMIT: { status: 400, message: 'The GraphQL document exceeds a limit.', specified: false },
  // An answer over the server's budget (a list asking for many records' documents, documents over
  // the per-answer size): refused before it is built; ask for fewer records or documents.
  RESPONSE_TOO_LARGE: { status: 422, message: 'The answer would be larger than allowed; ask for less.', specified: false },
  VALIDATION_FAILED: { status: 400, message: 'The request did not pass validation.', specified: false },
  INVALID_OBJECT_KEY: { status: 400, message: 'The object key is not allowed.', specified: false },
  UNAUTHORIZED: { status: 401, message: 'Authentication is required.', specified: false },
  FORBIDDEN: { status: 403, message: 'Access is forbidden.', specified: false },
  // /api/admin for an account whose role is not 'admin' (features/admin).
  ADMIN_REQUIRED: { status: 403, message: 'An administrator account is required.', specified: false },
  // An administrator's action on their own account that would end their own access (expiry).
  ADMIN_SELF_CHANGE: { status: 403, message: 'An administrator cannot expire or demote their own account.', specified: false },
  URL_EXPIRED: { status: 403, message: 'The signed URL has expired.', specified: false },
  URL_SIGNATURE_INVALID: { status: 403, message: 'The signed URL is not valid.', specified: false },
  // A mailed link (activation, IP approval, email change) that is unknown, used or expired.
  LINK_INVALID: { status: 400, message: 'The link is not valid or has expired.', specified: false },
  NOT_FOUND: { status: 404, message: 'Not found.', specified: false },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.', specified: false },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state.', specified: false },
  // A save of an analysis record's document that names no revision to start from (base_revision,
  // base_documents, or merge_drawing_result's base): refused unapplied, so no save can overwrite
  // another's unseen (issue 29 item 1). The caller reads document_revisions and saves again.
  REVISION_REQUIRED: { status: 428, message: 'A save must name the revision of each document it changes.', specified: false },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.', specified: false },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The content type is not supported.', specified: false },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests.', specified: false },
  // One account's requests over its fair share of this server (requests in flight, per minute, or
  // heavy work such as PDFs and exports at once; apps/server/src/http/user-budget.ts). Retry-After says when.
  RATE_LIMITED: { status: 429, message: 'Too many requests from this account at once; try again shortly.', specified: false },
  // Too many sign-in tries on one email from addresses it does not sign in from (all of them
  // together, features/auth); its known addresses still sign in. Retry-After says when.
  LOGIN_LIMIT: { status: 429, message: 'Too many sign-in attempts for this account; try again later.', specified: false },
  // A verification SMS over the number's or the service's daily cap. Retry-After says when.
  SMS_LIMIT: { status: 429, message: 'Too many verification codes were sent today; try again later.', specified: false },
  INTERNAL: { status: 500, message: 'An unexpected error occurred.', specified: false },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is not ready.', specified: false },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export const errorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

/** Codes the web app passes to the caller silently (docs/spec-points.md §8: not logged to console). */
export const SILENT_ERROR_CODES = [
  'J001',
  'C001',
  'C002',
  'M003',
  'M005',
  'K006',
  'K007',
  'K013',
  'K016',
  'K017',
  'K022',
] as const satisfies readonly ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

export function defaultMessageOf(code: ErrorCode): string {
  return ERROR_CATALOGUE[code].message;
}
