import { REPORT_ENDPOINTS } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData } from '../../src/db/schema/index';
import type { Detection } from '../../src/inference/index';
import type { LandmarkModel } from '../../src/features/landmarks/landmark.service';
import { createImageHarness, plainImage, type ImageHarness, type TestChart } from './image-harness';
import { fakeDetection, fakeModelCommon } from './fake-detection';
import { defineInProcess } from '../support/define-in-process.ts';

/**
 * An accepted image cannot be replaced (fs driver: this server serves the signed PUT), the stored
 * bytes are verified against what was checked whenever they are read, landmarks are bound to their
 * image and saved against the revision they started from, and the browser's clean-up after a
 * refusal succeeds. The landmark model is faked: these rules do not depend on what it finds.
 */

const SIZE = { width: 968, height: 1200 };

let t: ImageHarness;
let token: string;
let verdict: 'ok' | 'refused' = 'ok';
let modelCalls = 0;

const fakeModel: LandmarkModel = {
  define: defineInProcess,
  async detect(): Promise<Detection> {
    modelCalls += 1;
    if (verdict === 'refused')
      return { status: 'refused', reason: 'XRAY_NOT_RECOGNIZED', message: 'not an X-ray', ...fakeModelCommon(SIZE) };
    return fakeDetection(SIZE);
  },
};

const db = () => t.h.services.database.db;
const RECORD =
  'mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int) { update_analysis_record(id: $id, input: ' +
  '$i, base_revision: $b) { id revision modified_result } }';
const READ = 'query($c: Int!) { analysis_records(filter: { chart_id: $c }) { items { id revision modified_result } } }';

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('integrity');
  (t.h.services as { inference: () => LandmarkModel }).inference = () => fakeModel;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** upload -> PUT -> check; returns the presigned URL too, so a test can try it again. */
async function uploadWithUrl(chart: TestChart, bytes: Buffer) {
  const up = await t.call(token, '/minio/upload', {
    chart_id: chart.chartId,
    image_type_cd: '00700',
    content_type: 'image/jpeg',
    size: bytes.length,
  });
  expect(up.status, up.raw).toBe(200);
  const url = String(up.body.data?.presignedUrl);
  expect(await t.put(url, bytes, 'image/jpeg')).toBe(200);
  const checked = await t.call(token, '/minio/chart_data_request', { upload_id: up.body.data?.upload_id });
  return { url, uploadId: String(up.body.data?.upload_id), checked };
}

/** A committed chart with an analysed film (fake model). */
async function analysedChart(name: string) {
  const chart = await t.chart(token, { draft: true, name });
  const film = await plainImage(SIZE.width, SIZE.height);
  const { url, checked } = await uploadWithUrl(chart, film);
  expect(checked.status, checked.raw).toBe(200);
  verdict = 'ok';
  const ai = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: chart.chartId });
  expect(ai.status, ai.raw).toBe(200);
  return { chart, url, film, imageId: Number(checked.body.data?.id), recordId: Number(ai.body.data?.analysis_record_id) };
}

async function report(chartId: string) {
  const response = await t.h.app.inject({
    method: 'POST',
    url: REPORT_ENDPOINTS.pdf.path,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ chart_id: chartId }),
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json')
    ? (JSON.parse(response.body) as { code?: string; message?: string })
    : null;
  return { status: response.statusCode, json };
}

async function readRecord(chartRef: number) {
  const data = await t.ok<{ analysis_records: { items: Array<{ id: number; revision: number; modified_result: unknown }> } }>(token, READ, {
    c: chartRef,
  });
  const record = data.analysis_records.items[0];
  if (!record) throw new Error('no record');
  return record;
}

