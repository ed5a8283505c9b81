import { IMAGE_TYPE, IMAGE_UPLOAD } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData, charts, patients, uploads } from '../../src/db/schema/index';
import { ManualClock } from '../support/manual-clock';
import { createImageHarness, nonCephalogram, plainImage, type ImageHarness, type TestChart } from './image-harness';

/** Bad uploads are refused and leave nothing behind; a non-X-ray undoes the draft; the sweeper cleans up. */
let t: ImageHarness;
let token: string;

const db = () => t.h.services.database.db;

async function leftovers(chart: TestChart) {
  return {
    chartData: (await db().select().from(chartData).where(eq(chartData.chartRef, chart.chartRef))).length,
    uploads: (await db().select().from(uploads).where(eq(uploads.chartRef, chart.chartRef))).length,
    objects: (await t.objects()).filter((k) => k.startsWith(`charts/${chart.chartId}/`)),
  };
}

async function noisyJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('bad');
});
afterAll(async () => {
  await t?.close();
});

describe('chart_data_request refuses what is not a usable JPEG or PNG', () => {
  const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  it.each([
    [
      'a PNG header followed by garbage',
      async () => Buffer.concat([PNG_MAGIC, Buffer.alloc(5000, 7)]),
      'image/png',
      'IMAGE_NOT_SUPPORTED',
      415,
    ],
    [
      'a text file named .jpg',
      async () => Buffer.from('hello, this is not an image\n'.repeat(50)),
      'image/jpeg',
      'IMAGE_NOT_SUPPORTED',
      415,
    ],
    ['a truncated JPEG', async () => (await noisyJpeg()).subarray(0, 40_000), 'image/jpeg', 'IMAGE_NOT_SUPPORTED', 415],
    ['an image below the minimum side', async () => plainImage(150, 300), 'image/jpeg', 'IMAGE_DIMENSIONS', 422],
    ["a cephalogram below the model's 600 px side", async () => plainImage(640, 480), 'image/jpeg', 'IMAGE_DIMENSIONS', 422],
    ["a cephalogram over the model's 6000 px side", async () => plainImage(6400, 700), 'image/jpeg', 'IMAGE_DIMENSIONS', 422],
    [
      'stored bytes over the size limit',
      async () => Buffer.concat([await plainImage(), Buffer.alloc(IMAGE_UPLOAD.maxBytes)]),
      'image/jpeg',
      'IMAGE_TOO_LARGE',
      413,
    ],
    ['nothing PUT at all', async () => null, 'image/jpeg', 'UPLOAD_MISSING', 409],
  ])('refuses %s and keeps no row and no object', async (_label, make, contentType, code, status) => {
    const chart = await t.chart(token, { draft: true });
    // A client may declare less than it sends: the stored bytes are what is checked.
    const reply = await t.uploadImage(token, chart.chartId, await make(), { contentType, declaredSize: 5000 });
    expect(reply.body.code, reply.raw).toBe(code);
    expect(reply.status).toBe(status);
    expect(await leftovers(chart)).toEqual({ chartData: 0, uploads: 0, objects: [] });
  });

  it('takes a face photo smaller than a cephalogram may be', async () => {
    const chart = await t.chart(token, { draft: true });
    const reply = await t.uploadImage(token, chart.chartId, await plainImage(640, 480), { type: IMAGE_TYPE.lateralFace });
    expect(reply.status, reply.raw).toBe(200);
  });

  it('refuses a declared size over the limit and a type other than JPEG/PNG before any URL is given', async () => {
    const chart = await t.chart(token);
    const base = { chart_id: chart.chartId, image_type_cd: IMAGE_TYPE.cephalogram, content_type: 'image/jpeg', size: 1000 };
    const big = await t.call(token, '/minio/upload', { ...base, size: IMAGE_UPLOAD.maxBytes + 1 });
    expect([big.status, big.body.code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    const gif = await t.call(token, '/minio/upload', { ...base, content_type: 'image/gif' });
    expect([gif.status, gif.body.code]).toEqual([415, 'IMAGE_NOT_SUPPORTED']);
    const badChart = await t.call(token, '/minio/upload', { ...base, chart_id: 'not-a-uuid' });
    expect(badChart.body.code).toBe('VALIDATION_FAILED');
    expect(await leftovers(chart)).toEqual({ chartData: 0, uploads: 0, objects: [] });
  });

  it('answers a chart without a cephalogram with UPLOAD_MISSING', async () => {
    const chart = await t.chart(token);
    const reply = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: chart.chartId });
    expect([reply.status, reply.body.code]).toEqual([409, 'UPLOAD_MISSING']);
  });
});

