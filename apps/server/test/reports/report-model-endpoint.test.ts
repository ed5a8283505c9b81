import { reportModelPath, reportModelSchema } from '@ceppro/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageHarness, plainImage, type ImageHarness, type TestChart } from '../images/image-harness';
import { pdfText } from './poppler';
import { FILM_300_SIZE, film300InferResult } from '../fixtures/film-300';

/**
 * GET /api/report/:chart_id/model through HTTP on a real database: the owner gets the same model the
 * PDF is drawn from (its values are in the PDF's text), in the asked language and analysis; another
 * user's chart is NOT_FOUND; a bad query is VALIDATION_FAILED.
 */

const INFER_RESULT = film300InferResult();
type Answer = { success: boolean; data?: unknown; code?: string; field?: string };
const SIZE = FILM_300_SIZE;

let t: ImageHarness;
let tokenA: string;
let tokenB: string;
let chart: TestChart;
let outDir: string;

async function get(token: string, chartId: string, query = '') {
  const url = `${reportModelPath(chartId)}${query}`;
  const response = await t.h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: JSON.parse(response.body) as Answer };
}

beforeAll(async () => {
  t = await createImageHarness();
  tokenA = await t.signIn('rma');
  tokenB = await t.signIn('rmb');
  chart = await t.chart(tokenA, { name: 'Kim Model' });
  await t.liveImage(tokenA, chart.chartId, await plainImage(SIZE.width, SIZE.height));
  await t.createRecord(tokenA, chart.chartRef, { infer_result: INFER_RESULT, img_size: SIZE });
  outDir = await mkdtemp(path.join(tmpdir(), 'ceppro-report-model-'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('GET /api/report/:chart_id/model', () => {
  it("gives the owner the model the PDF is drawn from: the PDF's text has its values", async () => {
    const r = await get(tokenA, chart.chartId, '?lang=en&analysis_id=steiner');
    expect(r.status).toBe(200);
    const model = reportModelSchema.parse(r.body.data);
    expect(model.patient.name).toBe('Kim Model');
    expect(model.analysis.id).toBe('steiner');
    expect(model.film.size).toEqual(SIZE);
    expect(model.film.tracing.length).toBeGreaterThan(0);
    // The model's 19 points, then those constructed from them (packages/ceph constructed.ts), marked so.
    expect(model.landmarks.filter((l) => !l.constructed)).toHaveLength(19);
    expect(model.landmarks.filter((l) => l.constructed).map((l) => l.id)).toEqual(['Stms', 'Stmi', 'Pm']);
    const sna = model.rows.find((row) => row.id === 'SNA');
    expect(sna?.value).toMatch(/^\d+\.\d°$/);
    const pdf = await t.h.app.inject({
      method: 'POST',
      url: '/api/report/pdf',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenA}` },
      payload: JSON.stringify({ chart_id: chart.chartId, analysis_id: 'steiner', lang: 'en' }),
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload, outDir);
    for (const row of model.rows.filter((x) => x.value !== '-')) expect(text).toContain(row.value);
    expect(text).toContain(model.calibration);
    // The film's labels are PDF text now (embedded fonts), not pixels.
    for (const label of ['PNS', 'ANS', 'Pog']) expect(text).toContain(label);
  });

  it("answers in the asked language and for a user's group", async () => {
    const ko = await get(tokenA, chart.chartId, '?lang=ko&measurement_ids=SNB,SNA&analysis_name=Mine');
    expect(ko.status).toBe(200);
    const model = reportModelSchema.parse(ko.body.data);
    expect(model.lang).toBe('ko');
    expect(model.analysis.name).toBe('Mine');
    expect(model.rows.map((row) => row.id)).toEqual(['SNB', 'SNA']);
    expect(model.disclaimer).toBe('AI 랜드마크는 의료진을 위한 참고 자료이며 진단이 아닙니다.');
  });

  it("answers NOT_FOUND for another user's chart and for no chart at all, never 500", async () => {
    const other = await get(tokenB, chart.chartId);
    expect([other.status, other.body.code]).toEqual([404, 'NOT_FOUND']);
    const none = await get(tokenA, '00000000-0000-4000-8000-000000000000');
    expect([none.status, none.body.code]).toEqual([404, 'NOT_FOUND']);
    const anonymous = await t.h.app.inject({ method: 'GET', url: reportModelPath(chart.chartId) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad query with VALIDATION_FAILED', async () => {
    expect((await get(tokenA, 'not-a-uuid')).body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'chart_id' });
    expect((await get(tokenA, chart.chartId, '?lang=fr')).body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'lang' });
    expect((await get(tokenA, chart.chartId, '?analysis_id=nope')).status).toBe(400);
    const unknown = await get(tokenA, chart.chartId, '?measurement_ids=SNA,NOPE');
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'measurement_ids' });
    expect((await get(tokenA, chart.chartId, '?measurement_ids=')).status).toBe(400);
  });
});
