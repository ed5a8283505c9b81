import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Download, type Page } from '@playwright/test';
import { csvRecords, xlsxRecords } from '../../apps/server/test/helpers/export-files.ts';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { skip, test } from '../src/harness.ts';
import { PatientsApi, cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';

/**
 * Exports: on a dataset film the Analysis tab downloads the measurements as CSV (BOM, Korean name
 * intact, values equal to the table's) and XLSX (read back with exceljs) and the landmarks as JSON
 * (AI and adjusted side by side); the patient list downloads a batch export of both patients
 * (Korean and Vietnamese names intact) with progress events over the page's socket.
 */

const FLOW = { timeoutMs: 180_000 };
const BOM = '\uFEFF';

async function saved(download: Download, dir: string): Promise<Buffer> {
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return readFileSync(path);
}

/** The analysis table's full-precision values by measurement id (the row's data-value). */
async function tableValues(page: Page): Promise<Map<string, number>> {
  const pairs = await page
    .getByTestId('analysis-row')
    .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-id') ?? '', r.getAttribute('data-value') ?? ''] as const));
  return new Map(pairs.filter(([, v]) => v !== '').map(([id, v]) => [id, Number(v)]));
}

test(
  'exports: the viewer downloads CSV, XLSX and landmarks JSON of a dataset film; the list downloads a batch export',
  async (t) => {
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const dir = process.env.E2E_SCREENS_DIR ?? join(process.cwd(), 'tmp/screens');
    const user = newUser('exports');
    await createActivatedUser(t.baseUrl, user);
    const api = new PatientsApi(t.baseUrl, user);
    await api.login();
    const korean = await api.createPatient(
      { first_name: '홍길동', birth_info: '2010-03-04', gender: false },
      { ceph: cephalogramPath(0), shootDate: '2025-11-03' },
    );
    const vietnamese = await api.createPatient(
      { first_name: 'Nguyễn Văn Đức', birth_info: '2009-07-08', gender: false },
      { ceph: cephalogramPath(1), shootDate: '2025-10-02' },
    );

    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${korean.chartUuid}`);
    await expectAiLandmarks(page, 30_000);
    await page.getByTestId('panel-tab-analysis').click();
    await page.getByTestId('chart-exports').waitFor();
    await expect(page.getByTestId('analysis-row').nth(5), 'analysis rows (more than 5)').toBeAttached();
    const table = await tableValues(page);
    await page.getByTestId('chart-exports').scrollIntoViewIfNeeded();
    await t.screenshot(page, 'exports-viewer-en');

    // CSV of the selected analysis (Steiner by default): BOM, the name intact, the table's values.
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csvDownload.suggestedFilename()).toBe(`ceppro-measurements-${korean.chartId}.csv`);
    const csvBytes = await saved(csvDownload, dir);
    expect([...csvBytes.subarray(0, 3)], 'UTF-8 BOM first').toStrictEqual([0xef, 0xbb, 0xbf]);
    const csv = csvRecords(csvBytes.toString('utf8').slice(BOM.length));
    await expect(page.getByTestId('analysis-row'), 'one row per table row').toHaveCount(csv.length);
    let compared = 0;
    for (const row of csv) {
      expect(row['patient_name']).toBe('홍길동');
      expect(row['shoot_date']).toBe('2025-11-03');
      expect(row['model_version'] !== '', 'the model version is named').toBe(true);
      const shown = table.get(row['measurement_id'] ?? '');
      if (shown === undefined) continue;
      expect(Math.abs(Number(row['value']) - shown), `${row['measurement_id']}: export ${row['value']} vs table ${shown}`).toBeLessThan(
        1e-4,
      );
      compared++;
    }
    expect(compared, `compared ${compared} values with the table`).toBeGreaterThan(5);

    // XLSX of every analysis, read back with exceljs.
    await page.getByTestId('export-all-analyses').check();
    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    expect(xlsxDownload.suggestedFilename()).toBe(`ceppro-measurements-${korean.chartId}.xlsx`);
    const xlsx = await xlsxRecords(await saved(xlsxDownload, dir));
    expect(new Set(xlsx.map((r) => r['analysis'])).size, 'all analyses in the workbook').toBeGreaterThan(5);
    const sna = xlsx.find((r) => r['measurement_id'] === 'SNA' && r['analysis'] === 'Steiner');
    expectTruthy(
      sna && typeof sna['value'] === 'number' && Math.abs((sna['value'] as number) - (table.get('SNA') ?? NaN)) < 1e-4,
      'SNA in the workbook equals the table',
    );
    expect(sna?.['patient_name']).toBe('홍길동');

    // Landmarks JSON: AI positions with confidence, model, image size; nothing adjusted yet.
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-landmarks').click()]);
    expect(jsonDownload.suggestedFilename()).toBe(`ceppro-landmarks-${korean.chartId}.json`);
    const doc = JSON.parse((await saved(jsonDownload, dir)).toString('utf8')) as {
      image: { width: number; height: number } | null;
      model: { version: string } | null;
      landmarks: Array<{ source: string; ai: { x: number; confidence: number } | null; adjusted: unknown }>;
    };
    expectTruthy(doc.image && doc.image.width > 0 && doc.image.height > 0, 'image size');
    expectTruthy(doc.model?.version, 'model version');
    const ai = doc.landmarks.filter((l) => l.source === 'AI');
    expect(ai.length, 'every AI landmark').toBeGreaterThanOrEqual(19);
    expectTruthy(
      ai.every((l) => l.ai !== null && l.adjusted === null),
      'AI positions, none adjusted',
    );
    // The rest are the points constructed from them (A', B', stomion, ...): no AI position, not adjusted.
    expectTruthy(
      doc.landmarks.every((l) => l.source === 'AI' || (l.source === 'constructed' && l.ai === null && l.adjusted === null)),
      'only AI and constructed points',
    );

    // Batch from the patient list: both patients, progress events over the page's socket.
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.goto('/list/0');
    await page.getByTestId('patient-row').first().waitFor();
    await page.getByTestId('batch-export-open').click();
    await page.getByTestId('batch-export').waitFor();
    await t.screenshot(page, 'exports-list-en');
    const [batchDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-export-csv').click()]);
    expect(batchDownload.suggestedFilename()).toMatch(/^ceppro-measurements-\d{4}-\d{2}-\d{2}\.csv$/);
    const batchBytes = await saved(batchDownload, dir);
    expect(batchBytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const batch = csvRecords(batchBytes.toString('utf8').slice(BOM.length));
    expect(new Set(batch.map((r) => r['patient_name']))).toStrictEqual(new Set(['홍길동', 'Nguyễn Văn Đức']));
    expect(new Set(batch.map((r) => r['chart_id']))).toStrictEqual(new Set([korean.chartId, vietnamese.chartId]));
    expect(batch.length, 'every measurement of every analysis for both charts').toBe(2 * xlsx.length);
    await page.getByTestId('batch-export-done').waitFor();
    // WebSocket frames the page received (not DOM): polled.
    await expect
      .poll(() => frames.some((f) => f.includes('"export.progress"') && f.includes('"done":2') && f.includes('"total":2')), {
        message: 'progress events over the socket',
      })
      .toBe(true);
    await t.screenshot(page, 'exports-list-done-en');

    // The same panel in Korean, XLSX of this page's patients.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.reload();
    await page.getByTestId('batch-export-open').click();
    await page.getByTestId('batch-scope-page').check();
    await t.screenshot(page, 'exports-list-ko');
    const [pageDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-export-xlsx').click()]);
    const pageRows = await xlsxRecords(await saved(pageDownload, dir));
    expect(new Set(pageRows.map((r) => r['patient_name']))).toStrictEqual(new Set(['홍길동', 'Nguyễn Văn Đức']));
    await page.goto(`/viewer/${vietnamese.chartUuid}`);
    await page.getByTestId('panel-tab-analysis').click();
    await page.getByTestId('chart-exports').scrollIntoViewIfNeeded();
    await t.screenshot(page, 'exports-viewer-ko');
  },
  FLOW,
);
