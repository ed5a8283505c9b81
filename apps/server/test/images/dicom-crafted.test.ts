import { DICOM_CONTENT_TYPE } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData, uploads } from '../../src/db/schema/index';
import { dicomCalibrationOfRow, parseDicomInfo } from '../../src/features/images/dicom/dicom-info';
import { buildDicom, encodeJpegLossless, SYNTAX, type DicomSpec } from './dicom-builder';
import { explicitElement, manyElements, withElementsBeforePixelData, withFrameSize } from './dicom-crafting';
import { createImageHarness, type ImageHarness } from './image-harness';

/**
 * Crafted films through the upload check (black-box probe, Step 15): a compressed frame declaring
 * another size than the DICOM header, a header of a million elements or of megabytes, and pixel
 * spacings no radiograph has. Refused with a stable code (nothing left behind), or accepted uncalibrated.
 */
let t: ImageHarness;
let token: string;
const db = () => t.h.services.database.db;

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('crafted');
});
afterAll(async () => {
  await t?.close();
});

/** A 968 x 1200 film (the probe's size) with a given compressed frame. */
const filmWith = (transferSyntax: string, frame: Buffer, spec: Partial<DicomSpec> = {}) =>
  buildDicom({ transferSyntax, rows: 1200, columns: 968, pixelData: { encapsulated: [frame] }, ...spec });

describe('crafted films are refused before decoding, and leave nothing behind', () => {
  const tinyLossless = () => encodeJpegLossless(new Uint16Array(64).fill(500), 8, 8, 16);
  it.each<[string, () => Promise<Buffer>, RegExp]>([
    [
      'a JPEG Lossless frame declaring 15000 x 15000 in a 968 x 1200 film',
      async () => filmWith(SYNTAX.jpegLossless70, withFrameSize(tinyLossless(), 15000, 15000), { bitsAllocated: 16, bitsStored: 12 }),
      /15000 x 15000; the DICOM header says 968 x 1200/,
    ],
    [
      'a JPEG Baseline frame declaring 16000 x 16000',
      async () => {
        const jpeg = await sharp(Buffer.alloc(16 * 16, 80), { raw: { width: 16, height: 16, channels: 1 } })
          .jpeg()
          .toBuffer();
        return filmWith(SYNTAX.jpegBaseline, withFrameSize(jpeg, 16000, 16000));
      },
      /16000 x 16000; the DICOM header says 968 x 1200/,
    ],
    [
      'a baseline (SOF0) frame in a JPEG Lossless film',
      async () => {
        const jpeg = await sharp(Buffer.alloc(968 * 1200, 80), { raw: { width: 968, height: 1200, channels: 1 } })
          .jpeg()
          .toBuffer();
        return filmWith(SYNTAX.jpegLossless70, jpeg, { bitsAllocated: 16, bitsStored: 12 });
      },
      /marker FFC0\) does not match the transfer syntax JPEG Lossless/,
    ],
    [
      'a header of 1,000,000 elements',
      async () =>
        withElementsBeforePixelData(
          buildDicom({ rows: 1200, columns: 968, pixelData: Buffer.alloc(968 * 1200, 9) }),
          manyElements(1_000_000),
        ),
      /more than 20000 elements/,
    ],
    [
      'a header of over 4 MB',
      async () => {
        const blob = explicitElement(0x0009, 0x1001, 'OB', Buffer.alloc(4 * 1024 * 1024 + 2), true);
        return withElementsBeforePixelData(buildDicom({ rows: 1200, columns: 968, pixelData: Buffer.alloc(968 * 1200, 9) }), blob);
      },
      /header is \d+ kB/,
    ],
  ])('%s', async (_label, make, message) => {
    const chart = await t.chart(token, { draft: true });
    const reply = await t.uploadImage(token, chart.chartId, await make(), { contentType: DICOM_CONTENT_TYPE });
    expect(reply.body.code, reply.raw).toBe('DICOM_UNREADABLE');
    expect(reply.status).toBe(415);
    expect(String(reply.body.message)).toMatch(message);
    expect(await db().select().from(chartData).where(eq(chartData.chartRef, chart.chartRef))).toEqual([]);
    expect(await db().select().from(uploads).where(eq(uploads.chartRef, chart.chartRef))).toEqual([]);
    expect((await t.objects()).filter((k) => k.includes(chart.chartId))).toEqual([]);
  });
});

describe('a spacing outside 0.02-1.0 mm is treated as absent, and the reason kept', () => {
  const film = (spec: Partial<DicomSpec>) => buildDicom({ rows: 640, columns: 800, pixelData: Buffer.alloc(800 * 640, 90), ...spec });
  async function infoOf(bytes: Buffer) {
    const chart = await t.chart(token, { draft: true });
    const reply = await t.uploadImage(token, chart.chartId, bytes, { contentType: DICOM_CONTENT_TYPE });
    expect(reply.status, reply.raw).toBe(200);
    const [row] = await db().select().from(chartData).where(eq(chartData.chartRef, chart.chartRef));
    return { info: parseDicomInfo(row?.dicomInfo), calibration: dicomCalibrationOfRow(row?.dicomInfo) };
  }

  it.each([1e-300, 5.0])('Pixel Spacing %s: accepted without calibration', async (mm) => {
    const { info, calibration } = await infoOf(film({ pixelSpacing: [mm, mm] }));
    expect(calibration).toBeNull();
    expect(info?.ignored_spacing).toEqual([{ tag: 'pixel-spacing', row_spacing_mm: mm, column_spacing_mm: mm, reason: 'out-of-range' }]);
  });

  it('falls back to a usable Imager Pixel Spacing, and keeps why Pixel Spacing was not used', async () => {
    const { info, calibration } = await infoOf(film({ pixelSpacing: [5, 5], imagerPixelSpacing: [0.1, 0.1] }));
    expect(calibration).toEqual({ row_spacing_mm: 0.1, column_spacing_mm: 0.1, tag: 'imager-pixel-spacing', magnification: null });
    expect(info?.ignored_spacing).toEqual([{ tag: 'pixel-spacing', row_spacing_mm: 5, column_spacing_mm: 5, reason: 'out-of-range' }]);
  });

  it('judges Imager Pixel Spacing after the magnification factor, and a value that is not a number as invalid', async () => {
    const huge = await infoOf(film({ imagerPixelSpacing: [0.1, 0.1], magnification: 1e-300 }));
    expect(huge.calibration).toBeNull();
    expect(huge.info?.ignored_spacing).toEqual([expect.objectContaining({ tag: 'imager-pixel-spacing', reason: 'out-of-range' })]);
    const negative = await infoOf(film({ pixelSpacing: [-0.1, 0.1] }));
    expect(negative.calibration).toBeNull();
    expect(negative.info?.ignored_spacing).toEqual([
      { tag: 'pixel-spacing', row_spacing_mm: -0.1, column_spacing_mm: 0.1, reason: 'invalid' },
    ]);
  });

  it('a spacing in range is used and nothing is listed', async () => {
    const { info, calibration } = await infoOf(film({ pixelSpacing: [0.1, 0.12] }));
    expect(calibration).toMatchObject({ row_spacing_mm: 0.1, column_spacing_mm: 0.12, tag: 'pixel-spacing' });
    expect(info?.ignored_spacing).toBeUndefined();
  });
});
