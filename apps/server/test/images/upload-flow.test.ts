import { IMAGE_TYPE, THUMBNAIL_SAVED_TEXT } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRecords, chartData, patients } from '../../src/db/schema/index';
import {
  CEPH_SKIP_REASON,
  cephalogram,
  createImageHarness,
  eventually,
  hasCephDataset,
  plainImage,
  type ImageHarness,
  type TestChart,
} from './image-harness';
import { connectAs, isEvent, listen, type TestSocket } from './ws-client';

/**
 * The new-patient flow end to end, as the browser does it: draft patient and chart, upload ->
 * PUT -> chart_data_request for a cephalogram and a face photo, "DB thumbnail Saved" once per
 * image on a real socket, landmark detection on a real dataset film, then everything committed.
 */
if (!hasCephDataset) console.warn(`SKIPPED upload flow tests: ${CEPH_SKIP_REASON}`);

let t: ImageHarness;
let token: string;
let socket: TestSocket;
let flow: TestChart;

const db = () => t.h.services.database.db;
const thumbTexts = () => socket.frames.filter((f) => f === THUMBNAIL_SAVED_TEXT).length;

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('flow');
  socket = await connectAs(await listen(t.h.app), token);
});
afterAll(async () => {
  await socket?.close();
  await t?.close();
});

