import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DICOM_CONTENT_TYPE, FILE_ENDPOINTS, IMAGE_TYPE, REPORT_ENDPOINTS, downloadResponseSchema } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData, uploads } from '../../src/db/schema/index';
import { renderDicomPng } from '../../src/features/images/dicom/dicom-render-pool';
import { parseDicomInfo } from '../../src/features/images/dicom/dicom-info';
import { pdfText } from '../reports/poppler';
import { buildDicom, encodeJpegLossless, SOP, SYNTAX, uint16Samples, type DicomSpec } from './dicom-builder';
import { cephalogram, createImageHarness, eventually, hasCephDataset, type ImageHarness, type TestChart } from './image-harness';

/** DICOM films through the real upload flow: accepted syntaxes, calibration, display, refusals. */
let t: ImageHarness;
let token: string;
const db = () => t.h.services.database.db;

const W = 800;
const H = 640;

/** A 12-bit ramp (0..4095 left to right) with a bright square, as 16-bit samples. */
function ramp12(): Uint16Array {
  const v = new Uint16Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) v[y * W + x] = x >= 300 && x < 400 && y >= 300 && y < 400 ? 4095 : Math.round((x / (W - 1)) * 4095);
  return v;
}

async function upload(bytes: Buffer, chart?: TestChart) {
  const c = chart ?? (await t.chart(token, { draft: true }));
  const reply = await t.uploadImage(token, c.chartId, bytes, { contentType: DICOM_CONTENT_TYPE });
  return { chart: c, reply };
}

async function rowOf(chart: TestChart) {
  const rows = await db().select().from(chartData).where(eq(chartData.chartRef, chart.chartRef));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The display PNG the browser gets for a chart (pending rows are not listed: read the stored key). */
async function displayPixels(chart: TestChart): Promise<{ data: Buffer; width: number; height: number }> {
  const info = parseDicomInfo((await rowOf(chart)).dicomInfo);
  expect(info).not.toBeNull();
  const stored = await t.h.services.storage.getObject(info!.display.path);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  const { data, info: meta } = await sharp(Buffer.concat(chunks)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: meta.width, height: meta.height };
}

const px = (img: { data: Buffer; width: number }, x: number, y: number) => img.data[y * img.width + x]!;

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('dicom');
});
afterAll(async () => {
  await t?.close();
});

