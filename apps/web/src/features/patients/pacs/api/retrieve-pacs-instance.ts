import { DICOM_CONTENT_TYPE, PACS_ENDPOINTS, type PacsRetrieveRequest } from '@ceppro/contract';
import { api } from '../../../../lib/api/index.ts';
import { PACS_PASS_THROUGH } from './pacs-keys.ts';

/**
 * `POST /api/pacs/retrieve`: the instance's DICOM file as a File, named like a dropped `.dcm`, for the
 * cephalogram drop zone (the same checks, prefill offer and upload as a dropped file).
 */
export async function retrievePacsInstance(request: PacsRetrieveRequest): Promise<File> {
  const blob = await api.call(PACS_ENDPOINTS.retrieve, request, { passThrough: PACS_PASS_THROUGH });
  return new File([blob], `${request.instance_uid}.dcm`, { type: DICOM_CONTENT_TYPE });
}
