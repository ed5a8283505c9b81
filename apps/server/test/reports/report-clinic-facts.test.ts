import { reportModelPath, reportModelSchema, type ReportModel } from '@ceppro/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILM_300_SIZE, film300InferResult } from '../fixtures/film-300';
import { createImageHarness, plainImage, type ImageHarness, type TestChart } from '../images/image-harness';
import { ManualClock } from '../support/manual-clock';
import { pdfText } from './poppler';

/**
 * The report's facts as the clinic knows them, through HTTP on a real database: dated by the clinic's
 * local day (the browser's time zone; the server's clock injected at 23:30 UTC, 08:30 next morning in
 * Seoul) and the chart named by its place in the patient's history, the UUID only in the footer.
 */

const SIZE = FILM_300_SIZE;
const DAY_MS = 86_400_000;
// The last 23:30 UTC before now: a real instant (tokens stay valid), before 09:00 in Seoul.
const NOW = Math.floor((Date.now() - 23.5 * 3_600_000) / DAY_MS) * DAY_MS + 23.5 * 3_600_000;
const UTC_DAY = new Date(NOW).toISOString().slice(0, 10);
const SEOUL_DAY = new Date(NOW + DAY_MS).toISOString().slice(0, 10);

let t: ImageHarness;
let token: string;
let first: TestChart;
let second: TestChart;
let outDir: string;

async function model(chart: TestChart, query = ''): Promise<{ status: number; model?: ReportModel; body: Record<string, unknown> }> {
  const response = await t.h.app.inject({
    method: 'GET',
    url: `${reportModelPath(chart.chartId)}${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = JSON.parse(response.body) as Record<string, unknown>;
  return { status: response.statusCode, body, ...(response.statusCode === 200 && { model: reportModelSchema.parse(body['data']) }) };
}

async function pdf(chart: TestChart, extra: Record<string, unknown>) {
  return t.h.app.inject({
    method: 'POST',
    url: '/api/report/pdf',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ chart_id: chart.chartId, analysis_id: 'steiner', ...extra }),
  });
}

async function withFilm(chart: TestChart): Promise<void> {
  await t.liveImage(token, chart.chartId, await plainImage(SIZE.width, SIZE.height));
  await t.createRecord(token, chart.chartRef, { infer_result: film300InferResult(), img_size: SIZE });
}

beforeAll(async () => {
  t = await createImageHarness({}, { clock: new ManualClock(NOW) });
  token = await t.signIn('rfacts');
  first = await t.chart(token, { name: 'Lee Facts' });
  await withFilm(first);
  // A second chart of the same patient (the add-chart flow).
  const add = 'mutation($p: Int!) { create_chart(patient_id: $p) { id chart_id uuid } }';
  const { create_chart: row } = await t.ok<{ create_chart: { id: number; chart_id: string; uuid: string } }>(token, add, {
    p: first.patientRef,
  });
  second = { patientRef: first.patientRef, chartRef: row.id, chartId: row.chart_id, uuid: row.uuid };
  await withFilm(second);
  outDir = await mkdtemp(path.join(tmpdir(), 'ceppro-report-facts-'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('report facts a clinic recognises', () => {
  it("dates the report by the browser's time zone: Seoul before 09:00 gets its own today, no zone gets UTC", async () => {
    expect(SEOUL_DAY).not.toBe(UTC_DAY);
    expect((await model(first, '?time_zone=Asia%2FSeoul')).model?.date).toBe(SEOUL_DAY);
    expect((await model(first)).model?.date).toBe(UTC_DAY);
    const seoul = await pdf(first, { time_zone: 'Asia/Seoul' });
    expect(seoul.statusCode).toBe(200);
    const text = await pdfText(seoul.rawPayload, outDir);
    expect(text).toContain(`Date: ${SEOUL_DAY}`);
    expect(text).not.toContain(UTC_DAY);
  });

  it('refuses an unknown time zone with VALIDATION_FAILED', async () => {
    expect((await model(first, '?time_zone=Mars%2FOlympus')).body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'time_zone' });
    const bad = await pdf(first, { time_zone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
  });

  it("names the chart by its place in the patient's history; the UUID only small in the footer", async () => {
    expect((await model(first)).model?.chart.sequence).toEqual({ n: 1, of: 2 });
    expect((await model(second)).model?.chart.sequence).toEqual({ n: 2, of: 2 });
    const response = await pdf(second, { lang: 'en' });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload, outDir);
    expect(text).toMatch(/Chart\s+2 of 2/);
    expect(text).not.toMatch(/Chart ID/);
    // Once per page, in the footer's credit line, after the date.
    const pages = (text.match(/Page \d+ of \d+/g) ?? []).length;
    expect(text.split(second.chartId).length - 1).toBe(pages);
    expect(text).toContain(`${UTC_DAY} - ${second.chartId}`);
  });
});
