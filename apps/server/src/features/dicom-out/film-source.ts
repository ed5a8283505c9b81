import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { AppError } from '../../errors/app-error';
import type { LiveImage } from '../../db/live-image';
import type { ObjectStorage } from '../../storage/object-storage';

/**
 * The stored original of a DICOM film, only if it is still the file that passed the upload check
 * (size and SHA-256 as recorded; IMAGE_CHANGED otherwise, as images/stored-image.ts does for every
 * read). The identifiers of the objects written from it are read from this file: the upload keeps the
 * DICOM original as it came, so its header is the one record of the patient and study it belongs to.
 */
export async function readDicomOriginal(storage: ObjectStorage, image: Pick<LiveImage, 'path' | 'sha256' | 'sizeBytes'>): Promise<Buffer> {
  let object: Awaited<ReturnType<ObjectStorage['getObject']>>;
  try {
    object = await storage.getObject(image.path);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('REPORT_NO_IMAGE', 'The cephalogram file is missing.');
    throw error;
  }
  if (image.sizeBytes !== null && object.size !== image.sizeBytes) {
    object.body.destroy();
    throw new AppError('IMAGE_CHANGED');
  }
  const bytes = await buffer(object.body);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if ((image.sizeBytes !== null && bytes.length !== image.sizeBytes) || (image.sha256 !== null && sha256 !== image.sha256)) {
    throw new AppError('IMAGE_CHANGED');
  }
  return bytes;
}
