import { ZERO_VTO_MOVEMENT, VTO_MOVEMENT_POINTS } from '@ceppro/ceph';
import {
  CONSULTATION_ENDPOINTS,
  IMAGE_TYPE,
  VTO_STO_CONFIG_VERSION,
  consultationModelPath,
  type ConsultationModel,
} from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, chartData } from '../../src/db/schema/index';
import { FILM_300_SIZE, film300InferResult } from '../fixtures/film-300';
import { createImageHarness, eventually, plainImage, type ImageHarness, type TestChart } from '../images/image-harness';
import { pdfText } from './poppler';
import { saveRecordDocuments } from '../analysis-records/record-saves';

/**
 * Consultation mode's server side through HTTP (issue 28 item 5): the model and the one-page PDF in the
 * patient's language, read with poppler (pdfinfo's page count, pdftotext's words); another account's chart
 * is NOT_FOUND as for the report; a chart without a plan still renders (tracing and "no plan" in words).
 */

const SIZE = FILM_300_SIZE;
let t: ImageHarness;
let token: string;
let chart: TestChart;
let photoId: number;
let dir: string;

async function upload(c: TestChart, bytes: Buffer, type: (typeof IMAGE_TYPE)[keyof typeof IMAGE_TYPE]): Promise<number> {
  const up = await t.uploadImage(token, c.chartId, bytes, { type });
  expect(up.status, up.raw).toBe(200);
  const id = Number(up.body.data?.id);
  // As landmark detection would: the pending image becomes live.
  await t.h.services.database.db.update(chartData).set({ pendingExpiresAt: null }).where(eq(chartData.id, id));
  return id;
}

const plan = (movements: Record<string, { horizontal: number; vertical: number }>, photo: number | null) => ({
  version: VTO_STO_CONFIG_VERSION,
  data: {
    movements: { ...ZERO_VTO_MOVEMENT, ...movements },
    flags: { treatment: true, refinement: false, morph: true, autoAlign: true },
    ratios: {},
    preset: null,
  },
  autoAlign:
    photo === null
      ? null
      : { method: 'manual', photo_chart_data_id: photo, transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 }, residual_px: null },
  point: null,
  affectSvgTransform: true,
});

async function saveRecord(c: TestChart, input: Record<string, unknown>): Promise<void> {
  const data = await t.ok<{ analysis_records: { items: Array<{ id: number }> } }>(
    token,
    'query($c: Int!) { analysis_records(filter: { chart_id: $c }) { items { id } } }',
    { c: c.chartRef },
  );
  const record = data.analysis_records.items[0];
  if (record) await saveRecordDocuments(t, token, record.id, input);
  else
    await t.ok(token, 'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }', {
      c: c.chartRef,
      i: input,
    });
}