describe('an accepted X-ray cannot be replaced (fs driver)', () => {
  it('refuses a second PUT to the same upload URL, before and after the check', async () => {
    const chart = await t.chart(token, { draft: true, name: 'Twice' });
    const film = await plainImage(SIZE.width, SIZE.height);
    const up = await t.call(token, '/minio/upload', {
      chart_id: chart.chartId,
      image_type_cd: '00700',
      content_type: 'image/jpeg',
      size: film.length,
    });
    const url = String(up.body.data?.presignedUrl);
    expect(await t.put(url, film, 'image/jpeg')).toBe(200);
    // Single use: the object under a signed URL is written once.
    expect(await t.put(url, await plainImage(800, 900), 'image/jpeg')).toBe(409);
    const checked = await t.call(token, '/minio/chart_data_request', { upload_id: up.body.data?.upload_id });
    expect(checked.status, checked.raw).toBe(200);
    expect(await t.put(url, Buffer.from('garbage'), 'image/jpeg')).toBe(409);
  });

  it('keeps the analysed film and its report intact after the URL is tried again', async () => {
    const { chart, url, imageId } = await analysedChart('Replaced');
    const row = await db().query.chartData.findFirst({ where: eq(chartData.id, imageId) });
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.sizeBytes).toBeGreaterThan(0);
    expect(await t.put(url, await plainImage(1000, 1300), 'image/jpeg')).not.toBe(200);
    expect(await t.put(url, Buffer.from('garbage'), 'image/jpeg')).not.toBe(200);
    const stored = await t.h.services.storage.getObject(row?.path ?? '');
    stored.body.destroy();
    expect(stored.size).toBe(row?.sizeBytes);
    expect((await report(chart.chartId)).status).toBe(200);
  });

  it('refuses stored bytes that differ from the checked ones with IMAGE_CHANGED, for detection and report', async () => {
    const { chart, imageId } = await analysedChart('Tampered');
    const row = await db().query.chartData.findFirst({ where: eq(chartData.id, imageId) });
    // Written behind the server's back (someone with bucket access): never used as if it were checked.
    await t.h.services.storage.putObject(row?.path ?? '', await plainImage(800, 900), { contentType: 'image/jpeg' });
    const pdf = await report(chart.chartId);
    expect(pdf.status).toBe(409);
    expect(pdf.json?.code).toBe('IMAGE_CHANGED');
    await t.h.services.storage.putObject(row?.path ?? '', Buffer.from('garbage'), { contentType: 'image/jpeg' });
    expect((await report(chart.chartId)).json?.code).toBe('IMAGE_CHANGED');
    const calls = modelCalls;
    const ai = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: chart.chartId });
    expect(ai.body.code).toBe('IMAGE_CHANGED');
    expect(modelCalls).toBe(calls);
  });
});

describe('clean-up after a refusal', () => {
  it('discard-upload succeeds after a refused chart_data_request', async () => {
    const chart = await t.chart(token, { draft: true, name: 'Refused upload' });
    const refused = await t.uploadImage(token, chart.chartId, Buffer.from('not an image at all'));
    expect(refused.body.code).toBe('IMAGE_NOT_SUPPORTED');
    const discard = await t.call(token, '/api/discard-upload', { chart_id: chart.chartId });
    expect(discard.status, discard.raw).toBe(200);
    expect(discard.body.data).toEqual({ chart_data: 0, chart: true, patient: true });
  });

  it('discard-upload succeeds after a refused X-ray (the refusal already discarded the drafts)', async () => {
    const chart = await t.chart(token, { draft: true, name: 'Refused AI' });
    expect((await t.uploadImage(token, chart.chartId, await plainImage(SIZE.width, SIZE.height))).status).toBe(200);
    verdict = 'refused';
    const ai = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: chart.chartId });
    verdict = 'ok';
    expect(ai.body.code).toBe('XRAY_NOT_RECOGNIZED');
    const discard = await t.call(token, '/api/discard-upload', { chart_id: chart.chartId });
    expect(discard.status, discard.raw).toBe(200);
    expect(discard.body.data).toEqual({ chart_data: 0, chart: false, patient: false });
  });

  it("discard-upload of a chart that never was the caller's is still NOT_FOUND", async () => {
    const other = await t.signIn('other');
    const chart = await t.chart(other, { draft: true, name: 'Not yours' });
    const discard = await t.call(token, '/api/discard-upload', { chart_id: chart.chartId });
    expect(discard.body.code).toBe('NOT_FOUND');
    expect(await db().query.charts.findFirst({ where: (c, { eq: is }) => is(c.id, chart.chartRef) })).toBeDefined();
  });
});

