import {
  DICOM_IMAGE_SOP_CLASSES,
  isSupportedTransferSyntax,
  transferSyntaxLabel,
  type DicomCalibration,
  type DicomIgnoredSpacing,
  type DicomTransferSyntax,
  type ImageTypeCd,
} from '@ceppro/contract';
import dicomParser, { type DataSet, type Element } from 'dicom-parser';
import { Decoder as LosslessDecoder } from 'jpeg-lossless-decoder-js';
import sharp from 'sharp';
import { AppError } from '../../../errors/app-error';
import { checkDimensions } from '../image-dimensions';
import { dicomCalibrationOf, positive } from './dicom-calibration';
import { checkDicomHeaderSize } from './dicom-header-walk';
import { toDisplay8bit, type VoiTransform } from './dicom-voi';
import { checkJpegFrameOfFilm } from './jpeg-frame-header';

/*
 * Reading one DICOM film (Part 10 file) with cornerstone's dicom-parser (MIT): the checks that make
 * it acceptable (one frame of a radiograph in a transfer syntax we decode), its calibration, and its
 * pixels rendered to the 8-bit grey image the viewer, the thumbnail and the landmark model use.
 */

const TAG = {
  transferSyntax: 'x00020010',
  sopClass: 'x00080016',
  samplesPerPixel: 'x00280002',
  photometric: 'x00280004',
  frames: 'x00280008',
  rows: 'x00280010',
  columns: 'x00280011',
  bitsAllocated: 'x00280100',
  bitsStored: 'x00280101',
  pixelRepresentation: 'x00280103',
  windowCenter: 'x00281050',
  windowWidth: 'x00281051',
  rescaleIntercept: 'x00281052',
  rescaleSlope: 'x00281053',
  voiLutSequence: 'x00283010',
  lutDescriptor: 'x00283002',
  lutData: 'x00283006',
  pixelData: 'x7fe00010',
} as const;

const JPEG_BASELINE = '1.2.840.10008.1.2.4.50';
const JPEG_LOSSLESS = new Set(['1.2.840.10008.1.2.4.57', '1.2.840.10008.1.2.4.70']);
/** libvips' own time limit on a JPEG Baseline frame, when the caller gives none. */
const DEFAULT_DECODE_TIMEOUT_S = 10;

/** What the upload check learns from a DICOM film's header (no pixel decoded yet). */
export interface DicomFilm {
  width: number;
  height: number;
  transferSyntax: DicomTransferSyntax;
  photometric: 'MONOCHROME1' | 'MONOCHROME2' | 'RGB' | 'YBR_FULL' | 'YBR_FULL_422';
  bitsAllocated: number;
  bitsStored: number;
  /** null when the file gives no usable spacing. */
  calibration: DicomCalibration | null;
  /** Spacings the file gives that were not used (out of range, not numbers); empty when none. */
  ignoredSpacing: DicomIgnoredSpacing[];
}

function refuse(
  code: 'DICOM_UNREADABLE' | 'DICOM_UNSUPPORTED_SYNTAX' | 'DICOM_NO_PIXEL_DATA' | 'DICOM_MULTI_FRAME' | 'DICOM_NOT_IMAGE',
  message: string,
): never {
  throw new AppError(code, message);
}

/** The transfer syntax from the file meta group alone, so that a syntax we cannot even parse is named. */
function transferSyntaxOf(bytes: Uint8Array): string {
  try {
    return dicomParser.readPart10Header(bytes).string(TAG.transferSyntax)?.trim().replace(/\0/g, '') ?? '';
  } catch {
    return refuse('DICOM_UNREADABLE', 'The DICOM file could not be read (no valid file meta information).');
  }
}

function parse(bytes: Uint8Array): DataSet {
  checkDicomHeaderSize(bytes, isSupportedTransferSyntax);
  const syntax = transferSyntaxOf(bytes);
  if (!isSupportedTransferSyntax(syntax)) {
    refuse('DICOM_UNSUPPORTED_SYNTAX', `The DICOM transfer syntax ${transferSyntaxLabel(syntax || 'none')} is not supported.`);
  }
  try {
    return dicomParser.parseDicom(bytes);
  } catch (error) {
    // dicom-parser throws strings or Errors; the reason is not shown (it can quote file bytes).
    void error;
    return refuse('DICOM_UNREADABLE', 'The DICOM file could not be read (malformed or truncated).');
  }
}

