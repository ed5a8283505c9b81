import { isSupportedTransferSyntax } from '@ceppro/contract';
import dicomParser, { type DataSet } from 'dicom-parser';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkDicomHeaderSize, DICOM_HEADER_LIMITS } from '../../src/features/images/dicom/dicom-header-walk';
import { readJpegStructure } from '../../src/features/images/dicom/jpeg-frame-header';
import { buildDicom, encodeJpegLossless, SYNTAX } from './dicom-builder';
import { explicitElement, manyElements, sequence, withElementsBeforePixelData, withFrameSize } from './dicom-crafting';

/** The header caps and the JPEG frame header reader, on crafted bytes (no server). */

/** What dicom-parser built: elements, sequence items, fragments and offset table entries, at every level. */
function parsedObjects(data: DataSet): number {
  let n = 0;
  for (const element of Object.values(data.elements)) {
    n += 1 + (element.fragments?.length ?? 0) + (element.basicOffsetTable?.length ?? 0);
    for (const item of element.items ?? []) n += 1 + (item.dataSet ? parsedObjects(item.dataSet) : 0);
  }
  return n;
}

const walk = (bytes: Uint8Array) => checkDicomHeaderSize(bytes, isSupportedTransferSyntax);
const pixels = Buffer.alloc(64 * 64, 7);

describe('the header walk counts what dicom-parser would build', () => {
  const nested = (explicit: boolean) =>
    Buffer.concat([
      sequence(0x0040, 0x0260, [[explicitElement(0x0008, 0x0100, 'SH', 'T-D1', explicit)], []], { explicit, undefinedLength: true }),
      sequence(0x0008, 0x1140, [[explicitElement(0x0008, 0x1150, 'UI', '1.2.3', explicit)]], { explicit, undefinedLength: false }),
    ]);
  it.each([
    [
      'explicit VR, defined-length sequences (VOI LUT)',
      () => buildDicom({ rows: 64, columns: 64, pixelData: pixels, voiLut: { firstMapped: 0, bits: 8, data: [0, 1, 2] } }),
    ],
    [
      'explicit VR, undefined-length sequences and items',
      () => withElementsBeforePixelData(buildDicom({ rows: 64, columns: 64, pixelData: pixels }), nested(true)),
    ],
    [
      'implicit VR, sequences of both lengths',
      () =>
        withElementsBeforePixelData(
          buildDicom({ transferSyntax: SYNTAX.implicitLE, rows: 64, columns: 64, pixelData: pixels }),
          nested(false),
        ),
    ],
    [
      'encapsulated pixel data in three fragments',
      () =>
        buildDicom({
          transferSyntax: SYNTAX.jpegLossless70,
          rows: 8,
          columns: 8,
          pixelData: { encapsulated: [Buffer.alloc(10), Buffer.alloc(20), Buffer.alloc(4)] },
        }),
    ],
  ])('%s', (_label, make) => {
    const bytes = make();
    // The walk reads the data set's first element twice, as readPart10Header does before it stops at it.
    expect(walk(bytes).elements).toBe(parsedObjects(dicomParser.parseDicom(bytes)) + 1);
  });
});

describe('crafted headers are refused before they are parsed', () => {
  it('1,000,000 elements', () => {
    const bytes = withElementsBeforePixelData(buildDicom({ rows: 64, columns: 64, pixelData: pixels }), manyElements(1_000_000));
    expect(() => walk(bytes)).toThrow(
      expect.objectContaining({ code: 'DICOM_UNREADABLE', message: expect.stringMatching(/more than 20000 elements/) }),
    );
  });

  it('100,000 fragments of encapsulated pixel data', () => {
    const bytes = buildDicom({
      transferSyntax: SYNTAX.jpegLossless70,
      rows: 8,
      columns: 8,
      pixelData: { encapsulated: Array.from({ length: 100_000 }, () => Buffer.alloc(2)) },
    });
    expect(() => walk(bytes)).toThrow(expect.objectContaining({ code: 'DICOM_UNREADABLE' }));
  });

  it('a header over the byte cap (one private element), while the same bytes as pixel data pass', () => {
    const big = Buffer.alloc(DICOM_HEADER_LIMITS.maxHeaderBytes + 2);
    const header = withElementsBeforePixelData(
      buildDicom({ rows: 64, columns: 64, pixelData: pixels }),
      explicitElement(0x0009, 0x1001, 'OB', big, true),
    );
    expect(() => walk(header)).toThrow(
      expect.objectContaining({ code: 'DICOM_UNREADABLE', message: expect.stringMatching(/header is \d+ kB/) }),
    );
    const side = 2048;
    expect(walk(buildDicom({ rows: side, columns: side + 2, pixelData: Buffer.alloc(side * (side + 2)) })).headerBytes).toBeLessThan(1024);
  });

  it('sequences nested deeper than the cap', () => {
    let item = explicitElement(0x0008, 0x0100, 'SH', 'X', true);
    for (let i = 0; i < DICOM_HEADER_LIMITS.maxDepth + 1; i++)
      item = sequence(0x0040, 0x0260, [[item]], { explicit: true, undefinedLength: false });
    const bytes = withElementsBeforePixelData(buildDicom({ rows: 64, columns: 64, pixelData: pixels }), item);
    expect(() => walk(bytes)).toThrow(expect.objectContaining({ code: 'DICOM_UNREADABLE', message: expect.stringMatching(/nested/) }));
  });
});

describe('JPEG frame headers', () => {
  it('reads baseline, progressive and lossless frames, and a declared size patched in', async () => {
    const grey = await sharp(Buffer.alloc(32 * 16, 99), { raw: { width: 32, height: 16, channels: 1 } });
    const baseline = readJpegStructure(await grey.clone().jpeg().toBuffer());
    expect(baseline?.frames).toEqual([expect.objectContaining({ marker: 0xc0, width: 32, height: 16, precision: 8 })]);
    const progressive = readJpegStructure(await grey.clone().jpeg({ progressive: true }).toBuffer());
    expect(progressive?.frames[0]?.marker).toBe(0xc2);
    expect(progressive?.scans).toBeGreaterThan(1);
    const lossless = encodeJpegLossless(new Uint16Array(64).fill(300), 8, 8, 16);
    expect(readJpegStructure(lossless)).toEqual({
      frames: [{ marker: 0xc3, precision: 16, width: 8, height: 8, components: 1 }],
      scans: 1,
    });
    expect(readJpegStructure(withFrameSize(lossless, 15000, 15000))?.frames[0]).toMatchObject({ width: 15000, height: 15000 });
  });

  it('is null for bytes that are not a JPEG stream or end inside a segment', () => {
    expect(readJpegStructure(Buffer.from('not a jpeg'))).toBeNull();
    const lossless = encodeJpegLossless(new Uint16Array(64).fill(300), 8, 8, 16);
    expect(readJpegStructure(lossless.subarray(0, 8))).toBeNull();
  });
});
