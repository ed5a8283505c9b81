import { IMAGE_TYPE, REPORT_ENDPOINTS } from '@ceppro/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILM_300_SIZE, film300InferResult } from '../fixtures/film-300';
import { createImageHarness, plainImage, type ImageHarness, type TestChart } from '../images/image-harness';
import { pdfText } from './poppler';
import { saveRecordDocuments } from '../analysis-records/record-saves';
import { pogonionPlan } from '../../../../packages/contract/test/fixtures/vto-plan';

/**
 * POST /api/report/pdf with a VTO/STO plan: the chart's aligned facial photo is read and morphed
 * (in the PDF's worker thread) onto the VTO/STO page; a plan aligned to another photo prints no photo.
 */

const SIZE = FILM_300_SIZE;
let t: ImageHarness;
let token: string;
let chart: TestChart;
let photoId: number;
let dir: string;

const upload = (bytes: Buffer, type: (typeof IMAGE_TYPE)[keyof typeof IMAGE_TYPE]) => t.liveImage(token, chart.chartId, bytes, { type });

const plan = (photo: number) =>
  pogonionPlan(5, {
    autoAlign: { method: 'manual', photo_chart_data_id: photo, transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 }, residual_px: null },
  });

async function saveRecord(input: Record<string, unknown>): Promise<void> {
  const data = await t.ok<{ analysis_records: { items: Array<{ id: number; revision: number }> } }>(
    token,
    'query($c: Int!) { analysis_records(filter: { chart_id: $c }) { items { id revision } } }',
    { c: chart.chartRef },
  );
  const record = data.analysis_records.items[0];
  if (!record) {
    await t.ok(token, 'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }', {
      c: chart.chartRef,
      i: input,
    });
    return;
  }
  await saveRecordDocuments(t, token, record.id, input);
}

async function reportText(): Promise<string> {
  const response = await t.h.app.inject({
    method: 'POST',
    url: REPORT_ENDPOINTS.pdf.path,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ chart_id: chart.chartId }),
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return pdfText(response.rawPayload, dir);
}

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('vtohttp');
  chart = await t.chart(token, { name: 'Kim Vto' });
  await upload(await plainImage(SIZE.width, SIZE.height), IMAGE_TYPE.cephalogram);
  const photo = await sharp({ create: { width: 600, height: 760, channels: 3, background: '#00b000' } })
    .jpeg()
    .toBuffer();
  photoId = await upload(photo, IMAGE_TYPE.lateralFace);
  dir = await mkdtemp(path.join(tmpdir(), 'ceppro-vto-http-'));
  await saveRecord({
    infer_result: film300InferResult(),
    img_size: SIZE,
    ruler_info: { version: 1, p1: { x: 100, y: 100 }, p2: { x: 100, y: 300 }, length_mm: 20, ppm: 10 },
  });
}, 90_000);

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('VTO/STO page through HTTP', () => {
  it("prints the chart's aligned photo before and after the morph", async () => {
    await saveRecord({ vto_sto_config: plan(photoId) });
    const text = await reportText();
    expect(text).toContain('VTO/STO prediction');
    expect(text).toContain('Prediction (orange) over today (yellow)');
    expect(text).toContain('Facial photo: today');
    expect(text).toContain('Facial photo: predicted (morph)');
  }, 60_000);

  it('prints no photo when the plan was aligned to a photo the chart no longer has', async () => {
    await saveRecord({ vto_sto_config: plan(photoId + 1000) });
    const text = await reportText();
    expect(text).toContain('VTO/STO prediction');
    expect(text).toContain('Today (yellow)');
    expect(text).not.toContain('Facial photo');
  }, 60_000);
});
