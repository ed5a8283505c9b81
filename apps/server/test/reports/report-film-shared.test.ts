import { landmarkIdFromName, readFilm, type DecodedFilm } from '@ceppro/ceph';
import { growthChoicePatch, reportModelSchema, type ReportModel } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../src/db/schema/patients';
import { createReportRepository } from '../../src/features/reports/report.repository';
import { createReportService } from '../../src/features/reports/report.service';
import { FILM_TRACING, traceReportFilm } from '../../src/features/reports/report-film-tracing';
import { renderInThread, type PdfRender } from '../../src/pdf/pdf-pool';
import { createImageHarness, type ImageHarness, type TestChart } from '../images/image-harness';
import { mergeDrawingResult, saveRecordDocuments } from '../analysis-records/record-saves';
import { FILM_300_SIZE } from '../fixtures/film-300';
import { mandibleFilm, mandibleInferResult } from '../fixtures/mandible-film';
import { pdfText } from './poppler';

/*
 * Issue 28, the review of the reports: the viewer and the print show the same R1-R4 (one reading of the
 * film, packages/ceph `readFilm`, on the same decoded pixels), an estimated point is said to be one in
 * the printed report, the film is traced once for the model and the PDF of the same landmarks, and a
 * child's growth forecast is drawn over today's tracing on a calibrated film.
 */

const SIZE = FILM_300_SIZE;

/** A film with no borders at all: every ramus point falls back to the population estimate. */
function flatFilm(): Promise<Buffer> {
  return sharp({ create: { width: SIZE.width, height: SIZE.height, channels: 3, background: '#606060' } })
    .jpeg()
    .toBuffer();
}

const inferResult = mandibleInferResult;

/** The fixture's points by registry id, as the viewer's landmark store holds them. */
function positionsOf(landmarks: ReturnType<typeof inferResult>['landmarks']): Record<string, { x: number; y: number }> {
  const out: Record<string, { x: number; y: number }> = {};
  for (const l of landmarks) {
    const id = landmarkIdFromName(l.name);
    if (id) out[id] = { x: l.x, y: l.y };
  }
  return out;
}

let t: ImageHarness;
let token: string;
let userId: number;
let outDir: string;

async function userIdOf(tokenOf: string): Promise<number> {
  const me = await t.ok<{ users: Array<{ uuid: string }> }>(tokenOf, '{ users { uuid } }');
  const row = await t.h.services.database.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.uuid, me.users[0]?.uuid ?? '') });
  if (!row) throw new Error('no user');
  return row.id;
}

async function chartWith(
  film: Buffer,
  name: string,
  record: Record<string, unknown> = {},
): Promise<{ chart: TestChart; recordId: number; imageId: number }> {
  const chart = await t.chart(token, { name });
  const imageId = await t.liveImage(token, chart.chartId, film);
  const recordId = await t.createRecord(token, chart.chartRef, { infer_result: inferResult(), img_size: SIZE, ...record });
  return { chart, recordId, imageId };
}

/** A report service of its own whose renderPdf counts the film tracings it is asked for. */
function countingService() {
  const counter = { tracings: 0 };
  const renderPdf: PdfRender = (kind, input) => {
    if (kind.name === FILM_TRACING.name) counter.tracings += 1;
    return renderInThread(kind, input);
  };
  const service = createReportService({
    reports: createReportRepository(t.h.services.database.db),
    storage: t.h.services.storage,
    renderPdf,
  });
  return { service, counter };
}

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('filmshared');
  userId = await userIdOf(token);
  outDir = await mkdtemp(path.join(tmpdir(), 'ceppro-film-shared-'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the viewer and the report read the film the same way', () => {
  it("gives the report's R1-R4 and contours for the pixels the viewer's worker hands packages/ceph readFilm", async () => {
    const bytes = await mandibleFilm();
    const positions = positionsOf(inferResult().landmarks);
    const server = await traceReportFilm({ bytes, space: SIZE, positions });
    // The browser's worker decodes to RGBA (canvas getImageData); sharp gives one grey channel for this film.
    const rgba = await sharp(bytes).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(rgba.info.channels).toBe(4);
    const decoded: DecodedFilm = { width: rgba.info.width, height: rgba.info.height, channels: 4, data: rgba.data };
    const viewer = readFilm(decoded, SIZE, positions);
    expect(viewer.ramus).not.toBeNull();
    for (const id of ['R1', 'R2', 'R3', 'R4'] as const) {
      expect(server.found[id], id).toEqual({ x: viewer.ramus?.points[id].x, y: viewer.ramus?.points[id].y });
      expect(server.foundSource[id], id).toBe(viewer.ramus?.source[id]);
    }
    expect(JSON.parse(JSON.stringify(server.contours))).toEqual(JSON.parse(JSON.stringify(viewer.contours)));
    // At least one ramus point is read from this film (not the estimate), so the equality covers the image search.
    expect(Object.values(server.foundSource)).toContain('image');
  }, 60_000);
});