/**
 * The header checks, in the order a person would want to hear about them: not DICOM at all, not an
 * image, no pixels, several frames, a syntax we cannot decode, then pixel layout.
 */
export function readDicomFilm(bytes: Uint8Array): { film: DicomFilm; data: DataSet } {
  const data = parse(bytes);
  const sopClass = data.string(TAG.sopClass)?.replace(/\0/g, '').trim();
  if (sopClass && !Object.hasOwn(DICOM_IMAGE_SOP_CLASSES, sopClass)) {
    refuse('DICOM_NOT_IMAGE', `The DICOM file is not a radiograph image (SOP class ${sopClass}).`);
  }
  const pixelData = data.elements[TAG.pixelData];
  if (!pixelData || pixelData.length === 0) refuse('DICOM_NO_PIXEL_DATA', 'The DICOM file contains no pixel data.');
  const frames = data.intString(TAG.frames) ?? 1;
  if (frames > 1) refuse('DICOM_MULTI_FRAME', `The DICOM file has ${frames} frames; only single-frame films are accepted.`);
  const syntax = data.string(TAG.transferSyntax)?.trim().replace(/\0/g, '') ?? '';
  if (!isSupportedTransferSyntax(syntax)) {
    refuse('DICOM_UNSUPPORTED_SYNTAX', `The DICOM transfer syntax ${transferSyntaxLabel(syntax || 'none')} is not supported.`);
  }
  const width = data.uint16(TAG.columns) ?? 0;
  const height = data.uint16(TAG.rows) ?? 0;
  const photometric = data.string(TAG.photometric)?.trim() ?? '';
  const samples = data.uint16(TAG.samplesPerPixel) ?? 1;
  const bitsAllocated = data.uint16(TAG.bitsAllocated) ?? 0;
  const bitsStored = data.uint16(TAG.bitsStored) ?? bitsAllocated;
  if (width === 0 || height === 0) refuse('DICOM_NO_PIXEL_DATA', 'The DICOM file gives no image size (rows, columns).');
  const grey = photometric === 'MONOCHROME1' || photometric === 'MONOCHROME2';
  const colour = ['RGB', 'YBR_FULL', 'YBR_FULL_422'].includes(photometric) && samples === 3;
  if (!(grey && samples === 1) && !colour)
    refuse('DICOM_UNREADABLE', `The DICOM photometric interpretation ${photometric || 'none'} is not supported.`);
  if (bitsAllocated !== 8 && bitsAllocated !== 16) refuse('DICOM_UNREADABLE', `DICOM pixels of ${bitsAllocated} bits are not supported.`);
  if (colour && (bitsAllocated !== 8 || (syntax !== JPEG_BASELINE && photometric !== 'RGB'))) {
    refuse('DICOM_UNREADABLE', `DICOM colour pixels (${photometric}, ${bitsAllocated} bits) are not supported in this transfer syntax.`);
  }
  const { calibration, ignored } = dicomCalibrationOf(data);
  return {
    film: {
      width,
      height,
      transferSyntax: syntax,
      photometric: photometric as DicomFilm['photometric'],
      bitsAllocated,
      bitsStored: Math.min(bitsStored, bitsAllocated),
      calibration,
      ignoredSpacing: ignored,
    },
    data,
  };
}

/** The one frame's bytes of an encapsulated (compressed) pixel data element, its frame header checked. */
function encapsulatedFrame(data: DataSet, element: Element, film: DicomFilm): Uint8Array {
  const fragments = element.fragments ?? [];
  if (fragments.length === 0) refuse('DICOM_NO_PIXEL_DATA', 'The compressed DICOM pixel data has no fragments.');
  const frame = dicomParser.readEncapsulatedPixelDataFromFragments(data, element, 0, fragments.length);
  checkJpegFrameOfFilm(frame, film, JPEG_LOSSLESS.has(film.transferSyntax));
  return frame;
}

