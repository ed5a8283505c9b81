/**
 * Crafted DICOM pieces for the refusal tests, beside dicom-builder.ts: raw elements and sequences
 * (both lengths, both VR encodings), splicing them into a built file, and a JPEG frame header
 * patched to declare another size than its data.
 */

const LONG_VRS = new Set(['OB', 'OW', 'OF', 'SQ', 'UT', 'UN']);
const u16 = (v: number) => Buffer.from([v & 0xff, (v >> 8) & 0xff]);
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
};
const tag = (group: number, element: number) => Buffer.concat([u16(group), u16(element)]);
const UNDEFINED = 0xffffffff;

/** One element, explicit or implicit VR little endian; strings are padded to even length. */
export function explicitElement(group: number, element: number, vr: string, value: string | Buffer, explicit: boolean): Buffer {
  let body = typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
  if (body.length % 2) body = Buffer.concat([body, Buffer.from(typeof value === 'string' ? ' ' : '\0')]);
  if (!explicit) return Buffer.concat([tag(group, element), u32(body.length), body]);
  if (LONG_VRS.has(vr)) return Buffer.concat([tag(group, element), Buffer.from(vr), u16(0), u32(body.length), body]);
  return Buffer.concat([tag(group, element), Buffer.from(vr), u16(body.length), body]);
}

/** A sequence of items (each a list of encoded elements), with defined or undefined lengths throughout. */
export function sequence(
  group: number,
  element: number,
  items: Buffer[][],
  options: { explicit: boolean; undefinedLength: boolean },
): Buffer {
  const encodedItems = items.map((elements) => {
    const content = Buffer.concat(elements);
    return options.undefinedLength
      ? Buffer.concat([tag(0xfffe, 0xe000), u32(UNDEFINED), content, tag(0xfffe, 0xe00d), u32(0)])
      : Buffer.concat([tag(0xfffe, 0xe000), u32(content.length), content]);
  });
  const body = Buffer.concat([...encodedItems, ...(options.undefinedLength ? [tag(0xfffe, 0xe0dd), u32(0)] : [])]);
  const length = options.undefinedLength ? UNDEFINED : body.length;
  const head = options.explicit
    ? Buffer.concat([tag(group, element), Buffer.from('SQ'), u16(0), u32(length)])
    : Buffer.concat([tag(group, element), u32(length)]);
  return Buffer.concat([head, body]);
}

/** `count` empty private LO elements (8 bytes each, explicit VR): a header of many elements, cheap to make. */
export function manyElements(count: number): Buffer {
  return Buffer.alloc(count * 8, Buffer.concat([tag(0x0009, 0x1000), Buffer.from('LO'), u16(0)]));
}

/** `extra` spliced in just before the (last) Pixel Data element of a built file; its pixels must not spell the tag. */
export function withElementsBeforePixelData(file: Buffer, extra: Buffer): Buffer {
  const at = file.lastIndexOf(tag(0x7fe0, 0x0010));
  if (at < 0) throw new Error('no Pixel Data element');
  return Buffer.concat([file.subarray(0, at), extra, file.subarray(at)]);
}

/** The JPEG stream with its frame header (SOF0-3) declaring `width` x `height`; the coded data is unchanged. */
export function withFrameSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  let pos = 2;
  while (pos + 4 <= out.length && out[pos] === 0xff) {
    const marker = out[pos + 1]!;
    if (marker >= 0xc0 && marker <= 0xc3) {
      out.writeUInt16BE(height, pos + 5);
      out.writeUInt16BE(width, pos + 7);
      return out;
    }
    pos += 2 + out.readUInt16BE(pos + 2);
  }
  throw new Error('no frame header');
}
