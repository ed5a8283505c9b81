import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD } from '@ceppro/contract';
import { decodeGrey, ImageInputError, MAX_SIDE_PX, MIN_SIDE_PX, stretch16 } from '../../src/inference/image-input.ts';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A tiny PNG whose header claims w x h pixels: a decompression bomb if it were decoded. */
function pngClaiming(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const grey = (w: number, h: number, v = 128) => sharp({ create: { width: w, height: h, channels: 3, background: { r: v, g: v, b: v } } });

async function rejection(bytes: Uint8Array): Promise<string> {
  try {
    await decodeGrey(bytes);
    return 'accepted';
  } catch (err) {
    expect(err).toBeInstanceOf(ImageInputError);
    return (err as ImageInputError).code;
  }
}

describe('decodeGrey refuses unusable files with a stable code', () => {
  it('zero bytes', async () => expect(await rejection(new Uint8Array(0))).toBe('IMAGE_EMPTY'));
  it('random bytes', async () =>
    expect(await rejection(Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251))).toBe('IMAGE_CORRUPT'));
  it('1 x 1 image', async () => expect(await rejection(await grey(1, 1).png().toBuffer())).toBe('IMAGE_TOO_SMALL'));
  it('truncated JPEG', async () => {
    const jpeg = await sharp({
      create: { width: 800, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    expect(await rejection(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe('IMAGE_CORRUPT');
  });
  it('decompression bomb (100000 x 100000 header) is refused from the header alone', async () => {
    // The size in the refusal is the header's: the pixels (a 10^10-pixel bomb) were never decoded,
    // since a decode is capped below that size and would have failed as corrupt instead.
    const refusal = decodeGrey(pngClaiming(100_000, 100_000));
    await expect(refusal).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE', message: expect.stringContaining('100000 x 100000 px') });
  });
  it('formats other than JPEG and PNG', async () => {
    expect(await rejection(await grey(800, 800).webp().toBuffer())).toBe('IMAGE_UNSUPPORTED_FORMAT');
    expect(await rejection(await grey(800, 800).gif().toBuffer())).toBe('IMAGE_UNSUPPORTED_FORMAT');
  });
});

describe('decodeGrey accepts real image variants', () => {
  it('colour JPEG becomes one grey channel at full size', async () => {
    const img = await decodeGrey(await grey(900, 700, 100).jpeg().toBuffer());
    expect([img.width, img.height, img.data.length]).toEqual([900, 700, 900 * 700]);
    expect(Math.abs(img.data[1234]! - 100)).toBeLessThan(3);
  });
  it('applies EXIF orientation (6 = rotate 90): width and height swap', async () => {
    const jpeg = await grey(900, 700).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const img = await decodeGrey(jpeg);
    expect([img.width, img.height]).toEqual([700, 900]);
  });
  it('16-bit PNG with 12-bit data is stretched to the 8-bit range', async () => {
    const w = 640;
    const h = 640;
    const raw = new Uint16Array(w * h);
    for (let i = 0; i < raw.length; i++) raw[i] = (i % w) * (4095 / (w - 1));
    const png = await sharp(raw, { raw: { width: w, height: h, channels: 1 } })
      .toColourspace('grey16')
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).depth).toBe('ushort');
    const img = await decodeGrey(png);
    expect(img.data[0]).toBeLessThan(5);
    expect(img.data[w - 1]).toBeGreaterThan(250);
  });
  it('stretch16 maps percentiles to 0..255', () => {
    const src = Uint16Array.from({ length: 1000 }, (_, i) => 1000 + i);
    const out = stretch16(src);
    expect(out[0]).toBe(0);
    expect(out[999]).toBe(255);
    expect(out[500]).toBeGreaterThan(120);
    expect(out[500]).toBeLessThan(135);
  });
});

describe('resizeGrey', () => {
  it('returns exactly one byte per pixel at the requested size (non-square)', async () => {
    const src = { width: 968, height: 1200, data: Uint8Array.from({ length: 968 * 1200 }, (_, i) => (i % 968) % 256) };
    const { resizeGrey } = await import('../../src/inference/image-input.ts');
    const r = await resizeGrey(src, 256, 317);
    expect([r.width, r.height, r.data.length]).toEqual([256, 317, 256 * 317]);
    // A horizontal ramp stays a ramp: left columns darker than the middle ones.
    expect(r.data[100 * 256 + 10]!).toBeLessThan(r.data[100 * 256 + 60]!);
  });
});

describe('upload limits and the model agree', () => {
  it('refuses at upload every cephalogram size the model would refuse', () => {
    expect(IMAGE_UPLOAD.cephalogram).toEqual({ minSide: MIN_SIDE_PX, maxSide: MAX_SIDE_PX });
  });
});
