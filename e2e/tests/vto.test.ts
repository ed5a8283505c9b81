import { imagePoint, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import { storedAiLandmarkId } from '@ceppro/contract';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { facePhoto, noFacePhoto, placeProfile } from '../../apps/server/test/planning/face-photo.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { PatientsApi, cephalogramPath } from '../src/patients-api.ts';
import { pdfPagePng, pdfText, printToPdf } from '../src/pdf-files.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { datasetUser, threeStagePoints } from '../src/viewer-steps.ts';

/**
 * The viewer's VTO/STO tab on a dataset film: a facial photo drawn from the film's own soft-tissue
 * profile is auto-aligned; a plan moving Pogonion 5 mm forward with the soft-chin ratio at 0.95 moves
 * soft-tissue pogonion 4.75 mm (shown and stored), survives a reload, is printed and is in the
 * server PDF; a flat grey photo is not recognized and the manual three-point alignment aligns it; a chart without a photo
 * shows "No facial image".
 */

const screensDir = process.env.E2E_SCREENS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../tmp/screens');

interface StoredVto {
  data: { movements: Record<string, { horizontal: number; vertical: number }>; ratios: Record<string, number> };
  autoAlign: { method: string; residual_px: number | null } | null;
  point: { photo: unknown[]; film: unknown[] } | null;
}

async function chartInfo(api: PatientsApi, uuid: string): Promise<{ recordId: number; landmarks: LandmarkMap<ImagePoint> }> {
  const { charts } = await api.graphql<{ charts: Array<{ analysis_record_id: number | null }> }>(
    'query($u: String!) { charts(filter: { uuid: $u }) { analysis_record_id } }',
    { u: uuid },
  );
  const recordId = charts[0]?.analysis_record_id;
  expectTruthy(recordId, 'the chart has an analysis record');
  const { analysis_records } = await api.graphql<{
    analysis_records: {
      items: Array<{ infer_result: { landmarks: Array<{ cname: number; name: string; x: number; y: number }> } | null }>;
    };
  }>('query($id: Int!) { analysis_records(filter: { id: $id }) { items { infer_result } } }', { id: recordId });
  const landmarks: LandmarkMap<ImagePoint> = {};
  for (const l of analysis_records.items[0]?.infer_result?.landmarks ?? []) {
    const id: LandmarkId | null = storedAiLandmarkId(l);
    if (id) landmarks[id] = imagePoint(l.x, l.y);
  }
  return { recordId, landmarks };
}

async function storedVto(api: PatientsApi, recordId: number): Promise<StoredVto | null> {
  const { analysis_records } = await api.graphql<{ analysis_records: { items: Array<{ vto_sto_config: StoredVto | null }> } }>(
    'query($id: Int!) { analysis_records(filter: { id: $id }) { items { vto_sto_config } } }',
    { id: recordId },
  );
  return analysis_records.items[0]?.vto_sto_config ?? null;
}

async function openTab(page: Page): Promise<void> {
  await page.getByTestId('viewer-image').waitFor();
  await page.getByTestId('panel-tab-vto').click();
  await page.getByTestId('vto-panel').waitFor();
}

/** Sets a range input the way a user's drag does (React listens to the input event). */
async function setRange(page: Page, testId: string, value: number): Promise<void> {
  await page.getByTestId(testId).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId('vto-save-state'), 'the plan saved').toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
}