describe.skipIf(!hasCephDataset)('new patient flow with a real cephalogram', () => {
  it('uploads, thumbnails, detects and commits the draft patient, chart and images', async () => {
    flow = await t.chart(token, { draft: true, name: 'Flow Patient' });
    // Drafts are invisible to the list and the charts query.
    const before = await t.ok<{ patients: { pagination: { total: number } } }>(token, `{ patients { pagination { total } } }`);
    expect(before.patients.pagination.total).toBe(0);
    expect((await t.ok<{ charts: unknown[] }>(token, `{ charts { id } }`)).charts).toEqual([]);

    const ceph = await t.uploadImage(token, flow.chartId, await cephalogram('151'));
    expect(ceph.status, ceph.raw).toBe(200);
    expect(ceph.body.data).toMatchObject({
      chart_id: flow.chartId,
      image_type_cd: IMAGE_TYPE.cephalogram,
      width: 968,
      height: 1200,
      pending: true,
      shoot_date: '2024-03-04',
    });
    const face = await t.uploadImage(token, flow.chartId, await plainImage(400, 500, 'png'), {
      type: IMAGE_TYPE.lateralFace,
      contentType: 'image/png',
    });
    expect(face.status, face.raw).toBe(200);

    await eventually(async () => thumbTexts() >= 2);
    // job.completed follows the text line of each thumbnail.
    const thumbnailsDone = () =>
      socket.frames
        .filter(isEvent('job.completed'))
        .map((f) => JSON.parse(f) as { job: string; chartUuid: string })
        .filter((e) => e.job === 'thumbnail' && e.chartUuid === flow.uuid).length;
    await eventually(async () => thumbnailsDone() >= 2);
    expect(thumbnailsDone()).toBe(2);

    const ai = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: flow.chartId });
    expect(ai.status, ai.raw).toBe(200);
    const data = ai.body.data as {
      output: { boxs: Array<{ cname: number; bbox: { x: number; y: number } }>; size: unknown };
      model: { id: string };
      analysis_record_id: number;
      chart_uuid: string;
    };
    expect(data.output.size).toEqual({ width: 968, height: 1200 });
    expect(data.output.boxs.length).toBeGreaterThanOrEqual(19);
    expect(data.output.boxs[0]).toMatchObject({ cname: 0 });
    expect(data.model.id).toBe('ceph-landmarks-v2');
    expect(data.chart_uuid).toBe(flow.uuid);
    await socket.waitFor((f) => isEvent('job.completed')(f) && f.includes('landmark-detection'));

    const record = await db().query.analysisRecords.findFirst({ where: eq(analysisRecords.id, data.analysis_record_id) });
    expect(record?.chartRef).toBe(flow.chartRef);
    expect(record?.imgSize).toEqual({ width: 968, height: 1200 });
    expect(record?.inferResult).toMatchObject({ version: 1, model: { id: 'ceph-landmarks-v2' } });
    expect((record?.inferResult?.['landmarks'] as unknown[]).length).toBe(data.output.boxs.length);

    const images = await db().query.chartData.findMany({ where: eq(chartData.chartRef, flow.chartRef) });
    expect(images.map((i) => [i.imageTypeCd, i.pendingExpiresAt, i.deletedAt])).toEqual(
      expect.arrayContaining([
        [IMAGE_TYPE.cephalogram, null, null],
        [IMAGE_TYPE.lateralFace, null, null],
      ]),
    );
    const listed = await t.ok<{ patients: { items: Array<{ id: number; patient_id: string; charts: Array<{ chart_data: unknown[] }> }> } }>(
      token,
      `{ patients { items { id patient_id charts { chart_data { image_type_cd } } } } }`,
    );
    expect(listed.patients.items).toHaveLength(1);
    expect(listed.patients.items[0]).toMatchObject({ id: flow.patientRef, patient_id: '1' });
    expect(listed.patients.items[0]?.charts[0]?.chart_data).toHaveLength(2);

    const down = await t.call(token, '/minio/download', {
      chart_id: flow.chartId,
      image_type_cd: '00700,00710',
      thumbnail_only_check: 'true',
    });
    expect((down.body.data as unknown as Array<{ thumbnail: boolean; lost: boolean }>).map((e) => [e.thumbnail, e.lost])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect((await t.objects()).filter((k) => k.startsWith(`charts/${flow.chartId}/`))).toHaveLength(4);
    // Once per image, never again: nothing is left on the queue to send a third.
    await t.h.app.background.runner.drain();
    expect(thumbTexts()).toBe(2);
  });

  it('reruns the AI on the same image keeping edits, and a new image resets them on the same record', async () => {
    const [record] = await db().select().from(analysisRecords).where(eq(analysisRecords.chartRef, flow.chartRef));
    const film = await db().query.chartData.findFirst({ where: eq(chartData.chartRef, flow.chartRef), orderBy: chartData.id });
    const edits = {
      version: 2,
      image: { chart_data_id: film?.id, sha256: film?.sha256 },
      landmarks: [{ cname: 0, name: 'Sella', x: 10, y: 20 }],
    };
    await t.ok(
      token,
      `mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int) { update_analysis_record(id: $id, input: $i, base_revision: $b) { id } }`,
      { id: record?.id, i: { modified_result: edits }, b: record?.revision },
    );

    const rerun = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: flow.chartId });
    expect(rerun.body.data?.analysis_record_id).toBe(record?.id);
    expect((await db().query.analysisRecords.findFirst({ where: eq(analysisRecords.id, record?.id ?? 0) }))?.modifiedResult).toEqual(edits);

    const oldCeph = await db().query.chartData.findFirst({ where: eq(chartData.chartRef, flow.chartRef), orderBy: chartData.id });
    const change = await t.uploadImage(token, flow.chartId, await cephalogram('200'));
    expect(change.status, change.raw).toBe(200);
    // Pending: the viewer still shows the old image until detection commits the new one.
    const live = await t.call(token, '/minio/download', { chart_id: flow.chartId, image_type_cd: ['00700'] });
    expect((live.body.data as unknown as Array<{ chart_data_id: number }>)[0]?.chart_data_id).toBe(oldCeph?.id);

    const ai = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: flow.chartId });
    expect(ai.status, ai.raw).toBe(200);
    expect(ai.body.data?.analysis_record_id).toBe(record?.id);
    const after = await db().query.analysisRecords.findFirst({ where: eq(analysisRecords.id, record?.id ?? 0) });
    expect(after?.modifiedResult).toBeNull();
    expect(after?.updatedAt.getTime()).toBeGreaterThan(record?.updatedAt.getTime() ?? 0);
    const old = await db().query.chartData.findFirst({ where: eq(chartData.id, oldCeph?.id ?? 0) });
    expect(old?.deletedAt).toBeInstanceOf(Date);
    const now = await t.call(token, '/minio/download', { chart_id: flow.chartId, image_type_cd: ['00700'] });
    expect((now.body.data as unknown as Array<{ chart_data_id: number }>)[0]?.chart_data_id).toBe(change.body.data?.id);
    // Still one patient, still number 1.
    const p = await db().query.patients.findFirst({ where: eq(patients.id, flow.patientRef) });
    expect(p?.patientId).toBe('1');
  });
});

