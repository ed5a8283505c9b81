import { reportModelPath, reportModelSchema, type ReportModel } from '@ceppro/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageHarness, plainImage, type ImageHarness, type TestChart } from '../images/image-harness';
import { pdfText } from './poppler';
import { FILM_300_SIZE, film300InferResult } from '../fixtures/film-300';

/*
 * `superimposition_data` stores the user's choices only (issue 29 item 1): the films chosen and the
 * method. A computed result sent with it (an older client's version-1 document, or a current one) is
 * not stored; the printed report (its model and the PDF) superimposes the chosen films itself, in this
 * chart's film pixels, as the viewer's tab does. Runs on PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
 */

const SIZE = FILM_300_SIZE;
/** 5 px/mm: the film's calibration, so the movements are in mm. */
const RULER = { version: 2, p1: { x: 100, y: 100 }, p2: { x: 150, y: 100 }, length_mm: 10 };
const READ = 'query($id: Int!) { analysis_records(filter: { id: $id }) { items { superimposition_data document_revisions } } }';
const UPDATE =
  'mutation($id: Int!, $i: AnalysisRecordInput!, $b: JSON) { ' +
  'update_analysis_record(id: $id, input: $i, base_documents: $b) { superimposition_data } }';

/** A result as version 1 stored it: computed by the viewer, nothing the report should print. */
const SENT_RESULT = {
  computed_at: '2020-01-01T00:00:00.000Z',
  method: 'sn-at-s',
  unit: 'px',
  frame_chart_id: 'made-up',
  films: [],
  movements: [],
};

let t: ImageHarness;
let token: string;
let current: TestChart;
let olderChartId: string;
let recordId: number;
let outDir: string;

interface Stored {
  superimposition_data: unknown;
  document_revisions: { documents: Record<string, string | null> };
}

async function read(): Promise<Stored> {
  return (await t.ok<{ analysis_records: { items: Stored[] } }>(token, READ, { id: recordId })).analysis_records.items[0]!;
}

async function save(doc: unknown) {
  const base = (await read()).document_revisions.documents.superimposition_data ?? null;
  return t.gql(token, UPDATE, { id: recordId, i: { superimposition_data: doc }, b: { superimposition_data: base } });
}

