import { IMAGE_TYPE, THUMBNAIL_SAVED_TEXT } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData, uploads } from '../../src/db/schema/index';
import { createImageHarness, eventually, plainImage, type ImageHarness, type TestChart } from './image-harness';
import { connectAs, listen, type TestSocket } from './ws-client';

/** User B with user A's chart and upload ids: NOT_FOUND everywhere, nothing changed, none of A's events. */
let t: ImageHarness;
let tokenA: string;
let tokenB: string;
let liveA: TestChart;
let draftA: TestChart;
let uploadIdA: string;
let socketA: TestSocket;
let socketB: TestSocket;

const TABLES = ['patients', 'charts', 'chart_data', 'uploads', 'analysis_records', 'jobs'];

async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = await t.h.count(table);
  const rows = await t.h.services.database.db.select().from(chartData).orderBy(chartData.id);
  return { counts, rows: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.getTime() })), objects: await t.objects() };
}

beforeAll(async () => {
  t = await createImageHarness();
  tokenA = await t.signIn('usra');
  tokenB = await t.signIn('usrb');
  const port = await listen(t.h.app);
  socketA = await connectAs(port, tokenA);
  socketB = await connectAs(port, tokenB);

  liveA = await t.chart(tokenA, { name: 'A Live' });
  const up = await t.uploadImage(tokenA, liveA.chartId, await plainImage());
  await t.h.services.database.db
    .update(chartData)
    .set({ pendingExpiresAt: null })
    .where(eq(chartData.id, Number(up.body.data?.id)));
  draftA = await t.chart(tokenA, { draft: true, name: 'A Draft' });
  expect((await t.uploadImage(tokenA, draftA.chartId, await plainImage())).status).toBe(200);
  const open = await t.call(tokenA, '/minio/upload', {
    chart_id: draftA.chartId,
    image_type_cd: '00710',
    content_type: 'image/png',
    size: 10,
  });
  uploadIdA = String(open.body.data?.upload_id);
  expect(await t.put(String(open.body.data?.presignedUrl), await plainImage(800, 640, 'png'), 'image/png')).toBe(200);
  await eventually(async () => socketA.frames.filter((f) => f === THUMBNAIL_SAVED_TEXT).length >= 2);
  await t.h.app.background.runner.drain();
});
afterAll(async () => {
  await socketA?.close();
  await socketB?.close();
  await t?.close();
});

describe("B calling the file and AI endpoints with A's ids", () => {
  it.each([
    ['/minio/upload', () => ({ chart_id: liveA.chartId, image_type_cd: IMAGE_TYPE.cephalogram, content_type: 'image/jpeg', size: 100 })],
    ['/minio/upload', () => ({ chart_id: draftA.chartId, image_type_cd: IMAGE_TYPE.cephalogram, content_type: 'image/jpeg', size: 100 })],
    ['/minio/chart_data_request', () => ({ upload_id: uploadIdA })],
    ['/minio/download', () => ({ chart_id: liveA.chartId, thumbnail_only_check: true })],
    ['/minio/download', () => ({ chart_id: draftA.chartId })],
    ['/api/update-shoot-date', () => ({ chart_id: liveA.chartId, image_type_cd: ['00700', '00710'], shoot_date: '2000-01-01' })],
    ['/api/discard-upload', () => ({ chart_id: draftA.chartId })],
    ['/api/discard-upload', () => ({ chart_id: liveA.chartId })],
    ['/ai/ceppro/ceph-landmark', () => ({ chart_id: liveA.chartId })],
    ['/ai/ceppro/ceph-landmark', () => ({ chart_id: draftA.chartId })],
  ])('%s answers NOT_FOUND and changes nothing', async (url, body) => {
    const before = await snapshot();
    const reply = await t.call(tokenB, url, body());
    expect([reply.status, reply.body.code], reply.raw).toEqual([404, 'NOT_FOUND']);
    expect(await snapshot()).toEqual(before);
  });

  it("cannot add a chart to A's draft patient, and A's upload is still A's to finish", async () => {
    const reply = await t.gql(tokenB, `mutation($p: Int!) { create_chart(patient_id: $p, draft: true) { id } }`, { p: draftA.patientRef });
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await t.h.services.database.db.query.uploads.findFirst({ where: eq(uploads.id, uploadIdA) })).toBeDefined();
    const done = await t.call(tokenA, '/minio/chart_data_request', { upload_id: uploadIdA });
    expect(done.status, done.raw).toBe(200);
  });

  it('without a token the file and AI endpoints answer 401 J001', async () => {
    for (const url of [
      '/minio/upload',
      '/minio/chart_data_request',
      '/minio/download',
      '/ai/ceppro/ceph-landmark',
      '/api/discard-upload',
    ]) {
      const reply = await t.h.postJson(url, {});
      expect([reply.status, reply.body.code], url).toEqual([401, 'J001']);
    }
  });

  it("never delivers A's events to B's socket", async () => {
    await eventually(async () => socketA.frames.filter((f) => f === THUMBNAIL_SAVED_TEXT).length >= 3);
    await t.h.app.background.runner.drain();
    expect(socketA.frames.some((f) => f.includes(draftA.uuid))).toBe(true);
    expect(socketB.frames).toEqual(['{"type":"authenticated"}']);
  });
});
