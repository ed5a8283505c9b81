/**
 * Builds DICOM Part 10 files for tests, by hand: 128-byte preamble, 'DICM', the file meta group in
 * explicit VR little endian, then the data set in the file's transfer syntax (implicit or explicit
 * VR little endian; compressed pixel data encapsulated in items). Also a small JPEG Lossless
 * (process 14, selection value 1) encoder, so lossless test data is made here, not downloaded.
 */

export const SYNTAX = {
  implicitLE: '1.2.840.10008.1.2',
  explicitLE: '1.2.840.10008.1.2.1',
  bigEndian: '1.2.840.10008.1.2.2',
  jpegBaseline: '1.2.840.10008.1.2.4.50',
  jpegLossless57: '1.2.840.10008.1.2.4.57',
  jpegLossless70: '1.2.840.10008.1.2.4.70',
  jpeg2000: '1.2.840.10008.1.2.4.90',
} as const;

export const SOP = {
  dx: '1.2.840.10008.5.1.4.1.1.1.1',
  cr: '1.2.840.10008.5.1.4.1.1.1',
  basicTextSr: '1.2.840.10008.5.1.4.1.1.88.11',
} as const;

interface El {
  tag: number; // (group << 16) | element
  vr: string;
  value: Buffer;
  /** Encapsulated pixel data: written with undefined length and items. */
  fragments?: Buffer[];
  /** A sequence: items of elements. */
  items?: El[][];
}

const LONG_VRS = new Set(['OB', 'OW', 'OF', 'SQ', 'UT', 'UN']);

function str(value: string, pad = ' '): Buffer {
  const b = Buffer.from(value, 'utf8');
  return b.length % 2 === 0 ? b : Buffer.concat([b, Buffer.from(pad)]);
}
const us = (...values: number[]) => {
  const b = Buffer.alloc(2 * values.length);
  values.forEach((v, i) => b.writeUInt16LE(v, 2 * i));
  return b;
};
const ul = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v);
  return b;
};
const tagBytes = (tag: number) => Buffer.concat([us(tag >>> 16), us(tag & 0xffff)]);

function encode(el: El, explicit: boolean): Buffer {
  const head: Buffer[] = [tagBytes(el.tag)];
  let body: Buffer;
  if (el.fragments) {
    const items: Buffer[] = [Buffer.concat([tagBytes(0xfffee000), ul(0)])]; // empty basic offset table
    for (const f of el.fragments) {
      const padded = f.length % 2 === 0 ? f : Buffer.concat([f, Buffer.alloc(1)]);
      items.push(tagBytes(0xfffee000), ul(padded.length), padded);
    }
    items.push(tagBytes(0xfffee0dd), ul(0));
    body = Buffer.concat(items);
    head.push(explicit ? Buffer.concat([Buffer.from('OB'), us(0), ul(0xffffffff)]) : ul(0xffffffff));
    return Buffer.concat([...head, body]);
  }
  if (el.items) {
    body = Buffer.concat(
      el.items.map((item) => {
        const content = Buffer.concat(item.map((e) => encode(e, explicit)));
        return Buffer.concat([tagBytes(0xfffee000), ul(content.length), content]);
      }),
    );
  } else body = el.value;
  if (!explicit) head.push(ul(body.length));
  else if (LONG_VRS.has(el.vr)) head.push(Buffer.from(el.vr), us(0), ul(body.length));
  else head.push(Buffer.from(el.vr), us(body.length));
  return Buffer.concat([...head, body]);
}

export interface DicomSpec {
  transferSyntax?: string;
  sopClass?: string | null;
  rows: number;
  columns: number;
  bitsAllocated?: 8 | 16;
  bitsStored?: number;
  pixelRepresentation?: 0 | 1;
  photometric?: string;
  samplesPerPixel?: number;
  /** Raw little-endian samples, or the compressed bytes of one frame (encapsulated). */
  pixelData?: Buffer | { encapsulated: Buffer[] };
  pixelSpacing?: [number, number];
  imagerPixelSpacing?: [number, number];
  magnification?: number;
  window?: { center: number; width: number };
  rescale?: { slope: number; intercept: number };
  voiLut?: { firstMapped: number; bits: number; data: number[] };
  frames?: number;
  patient?: { name?: string; birthDate?: string; sex?: string };
  studyDate?: string;
  /** Specific Character Set (0008,0005), e.g. 'ISO_IR 192' for UTF-8 names. */
  charset?: string;
}

