import { describe, expect, it } from 'vitest';
import { buildDicom, encodeJpegLossless, SYNTAX, uint16Samples } from '../../../server/test/images/dicom-builder.ts';
import { readDicomImage, type GreyPicture } from '../../src/features/patients/lib/dicom-preview.ts';

/** The drop zone's DICOM picture: uncompressed grey drawn (windowed as the server does), the rest described. */
const COLUMNS = 200;
const ROWS = 100;
/** A left-to-right ramp of `max + 1` levels. */
const ramp = (max: number) => Array.from({ length: COLUMNS * ROWS }, (_, i) => Math.round(((i % COLUMNS) / (COLUMNS - 1)) * max));
const greyOf = (bytes: Uint8Array, maxSide = 480): GreyPicture => {
  const image = readDicomImage(bytes, maxSide);
  if (image?.picture?.kind !== 'grey') throw new Error(`no grey picture: ${JSON.stringify(image?.picture ?? null)}`);
  return image.picture;
};
const row = (p: GreyPicture, y = 0) => Array.from(p.grey.subarray(y * p.width, (y + 1) * p.width));

describe('DICOM previews in the drop zone', () => {
  it('draws an 8-bit film with its own window (identity here) and reads size and Pixel Spacing', () => {
    const bytes = buildDicom({
      rows: ROWS,
      columns: COLUMNS,
      pixelData: Buffer.from(ramp(255)),
      window: { center: 128, width: 256 },
      pixelSpacing: [0.1, 0.12],
    });
    const image = readDicomImage(bytes);
    expect(image?.facts).toEqual({ rows: ROWS, columns: COLUMNS, spacing: { row: 0.1, column: 0.12, imager: false } });
    const p = greyOf(bytes);
    expect([p.width, p.height]).toEqual([COLUMNS, ROWS]);
    // DICOM window c 128, w 256 over 0..255: x -> round(((x - 127.5) / 255 + 0.5) * 255) = x.
    expect(row(p).slice(0, 3)).toEqual([0, 1, 3]);
    expect(row(p).at(-1)).toBe(255);
  });

  it('draws 12 bits stored in 16, MONOCHROME1 inverted, with no window: the film\u2019s own range', () => {
    const bytes = buildDicom({
      transferSyntax: SYNTAX.implicitLE,
      rows: ROWS,
      columns: COLUMNS,
      bitsAllocated: 16,
      bitsStored: 12,
      photometric: 'MONOCHROME1',
      pixelData: uint16Samples(ramp(4095)),
      imagerPixelSpacing: [0.14, 0.14],
    });
    expect(readDicomImage(bytes)?.facts.spacing).toEqual({ row: 0.14, column: 0.14, imager: true });
    const p = greyOf(bytes);
    expect(row(p)[0]).toBe(255); // low values white
    expect(row(p).at(-1)).toBe(0);
    expect(Math.abs(row(p)[100]! - 127)).toBeLessThanOrEqual(2);
  });

  it('shrinks a large film to the preview size by sampling every n-th pixel', () => {
    const bytes = buildDicom({ rows: ROWS, columns: COLUMNS, pixelData: Buffer.from(ramp(255)), window: { center: 128, width: 256 } });
    const p = greyOf(bytes, 50);
    expect([p.width, p.height]).toEqual([50, 25]);
    expect(row(p, 10)[1]).toBe(ramp(255)[4]);
  });

  it('applies the rescale and reads signed samples', () => {
    const samples = Array.from({ length: COLUMNS * ROWS }, (_, i) => ((i % COLUMNS) - 100) & 0xffff); // -100..99 as 16-bit two's complement
    const bytes = buildDicom({
      rows: ROWS,
      columns: COLUMNS,
      bitsAllocated: 16,
      pixelRepresentation: 1,
      pixelData: uint16Samples(samples),
      rescale: { slope: 2, intercept: 200 }, // modality 0..398
      window: { center: 200, width: 400 },
    });
    const p = greyOf(bytes);
    expect(row(p)[0]).toBe(0);
    expect(Math.abs(row(p)[100]! - 128)).toBeLessThanOrEqual(1);
    expect(row(p).at(-1)).toBeGreaterThan(250);
  });

  it('hands a JPEG Baseline frame to the browser, and describes a JPEG Lossless film it cannot draw', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const baseline = readDicomImage(
      buildDicom({ transferSyntax: SYNTAX.jpegBaseline, rows: ROWS, columns: COLUMNS, pixelData: { encapsulated: [jpeg] } }),
    );
    expect(baseline?.picture).toEqual({ kind: 'jpeg', bytes: new Uint8Array(jpeg), monochrome1: false });
    const lossless = readDicomImage(
      buildDicom({
        transferSyntax: SYNTAX.jpegLossless70,
        rows: ROWS,
        columns: COLUMNS,
        bitsAllocated: 16,
        bitsStored: 12,
        pixelData: { encapsulated: [encodeJpegLossless(ramp(4095), COLUMNS, ROWS, 12)] },
        pixelSpacing: [0.125, 0.125],
      }),
    );
    expect(lossless).toEqual({
      facts: { rows: ROWS, columns: COLUMNS, spacing: { row: 0.125, column: 0.125, imager: false } },
      picture: null,
    });
  });

  it('describes a colour film without drawing it, and gives up on an unreadable file', () => {
    const rgb = readDicomImage(buildDicom({ rows: 2, columns: 2, samplesPerPixel: 3, photometric: 'RGB', pixelData: Buffer.alloc(12, 9) }));
    expect(rgb).toEqual({ facts: { rows: 2, columns: 2, spacing: null }, picture: null });
    expect(readDicomImage(new TextEncoder().encode('not dicom'))).toBeNull();
  });
});
