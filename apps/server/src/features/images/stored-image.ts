import { isDicomBytes } from '@ceppro/contract';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { AppError } from '../../errors/app-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { renderDicomPng } from './dicom/dicom-render-pool';

/** What the upload check recorded about an image's bytes (null on rows from before it was recorded). */
export interface CheckedBytes {
  path: string;
  sha256: string | null;
  sizeBytes: number | null;
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The stored bytes of a checked image, only if they are still the bytes that passed the check: a
 * different size or SHA-256 (the object was written behind the server's back) is IMAGE_CHANGED,
 * never used for detection, thumbnails or reports. A missing object is AppError NOT_FOUND.
 *
 * A DICOM original is verified as stored, then rendered to the same 8-bit display PNG the upload
 * check stored beside it (a deterministic function of the verified bytes): thumbnails, detection
 * and reports all read one decodable image, and it is the one the viewer shows. `owner`
 * (`user:<id>`): whose turn the render takes at the DICOM worker; without one, the shared background turn.
 */
export async function readCheckedImage(storage: ObjectStorage, image: CheckedBytes, owner?: string): Promise<Buffer> {
  const object = await storage.getObject(image.path);
  if (image.sizeBytes !== null && object.size !== image.sizeBytes) {
    object.body.destroy();
    throw new AppError('IMAGE_CHANGED');
  }
  const bytes = await buffer(object.body);
  if ((image.sizeBytes !== null && bytes.length !== image.sizeBytes) || (image.sha256 !== null && sha256Of(bytes) !== image.sha256)) {
    throw new AppError('IMAGE_CHANGED');
  }
  return isDicomBytes(bytes) ? (await renderDicomPng(bytes, owner === undefined ? {} : { owner })).png : bytes;
}
