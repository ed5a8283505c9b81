import { isApiError } from '../../../../lib/api/index.ts';

const PACS_CODES = [
  'PACS_UNAVAILABLE',
  'PACS_TIMEOUT',
  'PACS_AUTH',
  'PACS_BAD_ANSWER',
  'PACS_NOT_FOUND',
  'IMAGE_TOO_LARGE',
  'RATE_LIMITED',
] as const;
const DICOM_CODES = [
  'DICOM_UNREADABLE',
  'DICOM_UNSUPPORTED_SYNTAX',
  'DICOM_NO_PIXEL_DATA',
  'DICOM_MULTI_FRAME',
  'DICOM_NOT_IMAGE',
] as const;

export type PacsProblem =
  | { kind: 'pacs'; code: (typeof PACS_CODES)[number] | 'generic' }
  | { kind: 'dicom'; code: (typeof DICOM_CODES)[number] }
  /** The interceptor already told the user (time-out, network, session): nothing more to say here. */
  | { kind: 'shown' };

/** What to tell the user about a failed PACS call, in plain words (the dialog shows `pacs.errors.<code>` or `dicom.errors.<code>`). */
export function pacsProblemOf(error: unknown): PacsProblem {
  if (!isApiError(error)) return { kind: 'pacs', code: 'generic' };
  const dicom = DICOM_CODES.find((code) => code === error.code);
  if (dicom) return { kind: 'dicom', code: dicom };
  const pacs = PACS_CODES.find((code) => code === error.code);
  if (pacs) return { kind: 'pacs', code: pacs };
  return error.handled ? { kind: 'shown' } : { kind: 'pacs', code: 'generic' };
}
