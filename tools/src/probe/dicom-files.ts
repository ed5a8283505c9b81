/**
 * Crafted DICOM Part 10 files for the security probe, made by hand (the test suite's builders live
 * under apps/server/test, which the command-line tools do not import): a 128-byte preamble, `DICM`,
 * the file meta group, then a data set in explicit VR little endian (encapsulated pixel data in items).
 */

export const TRANSFER_SYNTAX = {
  explicitLE: '1.2.840.10008.1.2.1',
  jpegBaseline: '1.2.840.10008.1.2.4.50',
  jpegLossless70: '1.2.840.10008.1.2.4.70',
} as const;

const DIGITAL_X_RAY = '1.2.840.10008.5.1.4.1.1.1.1';
const LONG_VRS = new Set(['OB', 'OW', 'SQ', 'UT', 'UN']);

const u16 = (...values: number[]) => {
  const b = Buffer.alloc(2 * values.length);
  values.forEach((v, i) => b.writeUInt16LE(v, 2 * i));
  return b;
};
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
};
const tagOf = (tag: number) => u16(tag >>> 16, tag & 0xffff);
const text = (value: string, pad = ' ') => {
  const b = Buffer.from(value, 'latin1');
  return b.length % 2 === 0 ? b : Buffer.concat([b, Buffer.from(pad)]);
};

/** One element in explicit VR little endian. */
function element(tag: number, vr: string, value: Buffer): Buffer {
  const body = value.length % 2 === 0 ? value : Buffer.concat([value, Buffer.alloc(1)]);
  return LONG_VRS.has(vr)
    ? Buffer.concat([tagOf(tag), Buffer.from(vr), u16(0), u32(body.length), body])
    : Buffer.concat([tagOf(tag), Buffer.from(vr), u16(body.length), body]);
}

/** Pixel Data (7FE0,0010) of undefined length: an empty offset table, one item per fragment. */
function encapsulated(fragments: Buffer[]): Buffer {
  const items = fragments.map((f) => {
    const padded = f.length % 2 === 0 ? f : Buffer.concat([f, Buffer.alloc(1)]);
    return Buffer.concat([tagOf(0xfffee000), u32(padded.length), padded]);
  });
  return Buffer.concat([
    tagOf(0x7fe00010),
    Buffer.from('OB'),
    u16(0),
    u32(0xffffffff),
    tagOf(0xfffee000),
    u32(0),
    ...items,
    tagOf(0xfffee0dd),
    u32(0),
  ]);
}

export interface FilmSpec {
  transferSyntax: string;
  rows: number;
  columns: number;
  bitsAllocated?: 8 | 16;
  bitsStored?: number;
  /** Raw samples, or one compressed frame. */
  pixels: Buffer | { frame: Buffer };
  /** Pixel Spacing (0028,0030) as written, row\column in mm. */
  pixelSpacing?: string;
  /** Elements written just before the Pixel Data (a header bomb). */
  extraElements?: Buffer;
}

/** A grey single-frame digital X-ray film. */
export function buildFilm(spec: FilmSpec): Buffer {
  const bitsAllocated = spec.bitsAllocated ?? 8;
  const bitsStored = spec.bitsStored ?? bitsAllocated;
  const instance = '1.2.826.0.1.3680043.8.498.7';
  const meta = Buffer.concat([
    element(0x00020001, 'OB', Buffer.from([0, 1])),
    element(0x00020002, 'UI', text(DIGITAL_X_RAY, '\0')),
    element(0x00020003, 'UI', text(instance, '\0')),
    element(0x00020010, 'UI', text(spec.transferSyntax, '\0')),
  ]);
  const dataSet = [
    element(0x00080016, 'UI', text(DIGITAL_X_RAY, '\0')),
    element(0x00080018, 'UI', text(instance, '\0')),
    element(0x00080060, 'CS', text('DX')),
    element(0x00280002, 'US', u16(1)),
    element(0x00280004, 'CS', text('MONOCHROME2')),
    element(0x00280010, 'US', u16(spec.rows)),
    element(0x00280011, 'US', u16(spec.columns)),
    ...(spec.pixelSpacing === undefined ? [] : [element(0x00280030, 'DS', text(spec.pixelSpacing))]),
    element(0x00280100, 'US', u16(bitsAllocated)),
    element(0x00280101, 'US', u16(bitsStored)),
    element(0x00280102, 'US', u16(bitsStored - 1)),
    element(0x00280103, 'US', u16(0)),
    spec.extraElements ?? Buffer.alloc(0),
    Buffer.isBuffer(spec.pixels) ? element(0x7fe00010, bitsAllocated === 16 ? 'OW' : 'OB', spec.pixels) : encapsulated([spec.pixels.frame]),
  ];
  return Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), element(0x00020000, 'UL', u32(meta.length)), meta, ...dataSet]);
}

/** `count` private LO elements of 12 bytes each (a 4-byte value): a header of many tiny elements. */
export function manyTinyElements(count: number): Buffer {
  return Buffer.alloc(count * 12, Buffer.concat([tagOf(0x00091000), Buffer.from('LO'), u16(4), Buffer.from('ab  ')]));
}

/**
 * A JPEG Lossless (process 14, predictor 1, 16-bit) stream of a `width` x `height` grey frame whose
 * samples all equal the first predictor (32768): every difference is 0, coded in 5 bits.
 */
export function flatLosslessFrame(width: number, height: number): Buffer {
  const segment = (marker: number, payload: number[]) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
  const bits = new Array<number>(16).fill(0);
  bits[4] = 17; // 17 codes of 5 bits: category n is coded as n
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xc3, [16, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, ...bits, ...Array.from({ length: 17 }, (_, i) => i)]),
    ...segment(0xda, [1, 1, 0x00, 1, 0, 0]),
    ...new Array<number>(Math.ceil((width * height * 5) / 8)).fill(0),
    0xff,
    0xd9,
  ]);
}

/** The JPEG stream with its frame header (SOF0-SOF3) declaring `width` x `height`; the coded data is unchanged. */
export function withFrameSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  let pos = 2;
  while (pos + 4 <= out.length && out[pos] === 0xff) {
    const marker = out[pos + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc3) {
      out.writeUInt16BE(height, pos + 5);
      out.writeUInt16BE(width, pos + 7);
      return out;
    }
    pos += 2 + out.readUInt16BE(pos + 2);
  }
  throw new Error('no JPEG frame header');
}