/** Stored values of a grey film (one sample a pixel), signed when Pixel Representation says so, masked to Bits Stored. */
function uncompressedGrey(data: DataSet, film: DicomFilm, element: Element): Int32Array {
  const count = film.width * film.height;
  const bytesPer = film.bitsAllocated / 8;
  if (element.length < count * bytesPer || element.dataOffset + count * bytesPer > data.byteArray.length) {
    refuse('DICOM_UNREADABLE', 'The DICOM pixel data is shorter than rows x columns.');
  }
  const signed = data.uint16(TAG.pixelRepresentation) === 1;
  const bytes = data.byteArray;
  const out = new Int32Array(count);
  const mask = 2 ** film.bitsStored - 1;
  const signBit = 2 ** (film.bitsStored - 1);
  for (let i = 0; i < count; i++) {
    const at = element.dataOffset + i * bytesPer;
    let v = bytesPer === 2 ? bytes[at]! | (bytes[at + 1]! << 8) : bytes[at]!;
    v &= mask;
    out[i] = signed && v >= signBit ? v - 2 * signBit : v;
  }
  return out;
}

function losslessGrey(frame: Uint8Array, film: DicomFilm, signed: boolean): Int32Array {
  let decoded: Uint8Array | Uint16Array;
  try {
    const copy = new Uint8Array(frame); // its own ArrayBuffer from 0 (a Buffer's slice() would be a view into a pool)
    decoded = new LosslessDecoder().decode(copy.buffer, 0, copy.byteLength, film.bitsAllocated === 16 ? 2 : 1);
  } catch {
    return refuse('DICOM_UNREADABLE', 'The JPEG Lossless pixel data could not be decoded.');
  }
  const count = film.width * film.height;
  if (decoded.length < count) refuse('DICOM_UNREADABLE', 'The JPEG Lossless image is smaller than rows x columns.');
  const out = new Int32Array(count);
  const signBit = 2 ** (film.bitsStored - 1);
  for (let i = 0; i < count; i++) {
    const v = decoded[i]!;
    out[i] = signed && v >= signBit ? v - 2 * signBit : v;
  }
  return out;
}

/**
 * JPEG baseline: libvips decodes it (8-bit); colour films become grey with the usual luma weights.
 * At most Rows x Columns pixels (the frame header was checked; libvips refuses more), and within
 * `timeoutS` (libvips' own clock: its threads are not stopped by ending the worker).
 */
async function baselineGrey(frame: Uint8Array, film: DicomFilm, timeoutS: number): Promise<Uint8Array> {
  try {
    const { data, info } = await sharp(frame, { failOn: 'error', limitInputPixels: film.width * film.height })
      .timeout({ seconds: timeoutS })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width !== film.width || info.height !== film.height || info.channels !== 1) {
      refuse('DICOM_UNREADABLE', `The JPEG image is ${info.width} x ${info.height}; the DICOM header says ${film.width} x ${film.height}.`);
    }
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /timeout/i.test(error.message)) {
      return refuse('DICOM_UNREADABLE', `The JPEG Baseline pixel data could not be decoded within ${timeoutS} s.`);
    }
    return refuse('DICOM_UNREADABLE', 'The JPEG Baseline pixel data could not be decoded.');
  }
}

function rgbToGrey(data: DataSet, film: DicomFilm, element: Element): Uint8Array {
  const count = film.width * film.height;
  if (element.length < count * 3) refuse('DICOM_UNREADABLE', 'The DICOM pixel data is shorter than rows x columns.');
  const planar = data.uint16('x00280006') === 1;
  const b = data.byteArray;
  const o = element.dataOffset;
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const [r, g, bl] = planar
      ? [b[o + i]!, b[o + count + i]!, b[o + 2 * count + i]!]
      : [b[o + 3 * i]!, b[o + 3 * i + 1]!, b[o + 3 * i + 2]!];
    out[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * bl);
  }
  return out;
}

