import { filmDisplayPatch, reportModelPath, reportModelSchema, type ReportModel } from '@ceppro/contract';
import { DEFAULT_FILM_ADJUSTMENTS } from '@ceppro/ceph';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageHarness, type ImageHarness, type TestChart } from '../images/image-harness';
import { pdfText } from './poppler';
import { FILM_300_SIZE, film300InferResult } from '../fixtures/film-300';
import { mergeDrawingResult } from '../analysis-records/record-saves';

/**
 * The viewer's image panel "printed as used" (issue 28, item 3), through HTTP on a real database: the
 * film display stored with the chart (`drawing_result.film`) is stated in the report model and the
 * PDF, and the PDF's film is drawn with it (inverted when invert is on); a chart without one reports
 * nothing and prints the film as stored.
 */

const SIZE = FILM_300_SIZE;
/** The grey of the film's background: the top-left corner, far from every landmark and outline. */
const GROUND = 40;

let t: ImageHarness;
let token: string;
let chart: TestChart;
let recordId: number;
let outDir: string;

/** A film with a flat dark ground and a lighter ellipse, as a JPEG. */
function film(): Promise<Buffer> {
  const hex = GROUND.toString(16).padStart(2, '0').repeat(3);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}"><rect width="100%" height="100%" ` +
    `fill="#${hex}"/><ellipse cx="480" cy="560" rx="360" ry="430" fill="#8a8a8a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

async function model(lang = 'en'): Promise<ReportModel> {
  const response = await t.h.app.inject({
    method: 'GET',
    url: `${reportModelPath(chart.chartId)}?lang=${lang}&analysis_id=steiner`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return reportModelSchema.parse((JSON.parse(response.body) as { data: unknown }).data);
}

async function pdf(): Promise<Buffer> {
  const response = await t.h.app.inject({
    method: 'POST',
    url: '/api/report/pdf',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ chart_id: chart.chartId, analysis_id: 'steiner', lang: 'en' }),
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** The film embedded in the PDF (pdfkit stores the JPEG as it is, a DCTDecode stream), as grey raw pixels. */
async function pdfFilm(bytes: Buffer): Promise<{ data: Buffer; width: number }> {
  const text = bytes.toString('latin1');
  const filter = text.indexOf('/DCTDecode');
  expect(filter).toBeGreaterThan(0);
  const start = text.indexOf('stream', filter) + 'stream'.length;
  const begin = text[start] === '\r' ? start + 2 : start + 1;
  const end = text.indexOf('endstream', begin);
  const jpeg = bytes.subarray(begin, end);
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

async function setFilmDisplay(patch: Record<string, unknown>): Promise<void> {
  await mergeDrawingResult(t, token, recordId, patch);
}

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('filmdisplay');
  chart = await t.chart(token, { name: 'Kim Film' });
  await t.liveImage(token, chart.chartId, await film());
  recordId = await t.createRecord(token, chart.chartRef, { infer_result: film300InferResult(), img_size: SIZE });
  outDir = await mkdtemp(path.join(tmpdir(), 'ceppro-film-display-'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the report states and applies the film display', () => {
  it('a chart never adjusted: no image settings line, the film as stored', async () => {
    const plain = await model();
    expect(plain.imageSettings ?? null).toBeNull();
    expect(plain.film.adjustments ?? null).toBeNull();
    const bytes = await pdf();
    expect(await pdfText(bytes, outDir)).not.toContain('Image settings');
    const { data } = await pdfFilm(bytes);
    expect(Math.abs((data[0] as number) - GROUND)).toBeLessThanOrEqual(4);
  });

  it('invert and gamma saved with the chart: the model and the PDF state them, the PDF film is inverted', async () => {
    await setFilmDisplay(filmDisplayPatch({ ...DEFAULT_FILM_ADJUSTMENTS, invert: true, gamma: 1.5, sharpen: 30 }));
    const adjusted = await model();
    expect(adjusted.film.adjustments).toMatchObject({ invert: true, gamma: 1.5, sharpen: 30, brightness: 100 });
    expect(adjusted.imageSettings).toBe('brightness 100 %, contrast 100 %, gamma 1.50, inverted, edge enhancement 30 %');
    expect((await model('ja')).imageSettings).toBe('明るさ 100 %、コントラスト 100 %、ガンマ 1.50、白黒反転、エッジ強調 30 %');

    const bytes = await pdf();
    const text = (await pdfText(bytes, outDir)).replace(/\s+/g, ' ');
    expect(text).toContain('Image settings');
    expect(text).toContain('gamma 1.50, inverted');
    // Ground grey 40 -> gamma 1.5: 255·(40/255)^(1/1.5) = 74.4 -> inverted 255 − 74 = 181 (JPEG: a few levels either way).
    const { data } = await pdfFilm(bytes);
    expect(Math.abs((data[0] as number) - 181)).toBeLessThanOrEqual(5);
  });

  it('an older document (version 1 without the newer fields) opens with their defaults; junk is ignored', async () => {
    await setFilmDisplay({ film: { version: 1, invert: true } });
    expect((await model()).film.adjustments).toEqual({ ...DEFAULT_FILM_ADJUSTMENTS, invert: true });
    await setFilmDisplay({ film: { version: 7, invert: true } });
    expect((await model()).imageSettings ?? null).toBeNull();
  });
});
