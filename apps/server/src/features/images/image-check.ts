import { DICOM_CONTENT_TYPE, IMAGE_UPLOAD, isDicomBytes, type ImageContentType, type ImageTypeCd } from '@ceppro/contract';
import sharp from 'sharp';
import { AppError } from '../../errors/app-error';
import type { DicomFilm } from './dicom/dicom-film';
import { renderDicomPng } from './dicom/dicom-render-pool';
import { checkDimensions } from './image-dimensions';

export interface CheckedImage {
  contentType: ImageContentType;
  /** After EXIF orientation, as the viewer shows it and as landmarks are stored. */
  width: number;
  height: number;
  /** A DICOM original: what was read, and its derived 8-bit display PNG (same width x height). */
  dicom?: { film: DicomFilm; displayPng: Buffer };
}

/**
 * How strictly every decode of a stored film fails: on a decoder error (a PNG chunk whose CRC is
 * wrong, a truncated file), not on a mere warning. The upload check and the thumbnail job use the
 * same setting, so what passes the check can always be thumbnailed.
 */
export const DECODE_FAIL_ON = 'error' as const;

/**
 * libvips' time limit on the check's decode of a JPEG or PNG (at most 80 Mpx, shrink-on-load: well
 * under a second for a real film; a progressive JPEG of thousands of scans would take minutes).
 */
export const IMAGE_DECODE_TIMEOUT_S = 5;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** By content, never by name or declared type: a text file renamed .jpg is not a JPEG. */
export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 8));
  if (head.subarray(0, 3).equals(JPEG_MAGIC)) return 'image/jpeg';
  if (head.equals(PNG_MAGIC)) return 'image/png';
  if (isDicomBytes(bytes)) return DICOM_CONTENT_TYPE;
  return null;
}

/**
 * A DICOM film, all in the render worker (dicom-render-pool.ts): the header caps and checks
 * (dicom-film.ts), the size limits before a pixel is decoded, the compressed frame's own header
 * against Rows x Columns (no decompression bombs), then a full decode to the display PNG, which is
 * what proves the pixel data readable to the end. Nothing of the file is parsed on the event loop.
 */
async function checkDicom(bytes: Uint8Array, imageType: ImageTypeCd, owner: string | undefined): Promise<CheckedImage> {
  const { png: displayPng, film } = await renderDicomPng(bytes, { check: imageType, ...(owner !== undefined && { owner }) });
  return { contentType: DICOM_CONTENT_TYPE, width: film.width, height: film.height, dicom: { film, displayPng } };
}

/**
 * The checks an uploaded patient image must pass before it becomes chart data: a real JPEG or PNG
 * (magic bytes, and the header agrees), within the byte and pixel limits, and decodable to the end
 * (a truncated file, or a PNG with a bad checksum, is refused). Runs in libvips' thread pool, off the event loop; the decode is a
 * shrink-on-load to a small size, which still reads every byte of the file, at most the pixels the
 * header declares and within IMAGE_DECODE_TIMEOUT_S. `owner` (`user:<id>`): whose turn a DICOM film
 * takes at the render worker (dicom-render-pool.ts).
 */
export async function checkImage(bytes: Uint8Array, imageType: ImageTypeCd, owner?: string): Promise<CheckedImage> {
  if (bytes.byteLength > IMAGE_UPLOAD.maxBytes) throw new AppError('IMAGE_TOO_LARGE');
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new AppError('IMAGE_NOT_SUPPORTED');
  if (sniffed === DICOM_CONTENT_TYPE) return checkDicom(bytes, imageType, owner);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('IMAGE_NOT_SUPPORTED');
  }
  const format = meta.format === 'jpeg' ? 'image/jpeg' : meta.format === 'png' ? 'image/png' : null;
  if (format !== sniffed || !meta.width || !meta.height) throw new AppError('IMAGE_NOT_SUPPORTED');
  // sharp's autoOrient: the size after EXIF orientation, as `.rotate()` will draw it.
  const { width, height } = meta.autoOrient;
  checkDimensions(width, height, imageType);
  try {
    await sharp(bytes, { failOn: DECODE_FAIL_ON, limitInputPixels: meta.width * meta.height })
      .timeout({ seconds: IMAGE_DECODE_TIMEOUT_S })
      .resize({ width: 64 })
      .raw()
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /timeout/i.test(error.message)) {
      throw new AppError('IMAGE_NOT_SUPPORTED', `The image could not be decoded within ${IMAGE_DECODE_TIMEOUT_S} s.`);
    }
    throw new AppError('IMAGE_NOT_SUPPORTED', 'The image data is corrupt or truncated.');
  }
  return { contentType: sniffed, width, height };
}

/** Thumbnails sit next to their original: `charts/<chart>/<upload>.jpg` -> `charts/<chart>/<upload>.thumb.jpg`. */
export function thumbnailKeyOf(objectKey: string): string {
  return `${objectKey.replace(/\.[A-Za-z0-9]+$/, '')}.thumb.jpg`;
}

/** A DICOM original's derived display image: `charts/<chart>/<upload>.dcm` -> `charts/<chart>/<upload>.display.png`. */
export function displayKeyOf(objectKey: string): string {
  return `${objectKey.replace(/\.[A-Za-z0-9]+$/, '')}.display.png`;
}

/** Every object stored beside an original (deleted with it): its thumbnail and, for DICOM, its display image. */
export function derivedKeysOf(objectKey: string): string[] {
  return [thumbnailKeyOf(objectKey), displayKeyOf(objectKey)];
}

/** A JPEG at most IMAGE_UPLOAD.thumbnailWidth wide, upright (EXIF applied). */
export function makeThumbnail(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes, { failOn: DECODE_FAIL_ON, limitInputPixels: IMAGE_UPLOAD.maxPixels })
    .rotate()
    .resize({ width: IMAGE_UPLOAD.thumbnailWidth, withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
}
