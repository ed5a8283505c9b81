import { transferSyntaxLabel } from '@ceppro/contract';
import { AppError } from '../../../errors/app-error';
import type { DicomFilm } from './dicom-film';

/*
 * The frame headers of a JPEG codestream, read from its markers without decoding: what a decoder
 * will allocate and loop over is declared here (black-box probe: a JPEG Lossless frame declaring
 * 15000 x 15000 inside a 968 x 1200 DICOM decoded for 21 s).
 */

function refuse(message: string): never {
  throw new AppError('DICOM_UNREADABLE', message);
}

/** One frame header: SOFn (JPEG), SOF55 (JPEG-LS) or DHP (hierarchical). */
export interface JpegFrameHeader {
  /** The marker's second byte: 0xc0 baseline, 0xc1 extended, 0xc2 progressive, 0xc3 lossless, 0xf7 JPEG-LS, ... */
  marker: number;
  precision: number;
  /** Lines; 0 means "given later by a DNL marker". */
  height: number;
  width: number;
  components: number;
}

export interface JpegStructure {
  frames: JpegFrameHeader[];
  /** Start-of-scan markers: a progressive image decodes every coefficient once per scan. */
  scans: number;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DHP = 0xde;
const SOF55 = 0xf7;

/** SOF0-SOF15 except DHT (c4), JPG (c8) and DAC (cc). */
function isFrameMarker(marker: number): boolean {
  return (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === SOF55 || marker === DHP;
}

/** Markers without a length: TEM, RST0-7. */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/**
 * The frame headers and scan count of a JPEG stream, walking marker segments by their lengths and
 * skipping entropy-coded data (where 0xFF is followed by 0x00 or a restart marker). Null when the
 * bytes are not a JPEG stream or a segment runs past the end. Linear in the stream's length.
 */
export function readJpegStructure(bytes: Uint8Array): JpegStructure | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const frames: JpegFrameHeader[] = [];
  let scans = 0;
  let pos = 2;
  while (pos < bytes.length) {
    // Between segments: skip to the next marker (decoders skip extraneous bytes and fill 0xFFs).
    pos = bytes.indexOf(0xff, pos);
    if (pos < 0) break;
    while (bytes[pos] === 0xff) pos++;
    if (pos >= bytes.length) break;
    const marker = bytes[pos++]!;
    if (marker === EOI) break;
    if (marker === 0x00 || isStandalone(marker)) continue;
    if (marker === SOI || pos + 2 > bytes.length) return null;
    const length = (bytes[pos]! << 8) | bytes[pos + 1]!;
    const end = pos + length;
    if (length < 2 || end > bytes.length) return null;
    if (isFrameMarker(marker)) {
      if (length < 8) return null;
      frames.push({
        marker,
        precision: bytes[pos + 2]!,
        height: (bytes[pos + 3]! << 8) | bytes[pos + 4]!,
        width: (bytes[pos + 5]! << 8) | bytes[pos + 6]!,
        components: bytes[pos + 7]!,
      });
    }
    pos = end;
    if (marker === SOS) {
      scans++;
      pos = entropyCodedEnd(bytes, pos);
    }
  }
  return { frames, scans };
}

/** The offset of the marker that ends a scan's entropy-coded data (or the stream's end). */
function entropyCodedEnd(bytes: Uint8Array, from: number): number {
  let pos = from;
  for (;;) {
    pos = bytes.indexOf(0xff, pos);
    if (pos < 0 || pos + 1 >= bytes.length) return bytes.length;
    const next = bytes[pos + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) pos += next === 0xff ? 1 : 2;
    else return pos;
  }
}

/** JPEG processes each transfer syntax may carry: SOF0-2 (Huffman baseline, extended, progressive); SOF3 (lossless). */
const BASELINE_PROCESSES = new Set([0xc0, 0xc1, 0xc2]);
const LOSSLESS_PROCESS = 0xc3;
/** A progressive image is decoded once per scan: a few scans are normal, hundreds are an attack. */
const MAX_JPEG_SCANS = 64;

/**
 * The compressed frame's own header must say what the DICOM header says before a decoder sees it:
 * one frame, of the transfer syntax's process, Rows x Columns, the film's samples per pixel. The
 * decoders allocate and loop over what the frame header declares, not over Rows x Columns.
 * `lossless`: the film's transfer syntax is JPEG Lossless (else JPEG Baseline).
 */
export function checkJpegFrameOfFilm(frame: Uint8Array, film: DicomFilm, lossless: boolean): void {
  const structure = readJpegStructure(frame);
  if (!structure) return refuse('The compressed DICOM pixel data is not a readable JPEG stream.');
  const [header, ...more] = structure.frames;
  if (!header) return refuse('The compressed DICOM pixel data has no JPEG frame header.');
  if (more.length > 0) refuse(`The JPEG pixel data has ${structure.frames.length} frame headers; one is expected.`);
  if (lossless ? header.marker !== LOSSLESS_PROCESS : !BASELINE_PROCESSES.has(header.marker)) {
    const marker = `FF${header.marker.toString(16).toUpperCase()}`;
    refuse(`The JPEG frame (marker ${marker}) does not match the transfer syntax ${transferSyntaxLabel(film.transferSyntax)}.`);
  }
  if (header.width !== film.width || header.height !== film.height) {
    refuse(`The JPEG image is ${header.width} x ${header.height}; the DICOM header says ${film.width} x ${film.height}.`);
  }
  const samples = film.photometric === 'MONOCHROME1' || film.photometric === 'MONOCHROME2' ? 1 : 3;
  // libvips makes grey of a colour baseline frame (grey films are met stored as YCbCr); the lossless decoder cannot.
  const components = lossless ? [samples] : [1, 3];
  if (!components.includes(header.components)) {
    refuse(`The JPEG image has ${header.components} components; the DICOM header says ${samples}.`);
  }
  if (header.precision < 2 || header.precision > film.bitsAllocated) {
    refuse(`The JPEG image has ${header.precision}-bit samples; the DICOM header allocates ${film.bitsAllocated}.`);
  }
  if (structure.scans > MAX_JPEG_SCANS) refuse(`The JPEG image has ${structure.scans} scans.`);
}
