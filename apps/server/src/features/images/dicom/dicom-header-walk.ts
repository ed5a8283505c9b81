import { AppError } from '../../../errors/app-error';

/**
 * Caps on a DICOM file's header (black-box probe: a 12 MB file of 1,000,000 elements took
 * dicom-parser 3 s). Radiographs carry a few hundred elements in a few kB; these leave room for
 * vendors' private groups and overlays.
 */
export const DICOM_HEADER_LIMITS = {
  /** Elements, sequence items and pixel data fragments (and offset table entries), all levels together. */
  maxElements: 20_000,
  /** Bytes of the file outside the Pixel Data value. */
  maxHeaderBytes: 4 * 1024 * 1024,
  /** Sequences within sequences. */
  maxDepth: 32,
};
export type DicomHeaderLimits = typeof DICOM_HEADER_LIMITS;

const ITEM = 0xfffee000;
const ITEM_END = 0xfffee00d;
const SEQUENCE_END = 0xfffee0dd;
const PIXEL_DATA = 0x7fe00010;
const TRANSFER_SYNTAX = 0x00020010;
const UNDEFINED = 0xffffffff;
const IMPLICIT_LE = '1.2.840.10008.1.2';
/** dicom-parser's VRs with a 4-byte length (readDicomElementExplicit). */
const LONG_LENGTH_VRS = new Set(['OB', 'OD', 'OL', 'OW', 'SQ', 'OF', 'UC', 'UR', 'UT', 'UN']);

/** Where dicom-parser itself would throw (reading past the end, a missing item tag): the walk ends there. */
class Stop extends Error {}

/**
 * Counts what dicom-parser 1.8 would build, before it builds it. The walk follows parseDicom's own
 * control flow (readPart10Header, readDicomElementExplicit/Implicit, the sequence readers,
 * findItemDelimitationItem, findEndOfEncapsulatedElement) but makes no object per element, so a
 * crafted file is refused after `maxElements` steps of a few instructions each, and wherever the
 * parser would stop with an error the walk stops too (the parse then refuses the file).
 */
class HeaderWalk {
  pos = 0;
  count = 0;
  pixelBytes = 0;
  transferSyntax: string | null = null;

  constructor(
    private readonly b: Uint8Array,
    private readonly limits: DicomHeaderLimits,
  ) {}

  private tick(): void {
    if (++this.count > this.limits.maxElements) {
      throw new AppError('DICOM_UNREADABLE', `The DICOM header has more than ${this.limits.maxElements} elements.`);
    }
  }

  private deeper(depth: number): number {
    if (depth + 1 > this.limits.maxDepth) throw new AppError('DICOM_UNREADABLE', 'The DICOM header is nested too deeply.');
    return depth + 1;
  }

  private u16(): number {
    if (this.pos + 2 > this.b.length) throw new Stop();
    const v = this.b[this.pos]! | (this.b[this.pos + 1]! << 8);
    this.pos += 2;
    return v;
  }

  private u32(): number {
    const low = this.u16();
    return low + this.u16() * 0x10000;
  }

  private tag(): number {
    const group = this.u16();
    return group * 0x10000 + this.u16();
  }

  private peekTag(): number {
    const at = this.pos;
    const tag = this.tag();
    this.pos = at;
    return tag;
  }

  /** dicom-parser's readFixedString: `length` bytes consumed, the string ends at the first NUL. */
  private fixedString(at: number, length: number): string {
    if (at + length > this.b.length) throw new Stop();
    let s = '';
    for (let i = 0; i < length && this.b[at + i] !== 0; i++) s += String.fromCharCode(this.b[at + i]!);
    return s;
  }

  explicitElement(depth: number): number {
    this.tick();
    const tag = this.tag();
    const vr = this.fixedString(this.pos, 2);
    this.pos += 2;
    let length: number;
    if (LONG_LENGTH_VRS.has(vr)) {
      this.pos += 2;
      length = this.u32();
    } else length = this.u16();
    const dataOffset = this.pos;
    if (tag === TRANSFER_SYNTAX && depth === 0 && length !== UNDEFINED) this.transferSyntax = this.fixedString(dataOffset, length);
    if (vr === 'SQ') this.sequence(length, dataOffset, this.deeper(depth), true);
    else if (length === UNDEFINED) {
      if (tag === PIXEL_DATA) this.encapsulated(depth);
      else if (vr === 'UN') this.sequence(length, dataOffset, this.deeper(depth), false);
      else this.itemDelimitation();
    } else {
      if (tag === PIXEL_DATA && depth === 0) this.pixelBytes += length;
      this.pos += length;
    }
    return tag;
  }