test(
  'vto: auto-aligned photo, Pogonion +5 mm moves soft pogonion by the chosen ratio, kept over ' +
    'reload, printed; grey photo aligned by three points',
  async (t) => {
    const { user, api } = await datasetUser(t, 'vto');
    // The ISBI 2015 films here are 0.2 mm per pixel: movements in mm need the calibration.
    await api.graphql('mutation { update_user_config(input: { default_ppm: 5 }) { default_ppm } }');
    mkdirSync(screensDir, { recursive: true });
    const film = cephalogramPath(0);
    const greyPath = join(screensDir, 'vto-grey-photo.jpg');
    writeFileSync(greyPath, await noFacePhoto('flat'));
    const grey = await api.createPatient(
      { first_name: 'Grey Photo', birth_info: '2009-04-01', gender: true },
      { ceph: film, face: greyPath },
    );
    // The same film gives the same landmarks: draw a photo from its soft-tissue profile.
    const { landmarks } = await chartInfo(api, grey.chartUuid);
    const facePath = join(screensDir, 'vto-face-photo.jpg');
    writeFileSync(
      facePath,
      await facePhoto(landmarks, 1, { transform: placeProfile(landmarks, 0.5, 4, { x: 330, y: 420 }), width: 640, height: 800 }),
    );
    const face = await api.createPatient({ first_name: 'Vto Kim', birth_info: '2008-02-10', gender: true }, { ceph: film, face: facePath });
    const { recordId } = await chartInfo(api, face.chartUuid);
    const greyRecord = (await chartInfo(api, grey.chartUuid)).recordId;
    const bare = await api.createPatient({ first_name: 'No Photo', birth_info: '2007-06-30', gender: false }, { ceph: film });

    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${face.chartUuid}`);
    // Item 6: the photo can be shown before anything is aligned.
    await page.getByTestId('photo-view-toggle').click();
    await page.getByTestId('photo-image').waitFor();
    await t.screenshot(page, 'vto-photo-view-unaligned-en');
    await page.getByTestId('photo-view-toggle').click();
    await openTab(page);

    // autoAlign flag (on by default): aligned the first time the tab opens.
    await expect(page.getByTestId('vto-align-status'), 'auto-aligned').toContainText(/Aligned automatically/, { timeout: 30_000 });

    await page.getByTestId('vto-move-Pogonion-horizontal').fill('5');
    await setRange(page, 'vto-ratio-input-chin', 0.95);
    await expect(page.getByTestId('vto-ratio-value-chin')).toHaveText('0.95');
    await expect(page.getByTestId('vto-soft-move-stPog'), 'soft pogonion moved 0.95 × 5 mm').toHaveAttribute('data-h', '4.75');
    await expect(page.getByTestId('vto-soft-move-stPog')).toContainText(/\+4\.75 mm/);
    await page.getByTestId('vto-predicted-stPog').waitFor({ state: 'attached' });
    await saved(page);

    // The morphed photo: drawn on its canvas, half before / half after.
    await setRange(page, 'vto-split', 35);
    await expect(page.getByTestId('vto-morph-canvas'), 'morph drawn').toHaveAttribute('data-drawn', /^[1-9]\d*$/);
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'vto-en');
    await page.getByTestId('vto-measurements').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('vto-measure-LB_LOWER_LIP')).toContainText(/mm/);
    await t.screenshot(page, 'vto-en-measurements');
    await page.getByTestId('photo-view-toggle').click();
    await t.screenshot(page, 'vto-en-photo-view');
    await page.getByTestId('photo-view-toggle').click();

    // Survives a reload (and a tab switch): the table, the ratio and the prediction.
    await page.getByTestId('panel-tab-landmarks').click();
    await page.reload();
    await openTab(page);
    await expect(page.getByTestId('vto-move-Pogonion-horizontal'), 'movement restored').toHaveValue('5');
    await expect(page.getByTestId('vto-ratio-value-chin')).toHaveText('0.95');
    await expect(page.getByTestId('vto-soft-move-stPog'), 'prediction restored').toHaveAttribute('data-h', '4.75');
    await expect(page.getByTestId('vto-align-status'), 'alignment restored').toContainText(/Aligned automatically/);

    // Printed report: the VTO/STO page.
    await page.getByTestId('panel-tab-report').click();
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByTestId('vto-print').waitFor({ state: 'attached' });
    // The printed film (with today's tracing) is drawn and loaded twice: today alone, and under the predicted tracing.
    const printFilms = page.locator('.vto-print__frame img');
    await expect(printFilms, 'print film twice').toHaveCount(2, { timeout: 20_000 });
    // Loaded is not in the DOM's attributes: the images' own state, polled.
    await expect
      .poll(
        () =>
          printFilms.evaluateAll((els) =>
            els.every((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0),
          ),
        { message: 'print film loaded', timeout: 20_000 },
      )
      .toBe(true);
    // The aligned photo today and morphed with the plan, as the server's PDF prints them.
    await expect(page.getByTestId('vto-print-photo-after'), 'printed photo morphed').toHaveAttribute('data-drawn', 'true', {
      timeout: 20_000,
    });
    await page.emulateMedia({ media: 'print' });
    // The predicted tracing is drawn over the film it belongs to: its box is the printed film's, not its column's.
    const predictedFrame = page.getByTestId('vto-print-predicted');
    const [filmBox, tracingBox] = await Promise.all([
      predictedFrame.locator('img').boundingBox(),
      predictedFrame.locator('svg').boundingBox(),
    ]);
    expectTruthy(filmBox && tracingBox, 'printed film and tracing laid out');
    expect(Math.abs(filmBox.width - tracingBox.width), `tracing ${tracingBox.width} px wide over a ${filmBox.width} px film`).toBeLessThan(
      1.5,
    );
    expect(Math.abs(filmBox.x - tracingBox.x), 'tracing starts where the film does').toBeLessThan(1.5);
    const printedPath = join(screensDir, 'vto-print.pdf');
    await printToPdf(page, printedPath);
    // The print renders the server's report model, with the PDF's labels.
    const printedText = pdfText(printedPath);
    expect(printedText).toMatch(/VTO\/STO prediction/);
    expect(printedText).toMatch(/Today \(yellow\)/);
    expect(printedText).toMatch(/Prediction \(orange\) over today \(yellow\)/);
    expect(printedText).toMatch(/Pogonion\s+5\.0\s+0\.0/);
    expect(printedText).toMatch(/SNA/);
    expect(printedText, 'the print has the photo pair').toMatch(/Facial photo: today\s+.*Facial photo: predicted \(morph\)/);
    // The server's PDF morphs the aligned photo as well: more work than a plain report on a loaded machine.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.getByTestId('download-pdf').click()]);
    const serverPath = join(screensDir, 'vto-server-report.pdf');
    await download.saveAs(serverPath);
    expect(readFileSync(serverPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const serverText = pdfText(serverPath);
    expect(serverText, 'the server PDF has the VTO/STO page').toMatch(/VTO\/STO prediction/);
    expect(serverText).toMatch(/Pogonion\s+5\.0\s+0\.0/);
    expect(serverText).toMatch(/\+4\.75 mm horizontal/);
    // Today and the prediction apart, and the aligned photo before and after the morph.
    expect(serverText).toMatch(/Today \(yellow\)\s+.*Prediction \(orange\) over today \(yellow\)/);
    expect(serverText).toMatch(/Facial photo: today\s+.*Facial photo: predicted \(morph\)/);
    // The VTO/STO page (its tables may run onto the next one).
    const vtoPage = serverText.split('\f').findIndex((page) => page.includes('VTO/STO prediction')) + 1;
    pdfPagePng(serverPath, vtoPage, screensDir, 'vto-server-page');

    // Another language.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ja'));
    await page.reload();
    await openTab(page);
    await expect(page.getByTestId('vto-morph-canvas'), 'morph drawn (ja)').toHaveAttribute('data-drawn', /^[1-9]\d*$/, { timeout: 20_000 });
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'vto-ja');
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'en'));

    // A flat grey photo: not recognized, then three pairs of clicks align it.
    await page.goto(`/viewer/${grey.chartUuid}`);
    await openTab(page);
    await page.getByText('Facial image not recognized (adjust manually).').waitFor({ timeout: 30_000 });
    await page.getByTestId('vto-manual-align').click();
    const picks = await threeStagePoints(page);
    const prompt = page.getByTestId('vto-align-prompt');
    for (const [i, p] of picks.entries()) {
      await expect(prompt).toHaveAttribute('data-on', 'photo');
      await expect(prompt).toHaveAttribute('data-n', String(i));
      await page.mouse.click(p.x, p.y);
    }
    await t.screenshot(page, 'vto-manual-film-step-en');
    for (const p of picks) {
      await expect(prompt).toHaveAttribute('data-on', 'film');
      await page.mouse.click(p.x + 40, p.y + 25);
    }
    await expect(page.getByTestId('vto-align-status'), 'aligned by three points').toContainText(/Aligned by three points/);
    await saved(page);
    await expect(page.getByTestId('vto-align-status')).toContainText(/fit error 0\.\d px/);
    await page.getByTestId('photo-overlay-toggle').waitFor();
    await t.screenshot(page, 'vto-manual-aligned-en');

    // A chart without a facial photo: the spec's message.
    await page.goto(`/viewer/${bare.chartUuid}`);
    await openTab(page);
    await page.getByText('No facial image.').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('photo-controls'), 'no photo controls without a photo').toHaveCount(0);

    // What is stored (read last: signing the API client in again ends the browser's session).
    await api.login();
    const doc = await storedVto(api, recordId);
    expect(doc?.data.movements['Pogonion']?.horizontal).toBe(5);
    expect(doc?.data.ratios['chin']).toBe(0.95);
    expect(doc?.autoAlign?.method).toBe('auto');
    const greyDoc = await storedVto(api, greyRecord);
    expect(greyDoc?.autoAlign?.method).toBe('manual');
    expect(greyDoc?.autoAlign?.residual_px ?? 99, `three consistent pairs fit exactly (${greyDoc?.autoAlign?.residual_px})`).toBeLessThan(
      1,
    );
    expect(greyDoc?.point?.photo.length).toBe(3);
    expect(greyDoc?.point?.film.length).toBe(3);
  },
  { timeoutMs: 300_000 },
);

test(
  'vto: while the photo is aligned by three points the X-ray tracing, landmarks and planes are hidden; ' +
    'they come back after (and on cancel)',
  async (t) => {
    const { user, api } = await datasetUser(t, 'vto-align');
    mkdirSync(screensDir, { recursive: true });
    const greyPath = join(screensDir, 'vto-align-grey-photo.jpg');
    writeFileSync(greyPath, await noFacePhoto('flat'));
    const grey = await api.createPatient(
      { first_name: 'Align Choi', birth_info: '2010-08-11', gender: false },
      { ceph: cephalogramPath(1), face: greyPath },
    );
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${grey.chartUuid}`);
    await openTab(page);
    await page.getByText('Facial image not recognized (adjust manually).').waitFor({ timeout: 30_000 });

    const tracing = page.getByTestId('tracing-layer');
    /** The tracing, the landmarks and the planes all shown (or all hidden). */
    const drawn = async (shown: boolean, what: string) => {
      for (const layer of [tracing, page.getByTestId('landmark').first(), page.locator('[data-plane]').first()]) {
        if (shown) await expect(layer, what).toBeVisible();
        else await expect(layer, what).toBeHidden();
      }
    };
    await tracing.waitFor();
    await drawn(true, 'the tracing is drawn before aligning');

    // Started, then cancelled: hidden while it runs, back after.
    await page.getByTestId('vto-manual-align').click();
    await drawn(false, 'the tracing hidden over the photo');
    await page.getByTestId('vto-manual-cancel').click();
    await drawn(true, 'the tracing back after cancelling');

    await page.getByTestId('vto-manual-align').click();
    const picks = await threeStagePoints(page);
    await drawn(false, 'the tracing hidden over the photo');
    await page.mouse.click(picks[0]!.x, picks[0]!.y);
    await t.screenshot(page, 'vto-align-photo-step-en');
    for (const p of picks.slice(1)) await page.mouse.click(p.x, p.y);
    await expect(page.getByTestId('vto-align-prompt')).toHaveAttribute('data-on', 'film');
    await drawn(false, 'still hidden while the film points are picked');
    for (const p of picks) await page.mouse.click(p.x + 40, p.y + 25);
    await expect(page.getByTestId('vto-align-status'), 'aligned by three points').toContainText(/Aligned by three points/);
    await drawn(true, 'the tracing back once aligned');
    await t.screenshot(page, 'vto-align-done-en');

    // Korean: the photo step again, the tracing hidden there too.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.reload();
    await openTab(page);
    await page.getByTestId('vto-manual-align').click();
    await drawn(false, 'the tracing hidden over the photo (ko)');
    await page.mouse.click(picks[0]!.x, picks[0]!.y);
    await t.screenshot(page, 'vto-align-photo-step-ko');
  },
  { timeoutMs: 180_000 },
);
