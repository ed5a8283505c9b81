import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAtLeast } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { PatientsApi, cephalogramPath } from '../src/patients-api.ts';
import { pdfPagePng, pdfText, printToPdf } from '../src/pdf-files.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';
import type { StoredLandmark } from '@ceppro/contract';

/**
 * The viewer's Superimposition tab (spec: 2 to 4 films, white/red/blue/green from the oldest): a
 * patient with a dataset film and a rotated, shifted copy of it whose landmarks are the first
 * film's moved the same way superimposes with no movement; one film shows the spec's message; the
 * choice survives a reload; the superimposition is in the printed report and the server PDF.
 */

const screensDir = process.env.E2E_SCREENS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../tmp/screens');
const ANGLE_DEG = 4;
const SHIFT = { x: 50, y: 30 };

/** The film rotated ANGLE_DEG clockwise (canvas grown to fit, as libvips does) then shifted; and the map of a point. */
async function movedCopy(file: string, out: string): Promise<(p: { x: number; y: number }) => { x: number; y: number }> {
  const meta = await sharp(file).metadata();
  const rotated = await sharp(file).rotate(ANGLE_DEG, { background: '#000' }).toBuffer({ resolveWithObject: true });
  const moved = await sharp(rotated.data)
    .extend({ top: SHIFT.y, left: SHIFT.x, bottom: 0, right: 0, background: '#000' })
    .jpeg({ quality: 90 })
    .toBuffer();
  writeFileSync(out, moved);
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const cos = Math.cos((ANGLE_DEG * Math.PI) / 180);
  const sin = Math.sin((ANGLE_DEG * Math.PI) / 180);
  return ({ x, y }) => {
    const dx = x - w / 2;
    const dy = y - h / 2;
    return { x: cos * dx - sin * dy + rotated.info.width / 2 + SHIFT.x, y: sin * dx + cos * dy + rotated.info.height / 2 + SHIFT.y };
  };
}

async function chartRecord(
  api: PatientsApi,
  uuid: string,
): Promise<{ recordId: number; cephId: number; revision: number; landmarks: StoredLandmark[] }> {
  const { charts } = await api.graphql<{
    charts: Array<{ analysis_record_id: number | null; chart_data: Array<{ id: number; image_type_cd: string }> }>;
  }>('query($u: String!) { charts(filter: { uuid: $u }) { analysis_record_id chart_data { id image_type_cd } } }', { u: uuid });
  const chart = charts[0];
  expectTruthy(chart?.analysis_record_id, 'the chart has an analysis record');
  const ceph = chart.chart_data.find((d) => d.image_type_cd === '00700');
  expectTruthy(ceph, 'the chart has a cephalogram');
  const { analysis_records } = await api.graphql<{
    analysis_records: { items: Array<{ revision: number; infer_result: { landmarks: StoredLandmark[] } | null }> };
  }>('query($id: Int!) { analysis_records(filter: { id: $id }) { items { revision infer_result } } }', { id: chart.analysis_record_id });
  const record = analysis_records.items[0];
  expectTruthy(record?.infer_result, 'the AI found landmarks');
  return { recordId: chart.analysis_record_id, cephId: ceph.id, revision: record.revision, landmarks: record.infer_result.landmarks };
}

async function openTab(page: Page): Promise<void> {
  await page.getByTestId('viewer-image').waitFor();
  await page.getByTestId('panel-tab-superimposition').click();
  await page.getByTestId('superimposition-panel').waitFor();
}