describe('download, shoot date and discard on committed and draft charts', () => {
  let live: TestChart;
  let imageId: number;

  beforeAll(async () => {
    live = await t.chart(token, { name: 'Live Patient' });
    const up = await t.uploadImage(token, live.chartId, await plainImage(800, 600));
    expect(up.status, up.raw).toBe(200);
    imageId = Number(up.body.data?.id);
    // Committed by hand: these tests are about download, not detection.
    await db().update(chartData).set({ pendingExpiresAt: null }).where(eq(chartData.id, imageId));
    await t.h.app.background.runner.drain();
  });

  it('gives the thumbnail when asked, and the original plus a new job when the thumbnail is missing', async () => {
    const first = await t.call(token, '/minio/download', { chart_id: live.chartId, thumbnail_only_check: true });
    expect(first.body.data).toMatchObject([{ chart_data_id: imageId, thumbnail: true, lost: false, width: 800, height: 600 }]);
    const full = await t.call(token, '/minio/download', { chart_id: live.chartId });
    expect(full.body.data).toMatchObject([{ chart_data_id: imageId, thumbnail: false, lost: false }]);

    const row = await db().query.chartData.findFirst({ where: eq(chartData.id, imageId) });
    await t.h.services.storage.deleteObject(row?.thumbnailPath ?? '');
    await db().update(chartData).set({ thumbnailPath: null }).where(eq(chartData.id, imageId));
    const missing = await t.call(token, '/minio/download', { chart_id: live.chartId, thumbnail_only_check: true });
    const entry = (missing.body.data as unknown as Array<{ presignedPath: string; thumbnail: boolean }>)[0];
    expect(entry?.thumbnail).toBe(false);
    expect(entry?.presignedPath).toContain(row?.path);
    // The presigned URL really serves the image.
    const got = await t.h.app.inject({
      method: 'GET',
      url: new URL(entry?.presignedPath ?? '').pathname + new URL(entry?.presignedPath ?? '').search,
    });
    expect(got.statusCode).toBe(200);
    // Asking twice queues one job, not two.
    await t.call(token, '/minio/download', { chart_id: live.chartId, thumbnail_only_check: true });
    await eventually(async () => (await db().query.chartData.findFirst({ where: eq(chartData.id, imageId) }))?.thumbnailPath);
    const again = await t.call(token, '/minio/download', { chart_id: live.chartId, thumbnail_only_check: true });
    expect(again.body.data).toMatchObject([{ thumbnail: true }]);
  });

  it('reports a deleted original as LOST (presignedPath null)', async () => {
    const extra = await t.chart(token, { name: 'Lost Patient' });
    const up = await t.uploadImage(token, extra.chartId, await plainImage());
    const id = Number(up.body.data?.id);
    await db().update(chartData).set({ pendingExpiresAt: null }).where(eq(chartData.id, id));
    const row = await db().query.chartData.findFirst({ where: eq(chartData.id, id) });
    await t.h.app.background.runner.drain();
    await t.h.services.storage.deleteObject(row?.path ?? '');
    const reply = await t.call(token, '/minio/download', { chart_id: extra.chartId });
    expect(reply.body.data).toMatchObject([{ chart_data_id: id, presignedPath: null, lost: true, thumbnail: false }]);
  });

  it('updates and clears the shoot date of the chart images of the given types', async () => {
    const set = await t.call(token, '/api/update-shoot-date', {
      chart_id: live.chartId,
      image_type_cd: ['00700'],
      shoot_date: '2023-12-31',
    });
    expect(set.body.data).toEqual({ updated: 1 });
    expect((await db().query.chartData.findFirst({ where: eq(chartData.id, imageId) }))?.shootDate).toBe('2023-12-31');
    const none = await t.call(token, '/api/update-shoot-date', {
      chart_id: live.chartId,
      image_type_cd: '00710',
      shoot_date: '2023-12-31',
    });
    expect(none.body.data).toEqual({ updated: 0 });
    const cleared = await t.call(token, '/api/update-shoot-date', { chart_id: live.chartId, image_type_cd: '00700', shoot_date: '' });
    expect(cleared.body.data).toEqual({ updated: 1 });
    expect((await db().query.chartData.findFirst({ where: eq(chartData.id, imageId) }))?.shootDate).toBeNull();
    const bad = await t.call(token, '/api/update-shoot-date', { chart_id: live.chartId, image_type_cd: '00700', shoot_date: '2023-02-30' });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('discard-upload removes a draft flow entirely, and only the pending image of a committed chart', async () => {
    const draft = await t.chart(token, { draft: true, name: 'Discarded' });
    expect((await t.uploadImage(token, draft.chartId, await plainImage())).status).toBe(200);
    await t.h.app.background.runner.drain();
    const gone = await t.call(token, '/api/discard-upload', { chart_id: draft.chartId });
    expect(gone.body.data).toEqual({ chart_data: 1, chart: true, patient: true });
    expect(await db().query.charts.findFirst({ where: (c, { eq: is }) => is(c.id, draft.chartRef) })).toBeUndefined();
    expect(await db().query.patients.findFirst({ where: (p, { eq: is }) => is(p.id, draft.patientRef) })).toBeUndefined();
    expect((await t.objects()).filter((k) => k.includes(draft.chartId))).toEqual([]);

    expect((await t.uploadImage(token, live.chartId, await plainImage())).status).toBe(200);
    const pendingOnly = await t.call(token, '/api/discard-upload', { chart_id: live.chartId });
    expect(pendingOnly.body.data).toEqual({ chart_data: 1, chart: false, patient: false });
    const rest = await db().query.chartData.findMany({ where: eq(chartData.chartRef, live.chartRef) });
    expect(rest.map((r) => r.id)).toEqual([imageId]);
    // A second discard finds nothing more to do; the chart itself is not a draft.
    expect((await t.call(token, '/api/discard-upload', { chart_id: live.chartId })).body.data).toEqual({
      chart_data: 0,
      chart: false,
      patient: false,
    });
  });
});