describe('DICOM films are accepted through the upload flow', () => {
  it('keeps the DICOM original, records Pixel Spacing, and stores a windowed 8-bit display image and thumbnail', async () => {
    const bytes = buildDicom({
      rows: H,
      columns: W,
      bitsAllocated: 16,
      bitsStored: 12,
      pixelData: uint16Samples(ramp12()),
      pixelSpacing: [0.1, 0.1],
      window: { center: 2048, width: 4096 },
    });
    const { chart, reply } = await upload(bytes);
    expect(reply.status, reply.raw).toBe(200);
    expect(reply.body.data).toMatchObject({ width: W, height: H, pending: true });
    const row = await rowOf(chart);
    expect(row.contentType).toBe(DICOM_CONTENT_TYPE);
    expect(row.path).toMatch(/\.dcm$/);
    expect(row.sizeBytes).toBe(bytes.length);
    // The stored original is exactly the DICOM file that was checked.
    const original = await t.h.services.storage.getObject(row.path);
    const chunks: Buffer[] = [];
    for await (const chunk of original.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    const info = parseDicomInfo(row.dicomInfo);
    expect(info).toMatchObject({
      transfer_syntax: SYNTAX.explicitLE,
      bits_stored: 12,
      calibration: { row_spacing_mm: 0.1, column_spacing_mm: 0.1, tag: 'pixel-spacing', magnification: null },
    });
    const img = await displayPixels(chart);
    expect([img.width, img.height]).toEqual([W, H]);
    // Window 2048/4096 spans the 12-bit range: left edge black, right edge white, the square white.
    expect(px(img, 0, 10)).toBe(0);
    expect(px(img, W - 1, 10)).toBe(255);
    expect(Math.abs(px(img, 400, 10) - 128)).toBeLessThanOrEqual(2);
    expect(px(img, 350, 350)).toBe(255);
    // The thumbnail job reads the DICOM original (hash-checked) and makes a JPEG from the display image.
    const thumb = await eventually(async () => (await rowOf(chart)).thumbnailPath);
    expect(thumb).toMatch(/\.thumb\.jpg$/);
  });

  it('applies Imager Pixel Spacing divided by the magnification factor when there is no Pixel Spacing', async () => {
    const bytes = buildDicom({
      rows: H,
      columns: W,
      pixelData: Buffer.alloc(W * H, 90),
      imagerPixelSpacing: [0.15, 0.12],
      magnification: 1.1,
    });
    const { chart, reply } = await upload(bytes);
    expect(reply.status, reply.raw).toBe(200);
    const calibration = parseDicomInfo((await rowOf(chart)).dicomInfo)?.calibration;
    expect(calibration?.tag).toBe('imager-pixel-spacing');
    expect(calibration?.magnification).toBe(1.1);
    expect(calibration?.row_spacing_mm).toBeCloseTo(0.15 / 1.1, 12);
    expect(calibration?.column_spacing_mm).toBeCloseTo(0.12 / 1.1, 12);
  });

  it('records no calibration when the file has no spacing, and Imager Pixel Spacing as is without a factor', async () => {
    const none = await upload(buildDicom({ rows: H, columns: W, pixelData: Buffer.alloc(W * H, 90) }));
    expect(parseDicomInfo((await rowOf(none.chart)).dicomInfo)?.calibration).toBeNull();
    const imager = await upload(buildDicom({ rows: H, columns: W, pixelData: Buffer.alloc(W * H, 90), imagerPixelSpacing: [0.14, 0.14] }));
    expect(parseDicomInfo((await rowOf(imager.chart)).dicomInfo)?.calibration).toEqual({
      row_spacing_mm: 0.14,
      column_spacing_mm: 0.14,
      tag: 'imager-pixel-spacing',
      magnification: null,
    });
  });

  it('inverts MONOCHROME1 (low values white) and reads implicit VR little endian', async () => {
    const pixels = Buffer.alloc(W * H, 0);
    pixels.fill(255, 0, W * 10); // first ten rows at the top of the range
    const bytes = buildDicom({
      transferSyntax: SYNTAX.implicitLE,
      rows: H,
      columns: W,
      photometric: 'MONOCHROME1',
      pixelData: pixels,
      window: { center: 128, width: 256 },
    });
    const { chart, reply } = await upload(bytes);
    expect(reply.status, reply.raw).toBe(200);
    const img = await displayPixels(chart);
    expect(px(img, 5, 5)).toBe(0); // high value: black in MONOCHROME1
    expect(px(img, 5, 300)).toBe(255); // zero: white
  });

  it('applies a VOI LUT sequence in preference to the window', async () => {
    // LUT: values 0..255 map to 4095 - 16 v (a reversing 12-bit LUT); the window would not reverse.
    const lut = Array.from({ length: 256 }, (_, v) => 4095 - 16 * v);
    const pixels = Buffer.alloc(W * H, 0);
    pixels.fill(255, 0, W * 10);
    const bytes = buildDicom({
      rows: H,
      columns: W,
      pixelData: pixels,
      window: { center: 128, width: 256 },
      voiLut: { firstMapped: 0, bits: 12, data: lut },
    });
    const { chart, reply } = await upload(bytes);
    expect(reply.status, reply.raw).toBe(200);
    const img = await displayPixels(chart);
    expect(px(img, 5, 300)).toBe(255);
    expect(px(img, 5, 5)).toBe(Math.round((15 * 255) / 4095));
  });

  it('decodes JPEG Baseline (encapsulated pixel data made with sharp)', async () => {
    const grey = Buffer.alloc(W * H);
    for (let i = 0; i < grey.length; i++) grey[i] = i % W < W / 2 ? 40 : 200;
    const jpeg = await sharp(grey, { raw: { width: W, height: H, channels: 1 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const bytes = buildDicom({
      transferSyntax: SYNTAX.jpegBaseline,
      rows: H,
      columns: W,
      pixelData: { encapsulated: [jpeg] },
      pixelSpacing: [0.1, 0.1],
    });
    const { chart, reply } = await upload(bytes);
    expect(reply.status, reply.raw).toBe(200);
    const img = await displayPixels(chart);
    // No window in the file: the film's own 0.1..99.9 percentile range spans black to white.
    expect(px(img, 100, 100)).toBeLessThan(10);
    expect(px(img, W - 100, 100)).toBeGreaterThan(245);
  });

  it.each([SYNTAX.jpegLossless70, SYNTAX.jpegLossless57])('decodes JPEG Lossless %s at 16 bits exactly', async (syntax) => {
    const values = ramp12();
    const jpeg = encodeJpegLossless(values, W, H, 16);
    const spec: DicomSpec = {
      transferSyntax: syntax,
      rows: H,
      columns: W,
      bitsAllocated: 16,
      bitsStored: 12,
      pixelData: { encapsulated: [jpeg] },
      window: { center: 2048, width: 4096 },
    };
    // Lossless: the decoded display equals the one from the same values stored uncompressed.
    const expected = await renderDicomPng(buildDicom({ ...spec, transferSyntax: SYNTAX.explicitLE, pixelData: uint16Samples(values) }));
    const { chart, reply } = await upload(buildDicom(spec));
    expect(reply.status, reply.raw).toBe(200);
    const img = await displayPixels(chart);
    const want = await sharp(expected.png).greyscale().raw().toBuffer();
    expect(img.data.equals(want)).toBe(true);
  });

  it('serves the display image and the DICOM calibration from /minio/download once the film is live', async () => {
    const bytes = buildDicom({ rows: H, columns: W, pixelData: Buffer.alloc(W * H, 90), pixelSpacing: [0.1, 0.12] });
    const chart = await t.chart(token);
    const { reply } = await upload(bytes, chart);
    expect(reply.status, reply.raw).toBe(200);
    // Commit it as detection would (the model is not part of this test): clear the pending mark.
    await db().update(chartData).set({ pendingExpiresAt: null }).where(eq(chartData.chartRef, chart.chartRef));
    const down = await t.call(token, FILE_ENDPOINTS.download.path, { chart_id: chart.chartId, image_type_cd: [IMAGE_TYPE.cephalogram] });
    expect(down.status, down.raw).toBe(200);
    const [entry] = downloadResponseSchema.parse(down.body.data);
    expect(entry?.dicom_calibration).toEqual({ row_spacing_mm: 0.1, column_spacing_mm: 0.12, tag: 'pixel-spacing', magnification: null });
    expect(entry?.presignedPath).toMatch(/\.display\.png/);

    // The server PDF calibrates the film as the viewer does: from its pixel spacing (no ruler here).
    const infer = {
      version: 1,
      model: { id: 'test-model', version: '1' },
      landmarks: [
        { cname: 0, name: 'Sella', x: 100, y: 100 },
        { cname: 1, name: 'Nasion', x: 600, y: 120 },
      ],
    };
    await t.ok(token, 'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }', {
      c: chart.chartRef,
      i: { infer_result: infer, img_size: { width: W, height: H } },
    });
    const pdf = await t.h.app.inject({
      method: 'POST',
      url: REPORT_ENDPOINTS.pdf.path,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ chart_id: chart.chartId }),
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'ceppro-dicom-report-'));
    try {
      expect(await pdfText(pdf.rawPayload, dir)).toMatch(/DICOM, 8\.33 px\/mm/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an accepted DICOM film is discarded whole', () => {
  it('removes the original, the display image and the thumbnail with the draft', async () => {
    const { chart, reply } = await upload(
      buildDicom({ rows: H, columns: W, pixelData: Buffer.alloc(W * H, 90), pixelSpacing: [0.1, 0.1] }),
    );
    expect(reply.status, reply.raw).toBe(200);
    await eventually(async () => (await rowOf(chart)).thumbnailPath);
    const stored = (await t.objects()).filter((k) => k.includes(chart.chartId));
    expect(stored.map((k) => k.replace(/^.*\/[^/.]+/, ''))).toEqual(expect.arrayContaining(['.dcm', '.display.png', '.thumb.jpg']));
    const discard = await t.call(token, FILE_ENDPOINTS.discardUpload.path, { chart_id: chart.chartId });
    expect(discard.body.data).toEqual({ chart_data: 1, chart: true, patient: true });
    expect((await t.objects()).filter((k) => k.includes(chart.chartId))).toEqual([]);
  });
});

describe('bad DICOM input is refused with a clear code and leaves nothing behind', () => {
  const pixels = Buffer.alloc(W * H, 90);
  it.each<[string, () => Buffer, string, number, RegExp]>([
    ['no pixel data', () => buildDicom({ rows: H, columns: W }), 'DICOM_NO_PIXEL_DATA', 422, /no pixel data/],
    [
      'an unsupported transfer syntax',
      () => buildDicom({ transferSyntax: SYNTAX.jpeg2000, rows: H, columns: W, pixelData: { encapsulated: [Buffer.alloc(100, 1)] } }),
      'DICOM_UNSUPPORTED_SYNTAX',
      415,
      /JPEG 2000 \(Lossless Only\) \(1\.2\.840\.10008\.1\.2\.4\.90\)/,
    ],
    [
      'explicit VR big endian',
      () => buildDicom({ transferSyntax: SYNTAX.bigEndian, rows: H, columns: W, pixelData: pixels }),
      'DICOM_UNSUPPORTED_SYNTAX',
      415,
      /Big Endian/,
    ],
    [
      'several frames',
      () => buildDicom({ rows: H, columns: W, frames: 3, pixelData: Buffer.concat([pixels, pixels, pixels]) }),
      'DICOM_MULTI_FRAME',
      422,
      /3 frames/,
    ],
    [
      'a structured report (not an image SOP class)',
      () => buildDicom({ sopClass: SOP.basicTextSr, rows: H, columns: W }),
      'DICOM_NOT_IMAGE',
      422,
      /88\.11/,
    ],
    [
      'truncated pixel data',
      () => buildDicom({ rows: H, columns: W, pixelData: pixels.subarray(0, 1000) }),
      'DICOM_UNREADABLE',
      415,
      /shorter/,
    ],
    [
      'a cephalogram too small',
      () => buildDicom({ rows: 300, columns: 400, pixelData: Buffer.alloc(400 * 300, 9) }),
      'IMAGE_DIMENSIONS',
      422,
      /400 x 300/,
    ],
  ])('%s', async (_label, make, code, status, message) => {
    const chart = await t.chart(token, { draft: true });
    const reply = await t.uploadImage(token, chart.chartId, make(), { contentType: DICOM_CONTENT_TYPE, declaredSize: 5000 });
    expect(reply.body.code, reply.raw).toBe(code);
    expect(reply.status).toBe(status);
    expect(String(reply.body.message)).toMatch(message);
    expect((await db().select().from(chartData).where(eq(chartData.chartRef, chart.chartRef))).length).toBe(0);
    expect((await db().select().from(uploads).where(eq(uploads.chartRef, chart.chartRef))).length).toBe(0);
    expect((await t.objects()).filter((k) => k.includes(chart.chartId))).toEqual([]);
    // The browser's clean-up then removes the draft patient and chart: nothing half-created stays.
    const discard = await t.call(token, FILE_ENDPOINTS.discardUpload.path, { chart_id: chart.chartId });
    expect(discard.body.data).toEqual({ chart_data: 0, chart: true, patient: true });
  });
});

describe('a dataset film as DICOM', () => {
  it.skipIf(!hasCephDataset)("renders exactly the film's grey values through an identity window", async () => {
    const { data, info } = await sharp(await cephalogram())
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rendered = await renderDicomPng(
      buildDicom({ rows: info.height, columns: info.width, pixelData: data, window: { center: 128, width: 256 } }),
    );
    expect((await sharp(rendered.png).metadata()).channels).toBe(1);
    const back = await sharp(rendered.png).greyscale().raw().toBuffer();
    expect(back.equals(data)).toBe(true);
  });
});