async function model(): Promise<ReportModel> {
  const response = await t.h.app.inject({
    method: 'GET',
    url: `${reportModelPath(current.chartId)}?lang=en&analysis_id=steiner`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return reportModelSchema.parse((JSON.parse(response.body) as { data: unknown }).data);
}

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('supreport');
  current = await t.chart(token, { name: 'Park Growth' });
  await t.liveImage(token, current.chartId, await plainImage(SIZE.width, SIZE.height), { shootDate: '2023-04-05' });
  recordId = await t.createRecord(token, current.chartRef, { infer_result: film300InferResult(), img_size: SIZE, ruler_info: RULER });
  // An older film of the same patient, its landmarks 20 px further forward (4 mm at 5 px/mm).
  const older = await t.ok<{ create_chart: { id: number; chart_id: string } }>(
    token,
    'mutation($p: Int!) { create_chart(patient_id: $p) { id chart_id } }',
    { p: current.patientRef },
  );
  olderChartId = older.create_chart.chart_id;
  await t.liveImage(token, olderChartId, await plainImage(SIZE.width, SIZE.height), { shootDate: '2021-02-03' });
  const moved = film300InferResult();
  await t.createRecord(token, older.create_chart.id, {
    infer_result: { ...moved, landmarks: moved.landmarks.map((l) => ({ ...l, x: l.x + 20 })) },
    img_size: SIZE,
    ruler_info: RULER,
  });
  outDir = await mkdtemp(path.join(tmpdir(), 'ceppro-report-superimposition-'));
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('superimposition_data stores the choices; the report computes the superimposition', () => {
  it('a version-1 document from an older client is stored as version 2 without its result', async () => {
    const reply = await save({
      version: 1,
      chart_ids: [current.chartId, olderChartId],
      method: 'sn-at-s',
      blending: true,
      opacity: 0.4,
      result: SENT_RESULT,
    });
    expect(reply.body.errors, reply.raw).toBeUndefined();
    expect((await read()).superimposition_data).toEqual({
      version: 2,
      chart_ids: [current.chartId, olderChartId],
      method: 'sn-at-s',
      blending: true,
      opacity: 0.4,
    });
  });

  it('a result sent with a current document is not stored either; a document of no known shape is refused', async () => {
    const choices = { version: 2, chart_ids: [current.chartId, olderChartId], method: 'sn-at-s', blending: false, opacity: 0.5 };
    const reply = await save({ ...choices, result: SENT_RESULT });
    expect(reply.body.errors, reply.raw).toBeUndefined();
    expect((await read()).superimposition_data).toEqual(choices);
    const refused = await save({ ...choices, version: 3 });
    expect(refused.body.errors?.[0]?.extensions?.code, refused.raw).toBe('VALIDATION_FAILED');
    expect((await read()).superimposition_data).toEqual(choices);
  });

  it("prints the chosen films superimposed in this chart's pixels, in the model and the PDF", async () => {
    const printed = (await model()).superimposition;
    expect(printed).toBeTruthy();
    if (!printed) return;
    expect(printed.frame_chart_id).toBe(current.chartId);
    expect(printed.method).toBe('sn-at-s');
    expect(printed.unit).toBe('mm');
    // Oldest first, with their dates; computed now, not the result that was sent.
    expect(printed.films.map((f) => [f.chart_id, f.shoot_date])).toEqual([
      [olderChartId, '2021-02-03'],
      [current.chartId, '2023-04-05'],
    ]);
    expect(printed.computed_at).not.toBe(SENT_RESULT.computed_at);
    // A pure shift of every landmark registers away at S: nothing moved between the films.
    expect(printed.movements.length).toBeGreaterThan(0);
    for (const m of printed.movements) expect(m.distance, m.id).toBeLessThan(0.1);
    // The current film is the frame: its landmarks are where they are on the film.
    const s = printed.films[1]?.landmarks.find((p) => p.id === 'S');
    const sella = film300InferResult().landmarks[0]!;
    expect(sella.name).toBe('Sella');
    expect(s).toEqual({ id: 'S', x: Math.round(sella.x * 10) / 10, y: Math.round(sella.y * 10) / 10 });

    const pdf = await t.h.app.inject({
      method: 'POST',
      url: '/api/report/pdf',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ chart_id: current.chartId, analysis_id: 'steiner', lang: 'en' }),
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload, outDir);
    expect(text).toContain('Superimposition');
    expect(text).toContain('2021-02-03 -> 2023-04-05');
  });

  it('a chosen film deleted since is left out and the others are still superimposed, as in the viewer', async () => {
    const third = await t.ok<{ create_chart: { id: number; chart_id: string } }>(
      token,
      'mutation($p: Int!) { create_chart(patient_id: $p) { id chart_id } }',
      { p: current.patientRef },
    );
    await t.liveImage(token, third.create_chart.chart_id, await plainImage(SIZE.width, SIZE.height), { shootDate: '2022-03-04' });
    await t.createRecord(token, third.create_chart.id, { infer_result: film300InferResult(), img_size: SIZE, ruler_info: RULER });
    const chart_ids = [current.chartId, olderChartId, third.create_chart.chart_id];
    const reply = await save({ version: 2, chart_ids, method: 'sn-at-s', blending: false, opacity: 0.5 });
    expect(reply.body.errors, reply.raw).toBeUndefined();
    expect((await model()).superimposition?.films.map((f) => f.chart_id)).toEqual([
      olderChartId,
      third.create_chart.chart_id,
      current.chartId,
    ]);
    await t.ok(token, 'mutation($id: Int!) { delete_chart(id: $id) }', { id: third.create_chart.id });
    expect((await model()).superimposition?.films.map((f) => f.chart_id)).toEqual([olderChartId, current.chartId]);
  });

  it('fewer than two films chosen prints no superimposition', async () => {
    const reply = await save({ version: 2, chart_ids: [current.chartId], method: 'sn-at-s', blending: false, opacity: 0.5 });
    expect(reply.body.errors, reply.raw).toBeUndefined();
    expect((await model()).superimposition).toBeNull();
  });
});
