import type { PacsStudySearchRequest } from '@ceppro/contract';

/** Server cache keys of the PACS dialog: a search and a study's series are read-only views of the PACS. */
export const pacsKeys = {
  servers: ['pacs', 'servers'] as const,
  studies: (query: PacsStudySearchRequest) => ['pacs', 'studies', query] as const,
  series: (server: string, studyUid: string) => ['pacs', 'series', server, studyUid] as const,
};

/**
 * Codes the dialog explains itself (lib/pacs-error.ts) instead of the interceptor's generic alert
 * (a PACS that is down answers 503, which would otherwise read as "the Ceppro server failed").
 */
export const PACS_PASS_THROUGH = [
  'PACS_UNAVAILABLE',
  'PACS_TIMEOUT',
  'PACS_AUTH',
  'PACS_BAD_ANSWER',
  'PACS_NOT_FOUND',
  'IMAGE_TOO_LARGE',
  'DICOM_UNREADABLE',
  'DICOM_UNSUPPORTED_SYNTAX',
  'DICOM_NO_PIXEL_DATA',
  'DICOM_MULTI_FRAME',
  'DICOM_NOT_IMAGE',
] as const;
