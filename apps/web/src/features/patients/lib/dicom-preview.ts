import { IMAGE_UPLOAD } from '@ceppro/contract';
import dicomParser, { type DataSet } from 'dicom-parser';

/*
 * A DICOM film's picture in the drop zone, before anything is uploaded (the server renders the film
 * again, fully, after the upload: features/images/dicom). Drawn here when the browser can: the
 * uncompressed 8/16-bit grey films (read with dicom-parser, windowed like the server does) and JPEG
 * Baseline (the browser decodes the JPEG itself); any other encoding gets a card with the header's
 * facts instead (JPEG Lossless has no decoder in a browser).
 */

const UNCOMPRESSED = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1']);
const JPEG_BASELINE = '1.2.840.10008.1.2.4.50';

/** What the header says about the picture: size in px, and the spacing in mm (row, column) when given. */
export interface DicomImageFacts {
  rows: number;
  columns: number;
  /** Pixel Spacing (0028,0030), else Imager Pixel Spacing (0018,1164, at the detector). */
  spacing: { row: number; column: number; imager: boolean } | null;
}

/** A grey picture, one 0..255 value per pixel, row by row (the film shrunk to fit the preview). */
export interface GreyPicture {
  kind: 'grey';
  width: number;
  height: number;
  grey: Uint8ClampedArray;
}

/** The JPEG stream of a JPEG Baseline film, for the browser to decode. */
export interface JpegPicture {
  kind: 'jpeg';
  bytes: Uint8Array<ArrayBuffer>;
  monochrome1: boolean;
}

export interface DicomImage {
  facts: DicomImageFacts;
  /** null: the browser cannot draw this encoding (or this pixel format). */
  picture: GreyPicture | JpegPicture | null;
}

const clean = (value: string | undefined) => value?.replace(/\0/g, '').trim() ?? '';

function spacingOf(data: DataSet): DicomImageFacts['spacing'] {
  for (const [tag, imager] of [
    ['x00280030', false],
    ['x00181164', true],
  ] as const) {
    const row = data.floatString(tag, 0);
    const column = data.floatString(tag, 1);
    if (row !== undefined && column !== undefined && row > 0 && column > 0) return { row, column, imager };
  }
  return null;
}

/**
 * Modality values to display grey (PS3.3 C.11, as the server's dicom-voi.ts): the file's first
 * window when it has one, else its own 0.1st..99.9th percentile; MONOCHROME1 inverted. (A VOI LUT
 * sequence is not applied here: the preview then uses the percentile window.)
 */
function toGrey(values: Float64Array, data: DataSet, monochrome1: boolean): Uint8ClampedArray {
  let center = data.floatString('x00281050', 0);
  let width = data.floatString('x00281051', 0);
  if (center === undefined || width === undefined || !(width >= 1)) {
    const sorted = Float64Array.from(values).sort();
    const low = sorted[Math.floor(0.001 * (sorted.length - 1))] ?? 0;
    const high = sorted[Math.floor(0.999 * (sorted.length - 1))] ?? 0;
    center = (low + high + 1) / 2;
    width = Math.max(2, high - low + 1);
  }
  const grey = new Uint8ClampedArray(values.length);
  const bottom = center - 0.5 - (width - 1) / 2;
  const top = center - 0.5 + (width - 1) / 2;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    const v = x <= bottom ? 0 : x > top ? 255 : Math.round(((x - (center - 0.5)) / Math.max(1, width - 1) + 0.5) * 255);
    grey[i] = monochrome1 ? 255 - v : v;
  }
  return grey;
}

