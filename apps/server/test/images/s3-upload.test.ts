import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData } from '../../src/db/schema/index';
import { createImageHarness, eventually, plainImage, type ImageHarness } from './image-harness';

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
  const up = await t.call(token, '/minio/upload', { chart_id: chartId, image_type_cd: '00700', content_type: 'image/jpeg', size: bytes.length });
  expect(up.status, up.raw).toBe(200);
  const url = String(up.body.data?.presignedUrl);
  expect(url.startsWith('http://127.0.0.1:')).toBe(true);
  const put = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'image/jpeg' } });
  expect(put.status).toBe(200);
  const reply = await t.call(token, '/minio/chart_data_request', { upload_id: up.body.data?.upload_id });
  return Object.assign(reply, { key: `charts/${chartId}/${String(up.body.data?.upload_id)}.jpg` });
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
    expect(await t.h.services.storage.exists(refused.key)).toBe(false);
    const rows = await db().select().from(chartData).where(eq(chartData.chartRef, chart.chartRef));
    expect(rows).toEqual([]);
    expect(await t.h.count('uploads')).toBe(0);
  });
});

const db = () => t.h.services.database.db;