describe('the film is traced once per film and landmark set', () => {
  it('reuses the tracing for the model and the PDF, and traces again after a landmark moves', async () => {
    const { chart, recordId, imageId } = await chartWith(await mandibleFilm(), 'Kim Cache');
    const { service, counter } = countingService();
    const request = { chart_id: chart.chartId, analysis_id: 'ricketts', lang: 'en' as const };
    const first = await service.model(userId, request);
    expect(counter.tracings).toBe(1);
    const second = await service.model(userId, request);
    const pdf = await service.pdf(userId, request);
    expect(counter.tracings).toBe(1);
    expect(second.landmarks).toEqual(first.landmarks);
    expect(pdf.model.film.tracing).toEqual(first.film.tracing);
    // Another landmark set (the user moved Go) is another tracing.
    const moved = { version: 2, image: { chart_data_id: imageId }, landmarks: [{ cname: 9, name: 'Gonion', x: 396, y: 846 }] };
    await saveRecordDocuments(t, token, recordId, { modified_result: moved });
    const after = await service.model(userId, request);
    expect(after.landmarks.find((l) => l.id === 'Go')).toMatchObject({ x: 396, y: 846, edited: true });
    expect(counter.tracings).toBe(2);
  }, 120_000);
});

describe('estimated points in the printed report', () => {
  it('marks R1-R4 and Xi as estimates on a film without borders and names them under the film, in five languages', async () => {
    const { chart } = await chartWith(await flatFilm(), 'Kim Estimate');
    const { service } = countingService();
    const request = { chart_id: chart.chartId, analysis_id: 'ricketts' };
    const m = await service.model(userId, { ...request, lang: 'en' });
    for (const id of ['R1', 'R2', 'R3', 'R4', 'Xi']) expect(m.landmarks.find((l) => l.id === id)?.estimate, id).toBe(true);
    expect(m.landmarks.find((l) => l.id === 'DC')?.estimate).toBeUndefined();
    const expected: Record<string, string> = {
      en: 'Population estimates, not found on this film',
      ko: '이 필름에서 찾지 못한 집단 추정값',
      ja: 'このフィルムでは見つからなかった集団推定値',
      zh: '人群估计值，未在此片子上找到',
      vi: 'Ước lượng theo quần thể, không tìm thấy trên phim này',
    };
    for (const [lang, words] of Object.entries(expected)) {
      const { pdf } = await service.pdf(userId, { ...request, lang: lang as ReportModel['lang'] });
      const text = (await pdfText(pdf, outDir)).replace(/\s+/g, ' ');
      expect(text, lang).toContain(words.replace(/\s+/g, ' '));
      expect(text, lang).toMatch(/R1, R2, R3, R4, Xi/);
    }
  }, 240_000);
});

describe("a child's growth forecast drawn on a calibrated film", () => {
  it('draws the forecast over the tracing with its legend, and leaves it out on an uncalibrated film', async () => {
    const ruler = { version: 1, p1: { x: 100, y: 100 }, p2: { x: 100, y: 300 }, length_mm: 20, ppm: 10 };
    const { chart, recordId } = await chartWith(await mandibleFilm(), 'Kim Growth', { ruler_info: ruler });
    await t.h.services.database.db
      .update(patients)
      .set({ birthInfo: '2014-03-01', gender: false })
      .where(eq(patients.id, chart.patientRef));
    await mergeDrawingResult(t, token, recordId, growthChoicePatch({ years: 3, shown: true }));
    const { service } = countingService();
    const request = { chart_id: chart.chartId, analysis_id: 'steiner' };
    const m = reportModelSchema.parse(await service.model(userId, { ...request, lang: 'en' }));
    expect(m.growth?.refusal, JSON.stringify(m.growth)).toBeNull();
    const drawing = m.growth?.drawing;
    expect(drawing?.outlines.length).toBeGreaterThan(0);
    const menton = drawing?.points.find((p) => p.label === 'Me');
    // Three years of growth move menton down and forward from where it is today (film 300's Me at 646, 969).
    expect(menton?.to.y).toBeGreaterThan(menton?.from.y ?? Infinity);
    expect(menton?.sdX).toBeGreaterThan(0);
    for (const [lang, caption, legend] of [
      ['en', 'Forecast at age 13 (blue, dashed)', 'Michigan mean yearly increments'],
      ['ko', '13세 예측 (파란색 점선)', '미시간 연평균 증가량'],
    ] as const) {
      const { pdf } = await service.pdf(userId, { ...request, lang });
      const text = (await pdfText(pdf, outDir)).replace(/\s+/g, ' ');
      expect(text, lang).toContain(caption);
      expect(text, lang).toContain(legend);
      // For a look at the page (pdftoppm): REPORT_SHOTS_DIR=<dir> keeps the PDFs.
      const shots = process.env['REPORT_SHOTS_DIR'];
      if (shots) await writeFile(path.join(shots, `growth-${lang}.pdf`), pdf);
    }
    // The same chart without its ruler: the forecast refuses an uncalibrated film, and nothing is drawn.
    await saveRecordDocuments(t, token, recordId, { ruler_info: null });
    const bare = await service.model(userId, { ...request, lang: 'en' });
    expect(bare.growth?.refusal).toBe('uncalibrated');
    expect(bare.growth?.drawing ?? null).toBeNull();
  }, 240_000);
});
