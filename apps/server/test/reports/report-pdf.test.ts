import {
  evaluateAnalysis,
  getAnalysis,
  imagePoint,
  landmarkIdFromName,
  MODEL_OUTPUT_NAMES_V1,
  UNCALIBRATED,
  type ImagePoint,
  type LandmarkId,
} from '@ceppro/ceph';
import { REPORT_ENDPOINTS } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData } from '../../src/db/schema/index';
import { cephalogram, createImageHarness, hasCephDataset, plainImage, type ImageHarness, type TestChart } from '../images/image-harness';
import { pdfFonts, pdfText } from './poppler';
import { FILM_300, FILM_300_SIZE, film300InferResult } from '../fixtures/film-300';

/**
 * POST /api/report/pdf through HTTP on a real database: the owner gets a PDF with the patient and
 * the analysis table; anyone else gets NOT_FOUND; a chart with nothing to report gets a stable code.
 */

const INFER_RESULT = film300InferResult();
const SIZE = FILM_300_SIZE;

let t: ImageHarness;
let tokenA: string;
let tokenB: string;
let chart: TestChart;
let noImage: TestChart;
let noAnalysis: TestChart;
let outDir: string;

async function committedChart(token: string, name: string, bytes: Buffer | null): Promise<TestChart> {
  const c = await t.chart(token, { name });
  if (bytes) await t.liveImage(token, c.chartId, bytes);
  return c;
}

/**
 * A save as the viewer makes it: landmarks bound to the chart's film, from the record's current
 * revision; any other document from its own current revision.
 */
async function save(token: string, chartRef: number, input: Record<string, unknown>): Promise<void> {
  type Item = { id: number; revision: number; document_revisions: { documents: Record<string, string | null> } };
  const data = await t.ok<{ analysis_records: { items: Item[] } }>(
    token,
    'query($c: Int!) { analysis_records(filter: { chart_id: $c }) { items { id revision document_revisions } } }',
    { c: chartRef },
  );
  const record = data.analysis_records.items[0];
  const film = await t.h.services.database.db.query.chartData.findFirst({
    where: (c, { and, eq: is, isNull }) => and(is(c.chartRef, chartRef), is(c.imageTypeCd, '00700'), isNull(c.deletedAt)),
    orderBy: (c, { desc }) => desc(c.id),
  });
  const modified = input['modified_result'] as { landmarks: unknown[] } | null | undefined;
  const bound = modified
    ? { ...input, modified_result: { version: 2, image: { chart_data_id: film?.id }, landmarks: modified.landmarks } }
    : input;
  await t.ok(
    token,
    'mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int, $d: JSON) { ' +
      'update_analysis_record(id: $id, input: $i, base_revision: $b, base_documents: $d) { id } }',
    {
      id: record?.id,
      i: bound,
      b: record?.revision,
      d: Object.fromEntries(
        Object.keys(input)
          .filter((name) => name !== 'modified_result' && name !== 'infer_result')
          .map((name) => [name, record?.document_revisions.documents[name] ?? null]),
      ),
    },
  );
}

async function updateRecord(token: string, input: Record<string, unknown>): Promise<void> {
  await save(token, chart.chartRef, input);
}

async function report(token: string | null, body: unknown) {
  const response = await t.h.app.inject({
    method: 'POST',
    url: REPORT_ENDPOINTS.pdf.path,
    headers: { 'content-type': 'application/json', ...(token !== null && { authorization: `Bearer ${token}` }) },
    payload: JSON.stringify(body),
  });
  const isPdf = response.headers['content-type'] === 'application/pdf';
  // The PDF's text as poppler reads it (content streams are compressed); an error body as it is.
  const text = isPdf ? await pdfText(response.rawPayload, outDir) : response.rawPayload.toString('latin1');
  const json = response.headers['content-type']?.toString().startsWith('application/json')
    ? (JSON.parse(response.body) as { code?: string })
    : null;
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, text, json };
}

function positions(moved: Partial<Record<number, [number, number]>> = {}): Partial<Record<LandmarkId, ImagePoint>> {
  const out: Partial<Record<LandmarkId, ImagePoint>> = {};
  FILM_300.forEach(([x, y], cname) => {
    const id = landmarkIdFromName(MODEL_OUTPUT_NAMES_V1[cname] ?? '');
    const [mx, my] = moved[cname] ?? [x, y];
    if (id) out[id] = imagePoint(mx, my);
  });
  return out;
}

function steinerValue(id: string, moved: Partial<Record<number, [number, number]>> = {}): string {
  const steiner = getAnalysis('steiner');
  if (!steiner) throw new Error('no steiner');
  const result = evaluateAnalysis(steiner, positions(moved), UNCALIBRATED).find((r) => r.id === id);
  if (result?.status !== 'ok') throw new Error(`${id} not computable`);
  return `${result.value.toFixed(1)}°`;
}

