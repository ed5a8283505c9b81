import sharp from 'sharp';
import type { GreyImage } from './patches.ts';

/** Side limits for cephalograms we accept (spec: 600 to 6000 px a side). */
export const MIN_SIDE_PX = 600;
export const MAX_SIDE_PX = 6000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png']);

export type ImageRejection = 'IMAGE_EMPTY' | 'IMAGE_CORRUPT' | 'IMAGE_UNSUPPORTED_FORMAT' | 'IMAGE_TOO_SMALL' | 'IMAGE_TOO_LARGE';

/** The bytes cannot be used as an image; `code` is stable, `message` is for people. */
export class ImageInputError extends Error {
  constructor(
    readonly code: ImageRejection,
    message: string,
  ) {
    super(message);
    this.name = 'ImageInputError';
  }
}

/**
 * Decode JPEG/PNG bytes (8 or 16 bit, grey or colour, EXIF orientation applied) into an 8-bit grey
 * image in original pixels. Dimensions are checked from the header before any pixel is decoded,
 * so decompression bombs are refused cheaply.
 */
export async function decodeGrey(bytes: Uint8Array): Promise<GreyImage> {
  if (bytes.byteLength === 0) throw new ImageInputError('IMAGE_EMPTY', 'The image file is empty.');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageInputError('IMAGE_CORRUPT', 'The file is not a readable image.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new ImageInputError('IMAGE_UNSUPPORTED_FORMAT', `Only JPEG and PNG images are accepted (got ${meta.format ?? 'unknown'}).`);
  }
  // sharp's autoOrient: the size after EXIF orientation, as `.rotate()` below decodes it.
  const { width, height } = meta.autoOrient;
  if (Math.max(width, height) > MAX_SIDE_PX) {
    throw new ImageInputError('IMAGE_TOO_LARGE', `The image is ${width} x ${height} px; at most ${MAX_SIDE_PX} px a side is accepted.`);
  }
  if (Math.min(width, height) < MIN_SIDE_PX) {
    throw new ImageInputError('IMAGE_TOO_SMALL', `The image is ${width} x ${height} px; at least ${MIN_SIDE_PX} px a side is needed.`);
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_SIDE_PX * MAX_SIDE_PX, failOn: 'truncated' })
      .rotate()
      .greyscale()
      .raw({ depth: meta.depth === 'ushort' ? 'ushort' : 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const grey = info.channels === 1 ? data : firstChannel(data, info.channels, meta.depth === 'ushort');
    const pixels =
      meta.depth === 'ushort'
        ? stretch16(new Uint16Array(grey.buffer, grey.byteOffset, grey.byteLength / 2))
        : new Uint8Array(grey.buffer, grey.byteOffset, grey.byteLength);
    return { data: pixels, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof ImageInputError) throw err;
    throw new ImageInputError('IMAGE_CORRUPT', 'The image data is corrupt or truncated.');
  }
}

function firstChannel(data: Buffer, channels: number, wide: boolean): Buffer {
  const bytesPer = wide ? 2 : 1;
  const n = data.byteLength / (channels * bytesPer);
  const out = Buffer.alloc(n * bytesPer);
  for (let i = 0; i < n; i++) data.copy(out, i * bytesPer, i * channels * bytesPer, i * channels * bytesPer + bytesPer);
  return out;
}

/**
 * 16-bit films often use only 10-14 bits: map the 0.1..99.9 percentile range to 0..255 so the
 * network sees the same contrast as on 8-bit films.
 */
export function stretch16(src: Uint16Array): Uint8Array {
  const hist = new Uint32Array(65536);
  for (let i = 0; i < src.length; i++) hist[src[i]!]!++;
  const lowCount = src.length * 0.001;
  const highCount = src.length * 0.999;
  let lo = 0;
  let hi = 65535;
  let acc = 0;
  for (let v = 0; v < 65536; v++) {
    acc += hist[v]!;
    if (acc <= lowCount) lo = v;
    if (acc >= highCount) {
      hi = v;
      break;
    }
  }
  const span = Math.max(1, hi - lo);
  const out = new Uint8Array(src.length);
  for (let i = 0; i < src.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(((src[i]! - lo) * 255) / span)));
  return out;
}

/** Resize a grey image to exactly rw x rh (antialiased when shrinking); always one channel out. */
export async function resizeGrey(img: GreyImage, rw: number, rh: number): Promise<GreyImage> {
  if (rw === img.width && rh === img.height) return img;
  // Without an explicit colourspace libvips hands back sRGB (3 channels) for a 1-channel input.
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(rw, rh, { fit: 'fill', kernel: 'linear' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = info.channels === 1 ? data : firstChannel(data, info.channels, false);
  if (grey.length !== rw * rh) throw new Error(`resize produced ${grey.length} bytes for ${rw} x ${rh}`);
  return { data: new Uint8Array(grey.buffer, grey.byteOffset, grey.byteLength), width: rw, height: rh };
}