describe('landmarks are bound to their image and saved against a revision', () => {
  const edits = (imageId: number, x = 10) => ({
    version: 2,
    image: { chart_data_id: imageId },
    landmarks: [{ cname: 0, name: 'Sella', x, y: 20 }],
  });

  it('stores the image id and content hash with the edits and moves the revision on', async () => {
    const { chart, imageId } = await analysedChart('Bound');
    const before = await readRecord(chart.chartRef);
    const saved = await t.ok<{
      update_analysis_record: { revision: number; modified_result: { image: { chart_data_id: number; sha256: string } } };
    }>(token, RECORD, {
      id: before.id,
      i: { modified_result: edits(imageId) },
      b: before.revision,
    });
    const row = await db().query.chartData.findFirst({ where: eq(chartData.id, imageId) });
    expect(saved.update_analysis_record.modified_result.image).toEqual({ chart_data_id: imageId, sha256: row?.sha256 });
    expect(saved.update_analysis_record.revision).toBe(before.revision + 1);
  });

  it('answers a stale save (another tab) with CONFLICT and keeps the newer edits', async () => {
    const { chart, imageId } = await analysedChart('Two tabs');
    const start = await readRecord(chart.chartRef);
    await t.ok(token, RECORD, { id: start.id, i: { modified_result: edits(imageId, 11) }, b: start.revision });
    const stale = await t.gql(token, RECORD, { id: start.id, i: { modified_result: edits(imageId, 99) }, b: start.revision });
    expect(stale.body.errors?.[0]?.extensions?.code, stale.raw).toBe('CONFLICT');
    expect(((await readRecord(chart.chartRef)).modified_result as { landmarks: Array<{ x: number }> }).landmarks[0]?.x).toBe(11);
    // A save of landmarks that does not say where it started is refused too.
    const blind = await t.gql(token, RECORD, { id: start.id, i: { modified_result: edits(imageId, 99) } });
    expect(blind.body.errors?.[0]?.extensions?.code, blind.raw).toBe('REVISION_REQUIRED');
  });

  it("answers a save placed on an image that is no longer the chart's film with CONFLICT", async () => {
    const { chart, imageId } = await analysedChart('Image changed');
    const { checked } = await uploadWithUrl(chart, await plainImage(SIZE.width, SIZE.height + 4));
    expect(checked.status, checked.raw).toBe(200);
    const ai = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: chart.chartId });
    expect(ai.status, ai.raw).toBe(200);
    const now = await readRecord(chart.chartRef);
    // Even with the current revision, landmarks placed on the old film never land on the new one.
    const wrongImage = await t.gql(token, RECORD, { id: now.id, i: { modified_result: edits(imageId) }, b: now.revision });
    expect(wrongImage.body.errors?.[0]?.extensions?.code, wrongImage.raw).toBe('CONFLICT');
    expect((await readRecord(chart.chartRef)).modified_result).toBeNull();
  });

  it('refuses to print landmarks that belong to another image', async () => {
    const { chart, imageId } = await analysedChart('Report binding');
    const start = await readRecord(chart.chartRef);
    await t.ok(token, RECORD, { id: start.id, i: { modified_result: edits(imageId) }, b: start.revision });
    expect((await report(chart.chartId)).status).toBe(200);
    // A stored document naming another film (written before binding was checked, or by hand).
    await db().execute(
      `update analysis_records set modified_result = jsonb_set(modified_result, '{image,chart_data_id}', '999999') where id = ${start.id}`,
    );
    const pdf = await report(chart.chartId);
    expect(pdf.status).toBe(409);
    expect(pdf.json?.code).toBe('REPORT_LANDMARKS_MISMATCH');
  });

  it('still reads and prints an old version 1 document', async () => {
    const { chart } = await analysedChart('Legacy');
    const start = await readRecord(chart.chartRef);
    await db().execute(
      `update analysis_records set modified_result = '{"version":1,"landmarks":[{"cname":0,"name":"Sella","x":12,"y":20}]}' ` +
        `where id = ${start.id}`,
    );
    expect((await readRecord(chart.chartRef)).modified_result).toMatchObject({ version: 1 });
    expect((await report(chart.chartId)).status).toBe(200);
  });
});