  implicitElement(depth: number): number {
    this.tick();
    const tag = this.tag();
    const length = this.u32();
    const dataOffset = this.pos;
    let sequence = false;
    if (this.pos + 4 <= this.b.length) {
      const next = this.peekTag();
      sequence = next === ITEM || next === SEQUENCE_END;
    }
    const privateTag = (tag >>> 16) % 2 === 1;
    if (sequence && (!privateTag || length === UNDEFINED)) this.sequence(length, dataOffset, this.deeper(depth), false);
    else if (length === UNDEFINED) this.itemDelimitation();
    else {
      if (tag === PIXEL_DATA && depth === 0) this.pixelBytes += length;
      this.pos += length;
    }
    return tag;
  }

  private sequence(length: number, dataOffset: number, depth: number, explicit: boolean): void {
    if (length === UNDEFINED) {
      while (this.pos + 4 <= this.b.length) {
        if (this.peekTag() === SEQUENCE_END) {
          this.pos += 8;
          return;
        }
        this.item(depth, explicit);
      }
      return;
    }
    const end = dataOffset + length;
    while (this.pos < end) this.item(depth, explicit);
  }

  private item(depth: number, explicit: boolean): void {
    this.tick();
    const tag = this.tag();
    const length = this.u32();
    if (tag !== ITEM) throw new Stop();
    const element = () => (explicit ? this.explicitElement(depth) : this.implicitElement(depth));
    if (length === UNDEFINED) {
      while (this.pos < this.b.length) if (element() === ITEM_END) return;
      return;
    }
    const end = this.pos + length;
    if (end > this.b.length) throw new Stop();
    while (this.pos < end) element();
    if (explicit && this.pos > end) throw new Stop();
  }

  /** findItemDelimitationItemAndSetElementLength: a scan, two bytes a step, for (FFFE,E00D). */
  private itemDelimitation(): void {
    while (this.pos <= this.b.length - 8) {
      if (this.u16() !== 0xfffe || this.u16() !== 0xe00d) continue;
      if (this.u32() !== 0) throw new Stop(); // dicom-parser throws there (it calls its warnings array)
      return;
    }
    this.pos = this.b.length;
  }

  /** findEndOfEncapsulatedElement: the basic offset table, then one step per fragment. */
  private encapsulated(depth: number): void {
    const start = this.pos;
    if (this.tag() !== ITEM) throw new Stop();
    const table = this.u32() / 4;
    for (let i = 0; i < table; i++) {
      this.tick();
      this.u32();
    }
    while (this.pos < this.b.length) {
      const tag = this.tag();
      const length = this.u32();
      if (tag === SEQUENCE_END) {
        this.pos += length;
        break;
      }
      this.tick();
      if (tag !== ITEM && length > this.b.length - this.pos) {
        this.pos = this.b.length;
        break;
      }
      this.pos += length;
    }
    if (depth === 0) this.pixelBytes += this.pos - start;
  }

  /** The file meta group (always explicit VR little endian), then the data set in its transfer syntax. */
  walk(supported: (syntax: string) => boolean): void {
    this.pos = 132;
    while (this.pos < this.b.length) {
      const start = this.pos;
      if (this.explicitElement(0) > 0x0002ffff) {
        this.pos = start;
        break;
      }
    }
    const syntax = this.transferSyntax;
    // No transfer syntax, or one we refuse before parsing (the caller names it): nothing more is parsed.
    if (syntax === null || !supported(syntax.trim())) return;
    const explicit = syntax !== IMPLICIT_LE;
    while (this.pos < this.b.length) {
      if (explicit) this.explicitElement(0);
      else this.implicitElement(0);
    }
  }
}

/**
 * Refuses, with DICOM_UNREADABLE, a Part 10 file whose header would make dicom-parser build more
 * than `maxElements` objects, nest sequences deeper than `maxDepth`, or that carries more than
 * `maxHeaderBytes` outside its Pixel Data. Linear in the file's size, no allocation per element;
 * run before `parseDicom`. Files the parser would fail on anyway are left to it. Returns what it
 * counted (elements as dicom-parser reads them: the first data set element twice).
 */
export function checkDicomHeaderSize(
  bytes: Uint8Array,
  supportedSyntax: (syntax: string) => boolean,
  limits: DicomHeaderLimits = DICOM_HEADER_LIMITS,
): { elements: number; headerBytes: number } {
  const walk = new HeaderWalk(bytes, limits);
  try {
    walk.walk(supportedSyntax);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  const headerBytes = bytes.length - walk.pixelBytes;
  if (headerBytes > limits.maxHeaderBytes) {
    throw new AppError(
      'DICOM_UNREADABLE',
      `The DICOM header is ${Math.ceil(headerBytes / 1024)} kB; at most ${limits.maxHeaderBytes / 1024} kB are accepted.`,
    );
  }
  return { elements: walk.count, headerBytes };
}
