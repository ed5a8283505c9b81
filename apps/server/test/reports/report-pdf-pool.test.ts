import { MEASUREMENTS } from '@ceppro/ceph';
import { buildReportModel, reportAnalysis, type ReportModel } from '@ceppro/contract';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeReportImage, type ReportFilmImage } from '../../src/features/reports/report-image';
import { renderReportPdf } from '../../src/features/reports/report-pdf';
import { REPORT_PDF } from '../../src/features/reports/report-pdf-kind';
import { PdfPool, type PdfPoolOptions } from '../../src/pdf/pdf-pool';
import { FILM_300_SIZE, film300Landmarks } from '../fixtures/film-300';

/**
 * The PDF pool's worker threads (report-pdf-pool.ts) making reports: the same bytes as in this thread, a PDF
 * over its time budget refused with the thread ended and the next PDF made by a fresh one, and
 * the event loop free while a large report is laid out.
 */

const NOW = new Date('2026-01-15T09:00:00Z');
const everything = reportAnalysis({ measurement_ids: MEASUREMENTS.map((m) => m.id), analysis_name: 'Everything' });

/** The largest table there is (every measurement, footnotes over several pages), in Korean. */
function largeModel(): ReportModel {
  if (!everything) throw new Error('no analysis');
  return buildReportModel(
    {
      now: NOW,
      clinic: 'Smile Dental',
      patient: { firstName: '홍길동', patientId: 'P-0042', birthInfo: '2012-06-01', gender: true },
      chart: { chartId: '3f1c2a9e-5b7d-4e21-9c3a-1d2e3f4a5b6c', shootDate: '2026-01-10' },
      analysisId: everything.id,
      record: {
        inferResult: { version: 1, model: { id: 'test', version: '1' }, landmarks: film300Landmarks() },
        modifiedResult: null,
        rulerInfo: null,
        imgSize: FILM_300_SIZE,
      },
      defaultPpm: 10,
      lang: 'ko',
    },
    everything,
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The longest stall of this thread's event loop (ms) over three runs of `work`, each followed by a
 * pause: the sampling timer only records a stall once it fires after it.
 */
async function maxDelayMs(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  for (let i = 0; i < 3; i += 1) {
    await work();
    await pause(30);
  }
  histogram.disable();
  return histogram.max / 1e6;
}

let model: ReportModel;
let film: ReportFilmImage;
/** The app's worker entry: the thread knows every PDF kind (reports, invoices, the manual). */
const ENTRY = new URL('../../src/pdf-worker-entry.mjs', import.meta.url);
const newPool = (options: PdfPoolOptions) => new PdfPool(ENTRY, options);
const pool = newPool({ threads: 1, budgetMs: 60_000 });
const pooledReport = (p: PdfPool) => p.render(REPORT_PDF, { model, film, now: NOW });

beforeAll(async () => {
  model = largeModel();
  const { width, height } = FILM_300_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%"/></svg>`;
  film = await composeReportImage(await sharp(Buffer.from(svg)).jpeg().toBuffer(), model);
});
afterAll(async () => {
  await pool.close();
});

describe('the report PDF pool', () => {
  it('makes the same PDF as rendering in this thread, and leaves the caller its film', async () => {
    const filmBytes = Buffer.from(film.bytes);
    const [inThread, pooled] = [await renderReportPdf(model, film, NOW), await pooledReport(pool)];
    expect(pooled.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pooled.equals(inThread)).toBe(true);
    expect(film.bytes.equals(filmBytes)).toBe(true);
    expect(pool.threads).toBe(1);
    expect(pool.madeByWorkers).toBe(1);
  });

  it('refuses a PDF that holds its thread past the budget (REPORT_TIMEOUT, 503), ends the thread, and makes the next one', async () => {
    const options = { threads: 1, budgetMs: 1 };
    const tight = newPool(options);
    try {
      await expect(pooledReport(tight)).rejects.toMatchObject({
        code: 'REPORT_TIMEOUT',
        status: 503,
        message: expect.stringMatching(/within 0\.001 s/),
      });
      expect(tight.threads).toBe(0);
      options.budgetMs = 60_000;
      const pdf = await pooledReport(tight);
      expect(pdf.equals(await renderReportPdf(model, film, NOW))).toBe(true);
      expect(tight.threads).toBe(1);
    } finally {
      await tight.close();
    }
  });

  it('keeps the event loop free while a large report is laid out (max delay far below rendering in this thread)', async () => {
    await pooledReport(pool); // the thread started and its modules loaded
    const inThread = await maxDelayMs(() => renderReportPdf(model, film, NOW));
    const pooled = await maxDelayMs(() => pooledReport(pool));
    console.info(`report PDF event-loop max delay: in-thread ${inThread.toFixed(0)} ms, pool ${pooled.toFixed(0)} ms`);
    expect(pooled * 4).toBeLessThan(inThread);
  });

  it('fails the PDFs waiting and running when closed', async () => {
    const closing = newPool({ threads: 1, budgetMs: 60_000 });
    const pending = Promise.allSettled([pooledReport(closing), pooledReport(closing)]);
    await closing.close();
    expect((await pending).map((r) => (r.status === 'rejected' ? String(r.reason) : 'made'))).toEqual(
      Array(2).fill('Error: The PDF pool was closed.'),
    );
    expect(closing.threads).toBe(0);
  });
});