describe('landmark detection on an image that is not a cephalogram', () => {
  it('answers 422 XRAY_NOT_RECOGNIZED and removes the draft patient, chart, images and objects', async () => {
    const chart = await t.chart(token, { draft: true });
    expect((await t.uploadImage(token, chart.chartId, await nonCephalogram())).status).toBe(200);
    expect((await t.uploadImage(token, chart.chartId, await plainImage(), { type: IMAGE_TYPE.lateralFace })).status).toBe(200);
    await t.h.app.background.runner.drain();
    const reply = await t.h.post('/ai/ceppro/ceph-landmark', { chart_id: chart.chartId }, { token });
    expect([reply.status, reply.body.code], reply.raw).toEqual([422, 'XRAY_NOT_RECOGNIZED']);
    expect(await leftovers(chart)).toEqual({ chartData: 0, uploads: 0, objects: [] });
    expect(await db().query.charts.findFirst({ where: eq(charts.id, chart.chartRef) })).toBeUndefined();
    expect(await db().query.patients.findFirst({ where: eq(patients.id, chart.patientRef) })).toBeUndefined();
  });
});

describe('the draft sweeper', () => {
  it('purges expired uploads, pending images, draft charts and draft patients with their objects', async () => {
    const draft = await t.chart(token, { draft: true });
    expect((await t.uploadImage(token, draft.chartId, await plainImage())).status).toBe(200);
    // An upload PUT but never checked (the tab closed in between).
    const open = await t.call(token, '/minio/upload', {
      chart_id: draft.chartId,
      image_type_cd: '00710',
      content_type: 'image/jpeg',
      size: 100,
    });
    expect(await t.put(String(open.body.data?.presignedUrl), await plainImage(), 'image/jpeg')).toBe(200);
    const live = await t.chart(token);
    expect((await t.uploadImage(token, live.chartId, await plainImage())).status).toBe(200);
    await t.h.app.background.runner.drain();

    // Nothing has expired yet.
    const early = await t.h.app.background.sweeper.sweepOnce(new Date());
    expect(early).toEqual({ uploads: 0, chartData: 0, charts: 0, patients: 0, licenses: 0, partialWrites: 0, stagingOrphans: 0 });

    // Uploads live for the URL's lifetime plus the draft TTL; drafts and pending images for the TTL.
    const later = new Date(Date.now() + (IMAGE_UPLOAD.urlTtlSeconds + t.h.config.drafts.ttlS + 5) * 1000);
    const swept = await t.h.app.background.sweeper.sweepOnce(later);
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect(swept.charts).toBeGreaterThanOrEqual(1);
    expect(swept.patients).toBeGreaterThanOrEqual(1);
    expect(await leftovers(draft)).toEqual({ chartData: 0, uploads: 0, objects: [] });
    expect(await db().query.patients.findFirst({ where: eq(patients.id, draft.patientRef) })).toBeUndefined();
    // The committed chart stays; only its pending image went.
    expect(await leftovers(live)).toEqual({ chartData: 0, uploads: 0, objects: [] });
    expect((await db().query.charts.findFirst({ where: eq(charts.id, live.chartRef) }))?.deletedAt).toBeNull();
  });

  it('runs on its own every interval, once the draft, its upload and its pending image have expired', async () => {
    // The sweeper's ticks and "now" come from the clock: time is moved, not waited for. One tick an
    // hour, longer than the upload URL's lifetime plus the draft TTL, so the first tick finds it all expired.
    const clock = new ManualClock();
    const hour = 3_600_000;
    expect((IMAGE_UPLOAD.urlTtlSeconds + 60) * 1000).toBeLessThan(hour);
    const quick = await createImageHarness({ DRAFT_TTL_S: '60', DRAFT_SWEEP_INTERVAL_MS: String(hour) }, { clock });
    try {
      const tok = await quick.signIn('sweep');
      const chart = await quick.chart(tok, { draft: true });
      const patient = () => quick.h.services.database.db.query.patients.findFirst({ where: eq(patients.id, chart.patientRef) });
      // A face photo: no landmark model in the way, only the upload, the pending image and its thumbnail.
      const up = await quick.call(tok, '/minio/upload', {
        chart_id: chart.chartId,
        image_type_cd: IMAGE_TYPE.lateralFace,
        content_type: 'image/jpeg',
        size: 100,
      });
      expect(up.status).toBe(200);
      expect(await quick.put(String(up.body.data?.presignedUrl), await plainImage(640, 480), 'image/jpeg')).toBe(200);
      expect((await quick.call(tok, '/minio/chart_data_request', { upload_id: up.body.data?.upload_id })).status).toBe(200);
      await quick.h.app.background.runner.drain();
      expect((await quick.objects()).filter((k) => k.includes(chart.chartId))).not.toEqual([]);

      clock.advance(hour - 1);
      expect(await patient()).toBeDefined();
      clock.advance(1);
      // stop() resolves once the sweep that tick started has finished.
      await quick.h.app.background.sweeper.stop();
      expect(await patient()).toBeUndefined();
      expect((await quick.objects()).filter((k) => k.includes(chart.chartId))).toEqual([]);
    } finally {
      await quick.close();
    }
  });
});