/** Before a screenshot: the film drawn and every thumbnail and blended film loaded. */
async function settled(page: Page): Promise<void> {
  await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
  // Loaded is the images' own state, not an attribute: polled.
  await expect
    .poll(
      () =>
        page
          .locator('.superimposition-film__thumb img')
          .evaluateAll((els) => els.every((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)),
      { message: 'thumbnails loaded', timeout: 15_000 },
    )
    .toBe(true);
}

async function movementDistances(page: Page): Promise<number[]> {
  const rows = page.getByTestId('movement-row');
  await expectAtLeast(rows, 10, { message: 'movement table filled', timeout: 30_000 });
  return rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-distance'))));
}

test(
  'superimposition: a rotated, shifted copy superimposes with no movement; one film shows the message; kept over reload; printed',
  async (t) => {
    const { user, api } = await datasetUser(t, 'superimposition');
    const film = cephalogramPath(1);
    const first = await api.createPatient(
      { first_name: 'Super Park', birth_info: '2008-02-10', gender: false },
      { ceph: film, shootDate: '2020-03-02' },
    );
    mkdirSync(screensDir, { recursive: true });
    const copyPath = join(screensDir, 'superimposition-moved-copy.jpg');
    const move = await movedCopy(film, copyPath);
    const second = await api.addChart(first.patientId, { ceph: copyPath, shootDate: '2022-09-15' });

    // The copy's landmarks: the first film's, moved exactly as its pixels were.
    const a = await chartRecord(api, first.chartUuid);
    const b = await chartRecord(api, second.chartUuid);
    const moved = a.landmarks.map(({ cname, name, x, y }) => ({ cname, name, ...move({ x, y }) }));
    await api.graphql(
      'mutation($id: Int!, $input: AnalysisRecordInput!, $base: Int!) { update_analysis_record(id: ' +
        '$id, input: $input, base_revision: $base) { id } }',
      {
        id: b.recordId,
        input: { modified_result: { version: 2, image: { chart_data_id: b.cephId }, landmarks: moved } },
        base: b.revision,
      },
    );

    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${second.chartUuid}`);
    await openTab(page);

    // Only this film chosen: the spec's message, no table.
    await page.getByText('Select at least 2 X-ray images.').waitFor();
    await expect(page.getByTestId('movement-row')).toHaveCount(0);

    await page.getByTestId(`superimposition-film-${first.chartId}`).click();
    await page.getByTestId('superimposition-too-few').waitFor({ state: 'detached' });
    const snDistances = await movementDistances(page);
    expectTruthy(
      snDistances.every((d) => d < 0.05),
      `SN at S: no landmark moves (max ${Math.max(...snDistances)})`,
    );
    const legend = page.getByTestId('superimposition-legend').locator('li');
    await expect.poll(() => legend.evaluateAll((els) => els.map((el) => el.getAttribute('data-colour')))).toStrictEqual(['white', 'red']);
    await expect(legend.first()).toContainText(/2020-03-02/);
    await page.getByTestId('superimposed-white').waitFor();
    await page.getByTestId('superimposed-red').waitFor();

    await page.getByTestId('superimposition-method-best-fit').check();
    await expect(page.getByTestId('superimposition-legend'), 'the best-fit superimposition shown').toHaveAttribute(
      'data-method',
      'best-fit',
      { timeout: 30_000 },
    );
    const fitDistances = await movementDistances(page);
    expectTruthy(
      fitDistances.every((d) => d < 0.05),
      `best fit: no landmark moves (max ${Math.max(...fitDistances)})`,
    );
    await page.getByTestId('superimposition-blending').check();
    await page.getByTestId('superimposition-blend').locator('image').waitFor();
    // The blended film is placed by the answer's transform: the older film's S lands on this film's S.
    const matrix =
      ((await page.getByTestId('superimposition-blend').locator('image').getAttribute('transform')) ?? '')
        .match(/-?[\d.e-]+/g)
        ?.map(Number) ?? [];
    const [ma = 0, mb = 0, mc = 0, md = 0, mtx = 0, mty = 0] = matrix;
    // cname 0 is sella in the model's output order.
    const sOld = a.landmarks.find((l) => l.cname === 0);
    const sNew = moved.find((l) => l.cname === 0);
    expectTruthy(sOld && sNew, 'both films have S');
    const placed = { x: ma * sOld.x + mc * sOld.y + mtx, y: mb * sOld.x + md * sOld.y + mty };
    expect(
      Math.hypot(placed.x - sNew.x, placed.y - sNew.y),
      `blended film aligned at S (${JSON.stringify(placed)} vs ${JSON.stringify(sNew)})`,
    ).toBeLessThan(0.5);
    await settled(page);
    await t.screenshot(page, 'superimposition-en');
    await page.getByTestId('movement-table').scrollIntoViewIfNeeded();
    await t.screenshot(page, 'superimposition-en-table');

    // The choice is stored on the record: a reload shows the same films and method.
    await page.reload();
    await openTab(page);
    await expect(
      page.getByTestId(`superimposition-film-${first.chartId}`).locator('input'),
      'the older film is still chosen',
    ).toBeChecked();
    await expect(page.getByTestId('superimposition-method-best-fit'), 'best fit is still the method').toBeChecked();
    await expect(page.getByTestId('superimposition-blending'), 'blending is still on').toBeChecked();
    expectTruthy((await movementDistances(page)).every((d) => d < 0.05));

    // Printed report: the superimposition section with its legend and table.
    await page.getByTestId('panel-tab-report').click();
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByTestId('superimposition-print').waitFor({ state: 'attached' });
    const printedPath = join(screensDir, 'superimposition-print.pdf');
    await printToPdf(page, printedPath);
    const printedText = pdfText(printedPath);
    expect(printedText).toMatch(/Superimposition/);
    expect(printedText).toMatch(/Best fit on the anterior cranial base/);
    expect(printedText).toMatch(/2020-03-02 -> 2022-09-15/); // the report model's caption, as in the PDF
    expect(printedText).toMatch(/\bS\s+0\.00\s+0\.00\s+0\.00/);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.getByTestId('download-pdf').click()]);
    const serverPath = join(screensDir, 'superimposition-server-report.pdf');
    await download.saveAs(serverPath);
    const bytes = readFileSync(serverPath);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const serverText = pdfText(serverPath);
    expect(serverText, 'the server PDF has the superimposition page').toMatch(/Superimposition/);
    expect(serverText).toMatch(/Method: Best fit on the anterior cranial base/);
    expect(serverText).toMatch(/2020-03-02 -> 2022-09-15/);
    expect(serverText).toMatch(/\bS\s+0\.00\s+0\.00\s+0\.00/);
    pdfPagePng(serverPath, 2, screensDir, 'superimposition-server-page2');
    // Every landmark as an appendix only when asked for, in the Report tab (off by default).
    expect(serverText, 'no appendix unless asked').not.toContain('Appendix: every landmark');
    const appendix = page.getByTestId('report-superimposition-appendix');
    await expect(appendix).not.toBeChecked();
    await appendix.check();
    await t.screenshot(page, 'report-appendix-en');
    const [withAppendix] = await Promise.all([
      page.waitForEvent('download', { timeout: 45_000 }),
      page.getByTestId('download-pdf').click(),
    ]);
    const appendixPath = join(screensDir, 'superimposition-appendix-report.pdf');
    await withAppendix.saveAs(appendixPath);
    expect(pdfText(appendixPath)).toMatch(/Appendix: every landmark/);

    // Another language: the tab and the message translated.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ja'));
    await page.reload();
    await openTab(page);
    await movementDistances(page);
    await settled(page);
    await t.screenshot(page, 'superimposition-ja');
    await page.getByTestId('panel-tab-report').click();
    await page.getByTestId('report-superimposition-appendix').waitFor();
    await t.screenshot(page, 'report-appendix-ja');
    await openTab(page);
    await page.getByTestId(`superimposition-film-${first.chartId}`).click();
    await page.getByText('X線画像を2枚以上選択してください。').waitFor();
    await expect(page.getByTestId('movement-row'), 'one film: no table').toHaveCount(0);
    await t.screenshot(page, 'superimposition-ja-one-film');
  },
  { timeoutMs: 240_000 },
);