beforeAll(async () => {
  t = await createImageHarness();
  tokenA = await t.signIn('repa');
  tokenB = await t.signIn('repb');
  const film = hasCephDataset ? await cephalogram('151') : await plainImage(SIZE.width, SIZE.height);
  chart = await committedChart(tokenA, 'Kim Ceph', film);
  await t.createRecord(tokenA, chart.chartRef, { infer_result: INFER_RESULT, img_size: SIZE });
  noImage = await committedChart(tokenA, 'No Image', null);
  noAnalysis = await committedChart(tokenA, 'No Analysis', await plainImage(SIZE.width, SIZE.height));
  outDir = await mkdtemp(path.join(tmpdir(), 'ceppro-report-'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('POST /api/report/pdf', () => {
  it('gives the owner a PDF attachment with the patient, the chart, the Steiner table, disclaimer, date and clinic', async () => {
    const r = await report(tokenA, { chart_id: chart.chartId });
    expect(r.status, r.text.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="ceppro-report-${chart.chartId}.pdf"`);
    const raw = r.bytes.toString('latin1');
    expect(raw.startsWith('%PDF-1.')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(r.text).toContain('Kim Ceph');
    expect(r.text).toContain(chart.chartId);
    expect(r.text).toContain('Steiner analysis');
    expect(r.text).toContain(steinerValue('SNA'));
    expect(r.text).toContain('AI landmarks are a reference for medical staff, not a diagnosis.');
    expect(r.text).toContain('Smile Dental');
    expect(r.text).toContain(`Date: ${new Date().toISOString().slice(0, 10)}`);
    expect(r.text).toContain('Uncalibrated: lengths in px');
    // The norm carries footnote 1 (SNA's norm remark), printed under the table.
    expect(r.text).toMatch(/SNA\s+\d+\.\d°\s+82 ± 2°\s*1\s+[+-]\d\.\d\d SD/);
    expect(r.text).toMatch(/1\.\s+some sources ±3/);
    expect(r.text).toMatch(/Page 1 of \d/);
    // The film is embedded as the JPEG it is.
    expect(raw).toMatch(/\/Subtype \/Image[\s\S]{0,200}\/Filter \/DCTDecode/);
    expect((await pdfFonts(r.bytes, outDir)).every((f) => f.embedded)).toBe(true);
  });

  it("uses the user's adjusted landmarks over the model's, and the chosen analysis", async () => {
    // Move A point (cname 4) forward 40 px: SNA grows.
    const modified = { version: 1, landmarks: [{ cname: 4, name: MODEL_OUTPUT_NAMES_V1[4], x: 738, y: 716 }] };
    await updateRecord(tokenA, { modified_result: modified });
    const steiner = await report(tokenA, { chart_id: chart.chartId, analysis_id: 'steiner' });
    expect(steiner.text).toMatch(new RegExp(`SNA\\s+${steinerValue('SNA', { 4: [738, 716] })}`));
    expect(steiner.text).not.toMatch(new RegExp(`SNA\\s+${steinerValue('SNA')}`));
    const downs = await report(tokenA, { chart_id: chart.chartId, analysis_id: 'downs' });
    expect(downs.status).toBe(200);
    expect(downs.text).toContain('Downs analysis');
    const group = await report(tokenA, { chart_id: chart.chartId, measurement_ids: ['ANB', 'SNB'], analysis_name: 'My group' });
    expect(group.text).toContain('My group analysis');
    expect(group.text).toMatch(/^\s*ANB\s/m);
    expect(group.text).not.toMatch(/^\s*SNA\s/m);
    await updateRecord(tokenA, { modified_result: null });
  });

  it("measures in mm with the chart's ruler, else the user's default PPM", async () => {
    await t.ok(tokenA, 'mutation { update_user_config(input: { default_ppm: 10 }) { default_ppm } }');
    expect((await report(tokenA, { chart_id: chart.chartId })).text).toContain('Default PPM, 10.00 px/mm');
    await updateRecord(tokenA, { ruler_info: { version: 1, p1: { x: 100, y: 100 }, p2: { x: 100, y: 300 }, length_mm: 20, ppm: 10 } });
    const ruled = await report(tokenA, { chart_id: chart.chartId, analysis_id: 'mcnamara' });
    expect(ruled.text).toContain('Ruler, 10.00 px/mm');
    expect(ruled.text).toMatch(/-?\d+\.\d mm/);
    await updateRecord(tokenA, { ruler_info: null });
    await t.ok(tokenA, 'mutation { update_user_config(input: { default_ppm: null }) { default_ppm } }');
  });

  it("prints the landmark definitions the film's AI points were placed by, when they are not the model's own", async () => {
    expect((await report(tokenA, { chart_id: chart.chartId })).text).not.toContain('Landmark definitions');
    const definitions = {
      profile: { Po: 'machine', Go: 'constructed', Me: 'isbi' },
      applied: [
        { id: 'Po', choice: 'machine', found: true },
        { id: 'Go', choice: 'constructed', found: false, reason: 'not-on-film' },
        { id: 'Me', choice: 'isbi', found: true },
      ],
    };
    await updateRecord(tokenA, { infer_result: { ...INFER_RESULT, definitions } });
    const text = (await report(tokenA, { chart_id: chart.chartId })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Landmark definitions Machine porion, Constructed gonion not found (AI point used), Menton (ISBI)');
    await updateRecord(tokenA, { infer_result: INFER_RESULT });
  });

  it('prints the labels in the asked language and the patient names exactly, in embedded fonts', async () => {
    const korean = await committedChart(tokenA, '김민지', await plainImage(SIZE.width, SIZE.height));
    await t.createRecord(tokenA, korean.chartRef, { infer_result: INFER_RESULT, img_size: SIZE });
    const en = await report(tokenA, { chart_id: korean.chartId });
    expect(en.status).toBe(200);
    expect(en.text).toContain('김민지');
    expect(en.text).toContain('Cephalometric report');
    const ko = await report(tokenA, { chart_id: korean.chartId, lang: 'ko' });
    expect(ko.text).toContain('세팔로메트릭 분석 리포트');
    expect(ko.text).toContain('Steiner 분석');
    expect(ko.text).toContain('AI 랜드마크는 의료진을 위한 참고 자료이며 진단이 아닙니다.');
    expect(ko.text).toMatch(/1 \/ \d 페이지/);
    const fonts = await pdfFonts(ko.bytes, outDir);
    expect(fonts.map((f) => f.name)).toContain('NotoSansKR-Regular');
    expect(fonts.every((f) => f.embedded)).toBe(true);
    const bad = await report(tokenA, { chart_id: korean.chartId, lang: 'fr' });
    expect([bad.status, bad.json?.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("answers NOT_FOUND, never a PDF, for another user's chart or an unknown one", async () => {
    for (const body of [
      { chart_id: chart.chartId },
      { chart_id: chart.chartId, analysis_id: 'downs' },
      { chart_id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const r = await report(tokenB, body);
      expect([r.status, r.json?.code]).toEqual([404, 'NOT_FOUND']);
      expect(r.text).not.toContain('%PDF');
      expect(r.text).not.toContain('Kim Ceph');
    }
  });

  it('answers REPORT_NO_IMAGE without a cephalogram (or when its file is lost) and REPORT_NO_ANALYSIS without landmarks', async () => {
    const none = await report(tokenA, { chart_id: noImage.chartId });
    expect([none.status, none.json?.code]).toEqual([409, 'REPORT_NO_IMAGE']);
    const noRecord = await report(tokenA, { chart_id: noAnalysis.chartId });
    expect([noRecord.status, noRecord.json?.code]).toEqual([409, 'REPORT_NO_ANALYSIS']);
    await t.createRecord(tokenA, noAnalysis.chartRef, {
      ruler_info: { version: 1, p1: { x: 0, y: 0 }, p2: { x: 0, y: 10 }, length_mm: 1, ppm: 10 },
    });
    const rulerOnly = await report(tokenA, { chart_id: noAnalysis.chartId });
    expect([rulerOnly.status, rulerOnly.json?.code]).toEqual([409, 'REPORT_NO_ANALYSIS']);

    await t.createRecord(tokenA, noImage.chartRef, { infer_result: INFER_RESULT });
    const landmarksOnly = await report(tokenA, { chart_id: noImage.chartId });
    expect([landmarksOnly.status, landmarksOnly.json?.code]).toEqual([409, 'REPORT_NO_IMAGE']);

    const [row] = await t.h.services.database.db
      .select({ path: chartData.path })
      .from(chartData)
      .where(eq(chartData.chartRef, noAnalysis.chartRef));
    await t.h.services.storage.deleteObject(String(row?.path));
    await updateRecordOf(noAnalysis.chartRef, { infer_result: INFER_RESULT });
    const lost = await report(tokenA, { chart_id: noAnalysis.chartId });
    expect([lost.status, lost.json?.code]).toEqual([409, 'REPORT_NO_IMAGE']);
  });

  it('refuses a request without a token, with a bad body or an unknown analysis', async () => {
    expect((await report(null, { chart_id: chart.chartId })).json?.code).toBe('J001');
    const bad = await report(tokenA, { chart_id: 'nope' });
    expect([bad.status, bad.json?.code]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await report(tokenA, { chart_id: chart.chartId, analysis_id: 'astrology' });
    expect([unknown.status, unknown.json?.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badGroup = await report(tokenA, { chart_id: chart.chartId, measurement_ids: ['SNA', 'ZODIAC'] });
    expect([badGroup.status, badGroup.json?.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

async function updateRecordOf(chartRef: number, input: Record<string, unknown>): Promise<void> {
  await save(tokenA, chartRef, input);
}