/** A Part 10 file for the spec. */
export function buildDicom(spec: DicomSpec): Buffer {
  const syntax = spec.transferSyntax ?? SYNTAX.explicitLE;
  const explicit = syntax !== SYNTAX.implicitLE;
  const sop = spec.sopClass === undefined ? SOP.dx : spec.sopClass;
  const instance = '1.2.826.0.1.3680043.8.498.1';
  const meta: El[] = [
    { tag: 0x00020001, vr: 'OB', value: Buffer.from([0, 1]) },
    { tag: 0x00020002, vr: 'UI', value: str(sop ?? SOP.dx, '\0') },
    { tag: 0x00020003, vr: 'UI', value: str(instance, '\0') },
    { tag: 0x00020010, vr: 'UI', value: str(syntax, '\0') },
  ];
  const metaBytes = Buffer.concat(meta.map((e) => encode(e, true)));
  const group = encode({ tag: 0x00020000, vr: 'UL', value: ul(metaBytes.length) }, true);

  const ds: El[] = [];
  const add = (tag: number, vr: string, value: Buffer) => ds.push({ tag, vr, value });
  if (spec.charset) add(0x00080005, 'CS', str(spec.charset));
  if (sop) add(0x00080016, 'UI', str(sop, '\0'));
  add(0x00080018, 'UI', str(instance, '\0'));
  if (spec.studyDate) add(0x00080020, 'DA', str(spec.studyDate));
  add(0x00080060, 'CS', str('DX'));
  if (spec.patient?.name !== undefined) add(0x00100010, 'PN', str(spec.patient.name));
  if (spec.patient?.birthDate) add(0x00100030, 'DA', str(spec.patient.birthDate));
  if (spec.patient?.sex) add(0x00100040, 'CS', str(spec.patient.sex));
  if (spec.magnification !== undefined) add(0x00181114, 'DS', str(String(spec.magnification)));
  if (spec.imagerPixelSpacing) add(0x00181164, 'DS', str(spec.imagerPixelSpacing.join('\\')));
  add(0x00280002, 'US', us(spec.samplesPerPixel ?? 1));
  add(0x00280004, 'CS', str(spec.photometric ?? 'MONOCHROME2'));
  if (spec.frames !== undefined) add(0x00280008, 'IS', str(String(spec.frames)));
  add(0x00280010, 'US', us(spec.rows));
  add(0x00280011, 'US', us(spec.columns));
  if (spec.pixelSpacing) add(0x00280030, 'DS', str(spec.pixelSpacing.join('\\')));
  const bitsAllocated = spec.bitsAllocated ?? 8;
  add(0x00280100, 'US', us(bitsAllocated));
  add(0x00280101, 'US', us(spec.bitsStored ?? bitsAllocated));
  add(0x00280102, 'US', us((spec.bitsStored ?? bitsAllocated) - 1));
  add(0x00280103, 'US', us(spec.pixelRepresentation ?? 0));
  if (spec.window) {
    add(0x00281050, 'DS', str(String(spec.window.center)));
    add(0x00281051, 'DS', str(String(spec.window.width)));
  }
  if (spec.rescale) {
    add(0x00281052, 'DS', str(String(spec.rescale.intercept)));
    add(0x00281053, 'DS', str(String(spec.rescale.slope)));
  }
  if (spec.voiLut) {
    const { firstMapped, bits, data } = spec.voiLut;
    ds.push({
      tag: 0x00283010,
      vr: 'SQ',
      value: Buffer.alloc(0),
      items: [
        [
          { tag: 0x00283002, vr: 'US', value: us(data.length, firstMapped, bits) },
          { tag: 0x00283006, vr: 'OW', value: us(...data) },
        ],
      ],
    });
  }
  if (spec.pixelData) {
    if (Buffer.isBuffer(spec.pixelData))
      ds.push({
        tag: 0x7fe00010,
        vr: bitsAllocated === 16 ? 'OW' : 'OB',
        value: spec.pixelData.length % 2 ? Buffer.concat([spec.pixelData, Buffer.alloc(1)]) : spec.pixelData,
      });
    else ds.push({ tag: 0x7fe00010, vr: 'OB', value: Buffer.alloc(0), fragments: spec.pixelData.encapsulated });
  }
  const body = Buffer.concat(ds.map((e) => encode(e, explicit)));
  return Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), group, metaBytes, body]);
}

/** Little-endian 16-bit samples. */
export function uint16Samples(values: ArrayLike<number>): Buffer {
  const b = Buffer.alloc(values.length * 2);
  for (let i = 0; i < values.length; i++) b.writeUInt16LE(values[i]!, 2 * i);
  return b;
}

/**
 * A JPEG Lossless (process 14, predictor 1 = left neighbour, Pt 0) stream of one grey component,
 * `precision` bits. One Huffman table with all 17 difference categories at 5 bits each.
 */
export function encodeJpegLossless(samples: ArrayLike<number>, width: number, height: number, precision: number): Buffer {
  const out: number[] = [];
  const marker = (m: number, payload: number[]) =>
    out.push(0xff, m, ((payload.length + 2) >> 8) & 0xff, (payload.length + 2) & 0xff, ...payload);
  out.push(0xff, 0xd8);
  marker(0xc3, [precision, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const bits = new Array<number>(16).fill(0);
  bits[4] = 17;
  marker(0xc4, [0x00, ...bits, ...Array.from({ length: 17 }, (_, i) => i)]);
  marker(0xda, [1, 1, 0x00, 1, 0, 0]);
  let acc = 0;
  let n = 0;
  const writeBits = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i--) {
      acc = (acc << 1) | ((value >>> i) & 1);
      n++;
      if (n === 8) {
        out.push(acc);
        if (acc === 0xff) out.push(0);
        acc = 0;
        n = 0;
      }
    }
  };
  const at = (x: number, y: number) => samples[y * width + x]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pred = x === 0 && y === 0 ? 1 << (precision - 1) : x === 0 ? at(0, y - 1) : at(x - 1, y);
      let diff = (at(x, y) - pred) % 65536;
      if (diff > 32768) diff -= 65536;
      if (diff < -32767) diff += 65536;
      const magnitude = Math.abs(diff);
      const ssss = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
      writeBits(ssss, 5); // code of category ssss is ssss itself (canonical, all length 5)
      if (ssss > 0 && ssss < 16) writeBits(diff > 0 ? diff : diff - 1 + (1 << ssss), ssss);
    }
  }
  if (n > 0) writeBits(0xff, 8 - n); // pad with ones
  out.push(0xff, 0xd9);
  return Buffer.from(out);
}
