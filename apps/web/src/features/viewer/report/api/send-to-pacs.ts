import { DICOM_OUT_ENDPOINTS, type PacsStoreBackResponse, type ReportLang, type ReportPdfRequest } from '@ceppro/contract';
import { api } from '../../../../lib/api/index.ts';
import { browserTimeZone } from './browser-time-zone.ts';

/** Codes the report panel explains itself instead of the interceptor's generic alert (a PACS that is down answers 503). */
export const STORE_BACK_CODES = [
  'PACS_UNAVAILABLE',
  'PACS_TIMEOUT',
  'PACS_AUTH',
  'PACS_STORE_REFUSED',
  'PACS_BAD_ANSWER',
  'PACS_NOT_FOUND',
] as const;
export type StoreBackCode = (typeof STORE_BACK_CODES)[number];

/**
 * `POST /api/pacs/store-back`: the report (Encapsulated PDF) and the traced film (Secondary Capture)
 * stored into their study on the PACS `server`. Sent once: a repeated store would add two more instances.
 */
export function sendToPacs(request: ReportPdfRequest, lang: ReportLang, server: string): Promise<PacsStoreBackResponse> {
  return api.call(
    DICOM_OUT_ENDPOINTS.storeBack,
    { ...request, lang, time_zone: browserTimeZone(), server },
    { passThrough: STORE_BACK_CODES },
  );
}
