import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buffer } from 'node:stream/consumers';
import { chartData } from '../../src/db/schema/index';
import type { LandmarkModel } from '../../src/features/landmarks/landmark.service';
import { STAGING_ORPHAN_MIN_AGE_MS } from '../../src/features/images/draft-sweeper';
import { sha256Of } from '../../src/features/images/stored-image';
import { createImageHarness, eventually, plainImage, type ImageHarness } from './image-harness';
import { defineInProcess } from '../support/define-in-process.ts';

/** The upload path on the S3 driver (s3rver): the browser PUTs and GETs at S3's own presigned URLs. */
let server: S3rver;
let directory: string;
let t: ImageHarness;
let token: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'ceppro-s3rver-images-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  t = await createImageHarness({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'ceppro-images',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
  });
  token = await t.signIn('s3');
});
afterAll(async () => {
  await t?.close();
  server?.httpServer?.closeAllConnections();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

async function upload(chartId: string, bytes: Buffer) {
  const up = await t.call(token, '/minio/upload', {
    chart_id: chartId,
    image_type_cd: '00700',
    content_type: 'image/jpeg',
    size: bytes.length,
  });
  expect(up.status, up.raw).toBe(200);
  const url = String(up.body.data?.presignedUrl);
  expect(url.startsWith('http://127.0.0.1:')).toBe(true);
  const put = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'image/jpeg' } });
  expect(put.status).toBe(200);
  const reply = await t.call(token, '/minio/chart_data_request', { upload_id: up.body.data?.upload_id });
  const id = String(up.body.data?.upload_id);
  // The URL writes a staging key; an accepted image is copied to a key no URL is issued for.
  return Object.assign(reply, { url, key: `charts/${chartId}/${id}.jpg`, stagingKey: `staging/${chartId}/${id}.jpg` });
}

describe('uploads on the S3 driver', () => {
  it('stores, checks, thumbnails and serves an image through presigned S3 URLs', async () => {
    const chart = await t.chart(token);
    const stored = await upload(chart.chartId, await plainImage(1200, 900));
    expect(stored.status, stored.raw).toBe(200);
    expect(await t.h.services.storage.exists(stored.key)).toBe(true);
    const id = Number(stored.body.data?.id);
    await db().update(chartData).set({ pendingExpiresAt: null }).where(eq(chartData.id, id));
    const thumb = await eventually(async () => (await db().query.chartData.findFirst({ where: eq(chartData.id, id) }))?.thumbnailPath);
    expect(await t.h.services.storage.exists(thumb)).toBe(true);
    const down = await t.call(token, '/minio/download', { chart_id: chart.chartId, thumbnail_only_check: true });
    const entry = (down.body.data as unknown as Array<{ presignedPath: string; thumbnail: boolean }>)[0];
    expect(entry?.thumbnail).toBe(true);
    const got = await fetch(entry?.presignedPath ?? '');
    expect(got.status).toBe(200);
    expect((await got.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('deletes a refused upload from the bucket', async () => {
    const chart = await t.chart(token, { draft: true });
    const refused = await upload(chart.chartId, Buffer.from('plain text, not a JPEG'));
    expect(refused.body.code).toBe('IMAGE_NOT_SUPPORTED');
    expect(await t.h.services.storage.exists(refused.stagingKey)).toBe(false);
    expect(await t.h.services.storage.exists(refused.key)).toBe(false);
    const rows = await db().select().from(chartData).where(eq(chartData.chartRef, chart.chartRef));
    expect(rows).toEqual([]);
    expect(await t.h.count('uploads')).toBe(0);
  });
});

describe('an accepted image on the S3 driver', () => {
  it('cannot be replaced through its upload URL, and stored bytes that differ from the checked ones are refused', async () => {
    const fake: LandmarkModel = {
      define: defineInProcess,
      detect: async () => {
        throw new Error('the model must not see an unchecked image');
      },
    };
    (t.h.services as { inference: () => LandmarkModel }).inference = () => fake;
    const chart = await t.chart(token);
    const stored = await upload(chart.chartId, await plainImage(1000, 1200));
    expect(stored.status, stored.raw).toBe(200);
    expect(await t.h.services.storage.exists(stored.stagingKey)).toBe(false);
    const row = await db().query.chartData.findFirst({ where: eq(chartData.id, Number(stored.body.data?.id)) });
    expect(row?.path).toBe(stored.key);
    // s3rver (like S3) honours the URL again until it expires: it can only write the staging key.
    const again = await fetch(stored.url, {
      method: 'PUT',
      body: new Uint8Array(Buffer.from('garbage')),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(again.status).toBe(200);
    const object = await t.h.services.storage.getObject(stored.key);
    expect(sha256Of(await buffer(object.body))).toBe(row?.sha256);
    await t.h.services.storage.deleteObject(stored.stagingKey);

    // Written behind the server's back: detection refuses it with a clear code instead of using it.
    await t.h.services.storage.putObject(stored.key, await plainImage(900, 1200), { contentType: 'image/jpeg' });
    const ai = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: chart.chartId });
    expect(ai.body.code, ai.raw).toBe('IMAGE_CHANGED');
  });
});

describe('staging objects on the S3 driver', () => {
  it('a PUT that lands after its upload was checked leaves an orphan that the sweeper removes', async () => {
    // S3 takes the browser's PUT by itself; the server cannot refuse one that ends after the check.
    const chart = await t.chart(token);
    const up = await t.call(token, '/minio/upload', {
      chart_id: chart.chartId,
      image_type_cd: '00700',
      content_type: 'image/jpeg',
      size: 100,
    });
    const uploadId = String(up.body.data?.upload_id);
    const stagingKey = `staging/${chart.chartId}/${uploadId}.jpg`;
    const early = await t.call(token, '/minio/chart_data_request', { upload_id: uploadId });
    expect(early.body.code, early.raw).toBe('UPLOAD_MISSING');
    const late = await fetch(String(up.body.data?.presignedUrl), {
      method: 'PUT',
      body: new Uint8Array(await plainImage()),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(late.status).toBe(200);
    expect(await t.h.services.storage.exists(stagingKey)).toBe(true);

    const sweep = (afterMs: number) => t.h.app.background.sweeper.sweepOnce(new Date(Date.now() + afterMs));
    await sweep(STAGING_ORPHAN_MIN_AGE_MS - 60_000);
    expect(await t.h.services.storage.exists(stagingKey)).toBe(true);
    expect((await sweep(STAGING_ORPHAN_MIN_AGE_MS + 60_000)).stagingOrphans).toBeGreaterThanOrEqual(1);
    expect(await t.h.services.storage.exists(stagingKey)).toBe(false);
  });
});

const db = () => t.h.services.database.db;