/** Uncompressed grey samples, every `step`-th pixel of every `step`-th row, as modality values. */
function greyPicture(data: DataSet, facts: DicomImageFacts, maxSide: number, monochrome1: boolean): GreyPicture | null {
  const { rows, columns } = facts;
  const bits = data.uint16('x00280100');
  const stored = data.uint16('x00280101') ?? bits;
  const signed = data.uint16('x00280103') === 1;
  const pixels = data.elements.x7fe00010;
  if ((bits !== 8 && bits !== 16) || stored === undefined || stored < 1 || stored > bits || !pixels) return null;
  const bytes = bits / 8;
  if (pixels.length < rows * columns * bytes) return null;
  const slope = data.floatString('x00281053') ?? 1;
  const intercept = data.floatString('x00281052') ?? 0;
  const step = Math.max(1, Math.ceil(Math.max(rows, columns) / maxSide));
  const width = Math.ceil(columns / step);
  const height = Math.ceil(rows / step);
  const values = new Float64Array(width * height);
  const array = data.byteArray;
  const mask = 2 ** stored - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = pixels.dataOffset + (y * step * columns + x * step) * bytes;
      let v = (bytes === 1 ? array[at]! : array[at]! | (array[at + 1]! << 8)) & mask;
      if (signed && v >= 2 ** (stored - 1)) v -= 2 ** stored;
      values[y * width + x] = v * slope + intercept;
    }
  return { kind: 'grey', width, height, grey: toGrey(values, data, monochrome1) };
}

/**
 * Reads a DICOM Part 10 file's picture for the drop zone (`maxSide`: the preview's longest side in
 * px). null when the header cannot be read at all.
 */
export function readDicomImage(bytes: Uint8Array, maxSide = 480): DicomImage | null {
  if (bytes.length > IMAGE_UPLOAD.maxBytes) return null;
  let data: DataSet;
  try {
    data = dicomParser.parseDicom(bytes);
  } catch {
    return null;
  }
  const rows = data.uint16('x00280010') ?? 0;
  const columns = data.uint16('x00280011') ?? 0;
  if (rows <= 0 || columns <= 0) return null;
  const facts: DicomImageFacts = { rows, columns, spacing: spacingOf(data) };
  const syntax = clean(data.string('x00020010'));
  const photometric = clean(data.string('x00280004')).toUpperCase();
  const monochrome1 = photometric === 'MONOCHROME1';
  const grey = (data.uint16('x00280002') ?? 1) === 1 && (monochrome1 || photometric === 'MONOCHROME2');
  const pixels = data.elements.x7fe00010;
  let picture: DicomImage['picture'] = null;
  try {
    if (grey && UNCOMPRESSED.has(syntax)) picture = greyPicture(data, facts, maxSide, monochrome1);
    else if (syntax === JPEG_BASELINE && pixels?.fragments?.length) {
      const frame = dicomParser.readEncapsulatedPixelDataFromFragments(data, pixels, 0, pixels.fragments.length);
      picture = { kind: 'jpeg', bytes: Uint8Array.from(frame), monochrome1 };
    }
  } catch {
    picture = null;
  }
  return { facts, picture };
}

/** The picture as a PNG object URL (the caller revokes it); null when the browser cannot draw it. */
export async function pictureUrl(picture: GreyPicture | JpegPicture, maxSide = 480): Promise<string | null> {
  try {
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d');
    if (ctx === null) return null;
    if (picture.kind === 'grey') {
      canvas.width = picture.width;
      canvas.height = picture.height;
      const image = ctx.createImageData(picture.width, picture.height);
      for (let i = 0; i < picture.grey.length; i++) {
        const v = picture.grey[i]!;
        image.data[i * 4] = v;
        image.data[i * 4 + 1] = v;
        image.data[i * 4 + 2] = v;
        image.data[i * 4 + 3] = 255;
      }
      ctx.putImageData(image, 0, 0);
    } else {
      const bitmap = await createImageBitmap(new Blob([picture.bytes], { type: 'image/jpeg' }));
      const k = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
      canvas.width = Math.max(1, Math.round(bitmap.width * k));
      canvas.height = Math.max(1, Math.round(bitmap.height * k));
      if (picture.monochrome1) ctx.filter = 'invert(1)';
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return blob === null ? null : URL.createObjectURL(blob);
  } catch {
    return null;
  }
}