async function consultationPdf(chartId: string, lang: string, as = token) {
  return t.h.app.inject({
    method: 'POST',
    url: CONSULTATION_ENDPOINTS.pdf.path,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` },
    payload: JSON.stringify({ chart_id: chartId, lang }),
  });
}

async function pages(pdf: Buffer): Promise<number> {
  const file = path.join(dir, `c-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await promisify(execFile)('/usr/bin/pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
}

/** pdftotext -layout breaks lines and pads columns: compare words with single spaces. */
const words = (text: string) => text.replace(/\s+/g, ' ');

async function model(chartId: string, lang: string): Promise<ConsultationModel> {
  const response = await t.h.app.inject({
    method: 'GET',
    url: `${consultationModelPath(chartId)}?lang=${lang}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return (JSON.parse(response.body) as { data: ConsultationModel }).data;
}

const RULER = { version: 1, p1: { x: 100, y: 100 }, p2: { x: 100, y: 300 }, length_mm: 20, ppm: 10 };

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('consult');
  chart = await t.chart(token, { name: 'Kim Consult' });
  await upload(chart, await plainImage(SIZE.width, SIZE.height), IMAGE_TYPE.cephalogram);
  const photo = await sharp({ create: { width: 600, height: 760, channels: 3, background: '#c8a088' } })
    .jpeg()
    .toBuffer();
  photoId = await upload(chart, photo, IMAGE_TYPE.lateralFace);
  dir = await mkdtemp(path.join(tmpdir(), 'ceppro-consultation-'));
  await saveRecord(chart, { infer_result: film300InferResult(), img_size: SIZE, ruler_info: RULER });
}, 90_000);

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('consultation PDF and model', () => {
  it('prints the plan in plain words on one page, in English and in Korean', async () => {
    await saveRecord(chart, {
      vto_sto_config: plan({ Pogonion: { horizontal: 5, vertical: 0 }, Mx1Crown: { horizontal: -3, vertical: 0 } }, photoId),
    });
    const en = await consultationPdf(chart.chartId, 'en');
    expect(en.statusCode, en.body.slice(0, 300)).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(await pages(en.rawPayload)).toBe(1);
    const enText = words(await pdfText(en.rawPayload, dir));
    expect(enText).toContain('Your plan in plain words');
    expect(enText).toContain('The upper front teeth move back 3 mm.');
    expect(enText).toContain('The chin moves forward 5 mm.');
    expect(enText).toContain('How the jaws line up front-to-back (ANB)');
    // The photo was aligned by the plan: the pair is printed.
    expect(enText).toContain('Expected after treatment');

    const ko = await consultationPdf(chart.chartId, 'ko');
    expect(ko.statusCode).toBe(200);
    expect(await pages(ko.rawPayload)).toBe(1);
    const koText = words(await pdfText(ko.rawPayload, dir));
    expect(koText).toContain('턱끝이 앞으로 5 mm 이동합니다.');
    expect(koText).toContain('위 앞니가 뒤로 3 mm 이동합니다.');
    expect(koText).not.toContain('The chin moves');
  }, 90_000);

  it('answers the same plan as a model, the morph with it', async () => {
    const m = await model(chart.chartId, 'ja');
    expect(m.plan.state).toBe('ok');
    expect(m.plan.sentences).toEqual(['上の前歯が後ろへ3 mm動きます。', 'あご先が前へ5 mm動きます。']);
    expect(m.photo).toBe('aligned');
    expect(m.morph?.photoChartDataId).toBe(photoId);
    expect(m.film.predicted.length).toBeGreaterThan(0);
    // Film 300's fixture gives ANB and FMA; the others need landmarks it lacks and are left out.
    expect(m.measurements.map((x) => x.id)).toEqual(['ANB', 'FMA']);
    expect(m.measurements[0]?.range).toMatch(/^-?\d+(\.\d)? – -?\d+(\.\d)?°$/);
  }, 60_000);

  it("records the PDF and the model in the audit trail as the report's", async () => {
    const consultation = async (action: string) => {
      const rows = await t.h.services.database.db
        .select({ detail: auditEvents.detail, outcome: auditEvents.outcome })
        .from(auditEvents)
        .where(eq(auditEvents.action, action));
      return rows.filter((r) => r.detail?.['object'] === 'consultation');
    };
    // The two PDFs (en, ko) and the model (ja) asked above.
    const pdfs = await eventually(async () => ((await consultation('report.pdf')).length >= 2 ? consultation('report.pdf') : null));
    expect(pdfs.every((e) => e.outcome === 'success')).toBe(true);
    const views = await eventually(async () => ((await consultation('report.view')).length >= 1 ? consultation('report.view') : null));
    expect(views[0]?.outcome).toBe('success');
  }, 60_000);

  it('keeps to one page when every row of the plan moves (Vietnamese)', async () => {
    const all = Object.fromEntries(
      VTO_MOVEMENT_POINTS.map((p, i) => [p.key, { horizontal: i % 2 ? -2.5 : 3, vertical: i % 3 ? 1 : -1.5 }]),
    );
    await saveRecord(chart, { vto_sto_config: plan(all, photoId) });
    const vi = await consultationPdf(chart.chartId, 'vi');
    expect(vi.statusCode).toBe(200);
    expect(await pages(vi.rawPayload)).toBe(1);
    const text = words(await pdfText(vi.rawPayload, dir));
    expect(text).toContain('Kế hoạch của bạn bằng lời dễ hiểu');
    expect(text).toContain('Cằm di chuyển ra sau 2.5 mm và lên trên 1 mm.');
    for (const lang of ['zh', 'ja']) {
      const other = await consultationPdf(chart.chartId, lang);
      expect(await pages(other.rawPayload)).toBe(1);
    }
  }, 120_000);

  it("answers another user's chart NOT_FOUND, as the report does", async () => {
    const other = await t.signIn('consultother');
    const pdf = await consultationPdf(chart.chartId, 'en', other);
    expect(pdf.statusCode).toBe(404);
    expect(JSON.parse(pdf.body).code).toBe('NOT_FOUND');
    expect(pdf.body).not.toContain('Kim Consult');
    const json = await t.h.app.inject({
      method: 'GET',
      url: consultationModelPath(chart.chartId),
      headers: { authorization: `Bearer ${other}` },
    });
    expect(json.statusCode).toBe(404);
    expect(JSON.parse(json.body).code).toBe('NOT_FOUND');
  }, 60_000);

  it('renders a chart without a plan or a photo: the tracing and the words that say so', async () => {
    const bare = await t.chart(token, { name: 'Lee Noplan' });
    await upload(bare, await plainImage(SIZE.width, SIZE.height), IMAGE_TYPE.cephalogram);
    await saveRecord(bare, { infer_result: film300InferResult(), img_size: SIZE, ruler_info: RULER });
    const m = await model(bare.chartId, 'en');
    expect(m.plan.state).toBe('none');
    expect(m.plan.sentences).toEqual([]);
    expect(m.photo).toBe('none');
    expect(m.film.today.length).toBeGreaterThan(0);
    expect(m.film.predicted).toEqual([]);
    const response = await consultationPdf(bare.chartId, 'en');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(await pages(response.rawPayload)).toBe(1);
    const text = words(await pdfText(response.rawPayload, dir));
    expect(text).toContain('No treatment plan has been made for this X-ray yet.');
    expect(text).toContain('No facial photo has been added, so only the tracing is shown.');
    expect(text).toContain('Today (solid line)');
    expect(text).not.toContain('Expected after treatment (dashed line)');
  }, 90_000);
});