function voiOf(data: DataSet): VoiTransform {
  const sequence = data.elements[TAG.voiLutSequence]?.items?.[0]?.dataSet;
  const descriptor = sequence?.elements[TAG.lutDescriptor];
  const lutElement = sequence?.elements[TAG.lutData];
  if (sequence && descriptor && lutElement) {
    const entries = sequence.uint16(TAG.lutDescriptor, 0) || 65536;
    const firstMapped = sequence.uint16(TAG.lutDescriptor, 1) ?? 0;
    const bits = sequence.uint16(TAG.lutDescriptor, 2) ?? 16;
    const wide = bits > 8 || lutElement.length >= entries * 2;
    const values: number[] = [];
    for (let i = 0; i < entries && (wide ? 2 * i + 1 : i) < lutElement.length; i++) {
      values.push(wide ? (sequence.uint16(TAG.lutData, i) ?? 0) : sequence.byteArray[lutElement.dataOffset + i]!);
    }
    if (values.length > 0 && bits > 0 && bits <= 16) return { kind: 'lut', lut: { firstMapped, bits, data: values } };
  }
  const center = data.floatString(TAG.windowCenter, 0);
  const width = data.floatString(TAG.windowWidth, 0);
  if (center !== undefined && width !== undefined && Number.isFinite(center) && Number.isFinite(width) && width >= 1) {
    return { kind: 'window', center, width };
  }
  return { kind: 'percentile' };
}

/**
 * The film as 8-bit grey (width x height, row-major): stored values decoded at full depth (12/16
 * bits kept through the Modality LUT and the VOI, rounded to 8 bits only at the end), MONOCHROME1
 * inverted so bone is white as on every other film.
 */
export async function dicomDisplayPixels(film: DicomFilm, data: DataSet, decodeTimeoutS = DEFAULT_DECODE_TIMEOUT_S): Promise<Uint8Array> {
  const element = data.elements[TAG.pixelData]!;
  const signed = data.uint16(TAG.pixelRepresentation) === 1;
  if (film.photometric !== 'MONOCHROME1' && film.photometric !== 'MONOCHROME2') {
    // Colour (a secondary capture): already display values.
    if (film.transferSyntax === JPEG_BASELINE) return baselineGrey(encapsulatedFrame(data, element, film), film, decodeTimeoutS);
    return rgbToGrey(data, film, element);
  }
  let stored: ArrayLike<number>;
  if (film.transferSyntax === JPEG_BASELINE) stored = await baselineGrey(encapsulatedFrame(data, element, film), film, decodeTimeoutS);
  else if (JPEG_LOSSLESS.has(film.transferSyntax)) stored = losslessGrey(encapsulatedFrame(data, element, film), film, signed);
  else stored = uncompressedGrey(data, film, element);
  const slope = positive(data.floatString(TAG.rescaleSlope)) ?? 1;
  const intercept = data.floatString(TAG.rescaleIntercept) ?? 0;
  const rescale = { slope, intercept: Number.isFinite(intercept) ? intercept : 0 };
  return toDisplay8bit(stored, rescale, voiOf(data), film.photometric === 'MONOCHROME1');
}

export interface RenderInThreadOptions {
  /** The upload check: the image type's size limits, checked from the header before a pixel is decoded. */
  imageType?: ImageTypeCd;
  /** Seconds libvips may spend on a JPEG Baseline frame. */
  decodeTimeoutS?: number;
}

/**
 * The derived display image, a lossless 8-bit grey PNG of `dicomDisplayPixels`, computed on the
 * calling thread: the server calls it through `dicom-render-pool.ts` (a worker thread), so the
 * parse, the header checks and the decoding all run off the event loop.
 */
export async function renderDicomPngInThread(
  bytes: Uint8Array,
  options: RenderInThreadOptions = {},
): Promise<{ png: Buffer; film: DicomFilm }> {
  const { film, data } = readDicomFilm(bytes);
  if (options.imageType !== undefined) checkDimensions(film.width, film.height, options.imageType);
  const pixels = await dicomDisplayPixels(film, data, options.decodeTimeoutS);
  return { png: await greyPng(pixels, film.width, film.height), film };
}

/** 8-bit grey pixels as a one-channel PNG (without toColourspace libvips would write sRGB). */
export function greyPng(pixels: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
}
