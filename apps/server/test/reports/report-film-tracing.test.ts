import { growthChoicePatch, reportModelPath, reportModelSchema, type ReportModel } from '@ceppro/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageHarness, type ImageHarness, type TestChart } from '../images/image-harness';
import { mergeDrawingResult } from '../analysis-records/record-saves';
import { FILM_300_SIZE } from '../fixtures/film-300';
import { MANDIBLE_SAG, mandibleFilm, mandibleInferResult } from '../fixtures/mandible-film';
import { pdfText } from './poppler';

/*
 * What the report reads from the film itself (issue 28 items 2 and 4), through HTTP on a real database:
 * the tracing's contours that follow the image (the mandibular border bends with the film, not along the
 * landmark chord), Ricketts' R1-R4 found on the film and Xi built from them (marked constructed, so the
 * lower face height computes), and the chart's stored growth-forecast choice printed with its method and
 * uncertainty in the model and the PDF.
 */

const SIZE = FILM_300_SIZE;
const SAG = MANDIBLE_SAG;

let t: ImageHarness;
let token: string;
let chart: TestChart;
let recordId: number;
let outDir: string;

async function model(): Promise<ReportModel> {
  const response = await t.h.app.inject({
    method: 'GET',
    url: `${reportModelPath(chart.chartId)}?lang=en&analysis_id=ricketts`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return reportModelSchema.parse((JSON.parse(response.body) as { data: unknown }).data);
}

async function pdf(lang: string): Promise<Buffer> {
  const response = await t.h.app.inject({
    method: 'POST',
    url: '/api/report/pdf',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ chart_id: chart.chartId, analysis_id: 'ricketts', lang }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The vertices of an SVG polyline path ("M x y L x y ..."). */
function vertices(d: string): { x: number; y: number }[] {
  const numbers = d.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) out.push({ x: numbers[i] as number, y: numbers[i + 1] as number });
  return out;
}

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('filmtracing');
  chart = await t.chart(token, { name: 'Kim Tracing' });
  await t.liveImage(token, chart.chartId, await mandibleFilm());
  recordId = await t.createRecord(token, chart.chartRef, { infer_result: mandibleInferResult(), img_size: SIZE });
  outDir = await mkdtemp(path.join(tmpdir(), 'ceppro-film-tracing-'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the report traces the film', () => {
  it('draws the mandibular border along the film, not along the Go-Me chord', async () => {
    const m = await model();
    const border = m.film.tracing.find((p) => p.id === 'mandibular-border');
    expect(border, m.film.tracing.map((p) => p.id).join(', ')).toBeDefined();
    const pts = vertices(border?.d ?? '');
    const nearSag = pts.reduce((best, p) => (Math.abs(p.x - SAG.x) < Math.abs(best.x - SAG.x) ? p : best));
    // The chord is at y ≈ 905 there; the film's edge at 925 (a few px of JPEG and smoothing either way).
    expect(Math.abs(nearSag.y - SAG.y)).toBeLessThan(5);
    expect(m.film.tracing.some((p) => p.id === 'ramus')).toBe(true);
  }, 60_000);

  it('places R1-R4 and Xi as constructed points, so the lower face height computes', async () => {
    const m = await model();
    for (const id of ['R1', 'R2', 'R3', 'R4', 'Xi']) {
      const point = m.landmarks.find((l) => l.id === id);
      expect(point, id).toBeDefined();
      expect(point?.constructed, id).toBe(true);
    }
    const lfh = m.rows.find((r) => r.id === 'LOWER_FACE_HEIGHT');
    expect(lfh?.value, JSON.stringify(lfh)).toMatch(/^\d+(\.\d+)?°$/);
  }, 60_000);
});

describe("the chart's growth-forecast choice", () => {
  it('is absent from the report until one is stored, then printed with its method and uncertainty', async () => {
    expect((await model()).growth ?? null).toBeNull();
    await mergeDrawingResult(t, token, recordId, growthChoicePatch({ years: 3, shown: false }));
    const m = await model();
    expect(m.growth?.years).toBe(3);
    expect(m.growth?.shown).toBe(false);
    // The patient was born in 1990: the forecast does not apply, and the report says so.
    expect(m.growth?.refusal).toBe('adult');
    const text = (await pdfText(await pdf('en'), outDir)).replace(/\s+/g, ' ');
    expect(text).toContain('Growth forecast');
    expect(text).toContain('3 years ahead chosen (not shown on the film)');
    expect(text).toContain('Method: mean yearly increments of the Michigan growth standards');
    expect(text).toContain('Uncertainty: a mean forecast');
    expect(text).toContain('Riolo ML');
    const korean = (await pdfText(await pdf('ko'), outDir)).replace(/\s+/g, ' ');
    expect(korean).toContain('성장 예측');
    expect(korean).toContain('3년 후 선택 (필름 위에 표시하지 않음)');
  }, 120_000);
});
