import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import type { TestUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { test, type TestContext } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { pdfPagePng, pdfText, printToPdf } from '../src/pdf-files.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser, dragLandmarkBy, landmarkOn, numberAttr } from '../src/viewer-steps.ts';

/**
 * The viewer as a user works in it (docs/spec-points.md §2 "Viewer", §9 "Viewer scale 50% to 400%"):
 * zoom limits, landmark adjustment feeding the analysis table and kept across a reload, reset to
 * AI, two-point calibration, switching analyses, the printed report, the lock screen and the back
 * button. Every test starts from a patient created from a dataset film through the API.
 */

const screensDir = join(dirname(fileURLToPath(import.meta.url)), '../../tmp/screens');
const FLOW = { timeoutMs: 150_000 };

interface Opened {
  page: Page;
  user: TestUser;
  chartId: string;
  chartUuid: string;
}

/** A new user with one patient (dataset film, AI landmarks), signed in through the form, viewer open. */
async function openViewer(t: TestContext, label: string, options: { viaList?: boolean } = {}): Promise<Opened> {
  const { user, api } = await datasetUser(t, label);
  const { chartId, chartUuid } = await api.createPatient(
    { first_name: 'Viewer Kim', birth_info: '1994-04-12', gender: true },
    { ceph: cephalogramPath(0), shootDate: '2025-11-03' },
  );
  const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
  await signInThroughUi(page, user);
  if (options.viaList) {
    await page.getByTestId('patient-row').first().click();
    await page.waitForURL((u) => u.pathname === `/viewer/${chartUuid}`);
  } else {
    await page.goto(`/viewer/${chartUuid}`);
  }
  await landmarksShown(page);
  return { page, user, chartId, chartUuid };
}

async function landmarksShown(page: Page): Promise<void> {
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, 20_000);
}

const row = (page: Page, id: string): Locator => page.locator(`[data-testid="analysis-row"][data-id="${id}"]`);

async function zoomPercent(page: Page): Promise<number> {
  return Number(/(\d+)\s*%/.exec(await page.getByTestId('viewer-zoom').innerText())?.[1]);
}

/** Wheel steps over the stage until the readout stops changing; every reading stays within the limits. */
async function wheelToLimit(page: Page, deltaY: number): Promise<number> {
  let previous = await zoomPercent(page);
  for (let i = 0; i < 120; i += 1) {
    await page.mouse.wheel(0, deltaY);
    await expect(page.getByTestId('viewer-zoom'), 'zoom readout').toContainText(/\d\s*%/, { useInnerText: true });
    const now = await zoomPercent(page);
    expectTruthy(now >= 50 && now <= 400, `zoom ${now}% is outside 50-400%`);
    if (now === previous && (now === 400 || now === 50)) return now;
    previous = now;
  }
  return previous;
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  expectTruthy(box, 'element on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function openTab(page: Page, id: 'landmarks' | 'analysis' | 'report'): Promise<void> {
  await page.getByTestId(`panel-tab-${id}`).click();
}

test(
  'viewer: zoom readout stops at 50% and 400%; dragging a landmark changes the analysis, survives a reload, and resets to AI',
  async (t) => {
    const { page } = await openViewer(t, 'viewer-edit');
    const stage = await centreOf(page.getByTestId('viewer-stage'));
    await page.mouse.move(stage.x, stage.y);
    expect(await wheelToLimit(page, -100), 'zooming in stops at 400%').toBe(400);
    await t.screenshot(page, 'viewer-zoom-400');
    expect(await wheelToLimit(page, 100), 'zooming out stops at 50%').toBe(50);
    await t.screenshot(page, 'viewer-zoom-50');
    await page.getByTestId('viewer-fit').click();
    await expect.poll(() => zoomPercent(page), { message: 'fit is 100%' }).toBe(100);

    await openTab(page, 'analysis');
    await row(page, 'SNA').waitFor();
    const sna0 = await numberAttr(row(page, 'SNA'), 'data-value');
    const a = landmarkOn(page, 'A');
    const ax0 = await numberAttr(a, 'data-x');
    await dragLandmarkBy(page, a, 25, 0);
    // Numbers read from attributes: no web-first matcher compares them, so they are polled.
    await expect.poll(() => numberAttr(a, 'data-x'), { message: 'A point moved right' }).toBeGreaterThan(ax0 + 5);
    const ax1 = await numberAttr(a, 'data-x');
    const snaChange = async () => Math.abs((await numberAttr(row(page, 'SNA'), 'data-value')) - sna0);
    await expect.poll(snaChange, { message: 'SNA follows the moved A point' }).toBeGreaterThan(0.2);
    const sna1 = await numberAttr(row(page, 'SNA'), 'data-value');
    await t.screenshot(page, 'viewer-landmark-dragged');

    // Positions save when the adjustment menu is left: visit it and leave it again.
    await openTab(page, 'landmarks');
    await openTab(page, 'analysis');
    await expect(page.getByTestId('save-state'), 'landmarks saved').toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await page.reload();
    await landmarksShown(page);
    expect(Math.abs((await numberAttr(a, 'data-x')) - ax1), 'the moved A point is kept after a reload').toBeLessThan(0.05);
    await openTab(page, 'analysis');
    await expect
      .poll(async () => Math.abs((await numberAttr(row(page, 'SNA'), 'data-value')) - sna1), {
        message: 'SNA after reload equals the adjusted value',
      })
      .toBeLessThan(0.01);

    await openTab(page, 'landmarks');
    await page.locator('[data-testid="landmark-item"][data-id="A"]').click();
    await page.getByTestId('reset-ai').click();
    await expect
      .poll(async () => Math.abs((await numberAttr(a, 'data-x')) - ax0), { message: 'A point back at the AI position' })
      .toBeLessThan(0.05);
    await openTab(page, 'analysis');
    await expect.poll(snaChange, { message: 'SNA back to the AI value' }).toBeLessThan(0.01);
  },
  FLOW,
);

test(
  'viewer: two-point ruler calibrates lengths to mm; switching the analysis changes the table',
  async (t) => {
    const { page } = await openViewer(t, 'viewer-ruler');
    await openTab(page, 'analysis');
    const status = page.getByTestId('calibration-status');
    await expect(status, 'uncalibrated at first').toHaveAttribute('data-source', 'none');
    const table = page.getByTestId('analysis-table');
    await expect(table, 'lengths in px before calibration').toContainText(/\d px/, { useInnerText: true });
    await page.getByTestId('ruler-tool').click();
    const stage = await page.getByTestId('viewer-stage').boundingBox();
    expectTruthy(stage);
    await page.mouse.click(stage.x + stage.width * 0.3, stage.y + stage.height * 0.5);
    await page.mouse.click(stage.x + stage.width * 0.3 + 200, stage.y + stage.height * 0.5);
    await page.getByTestId('ruler-length').fill('40');
    await page.getByTestId('ruler-apply').click();
    await expect(status, 'calibrated by the ruler').toHaveAttribute('data-source', 'ruler');
    const ppm = Number(await status.getAttribute('data-ppm'));
    expect(ppm, `ruler px/mm ${ppm}`).toBeGreaterThan(0);
    await expect(table, 'lengths in mm once calibrated').toContainText(/\d mm/, { useInnerText: true });
    await expect(table, 'no length in px once calibrated').not.toContainText(/\d px/, { useInnerText: true });
    await t.screenshot(page, 'viewer-ruler');

    const rowIds = () => page.getByTestId('analysis-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
    const steinerIds = await rowIds();
    await page.getByTestId('analysis-select').selectOption('std:downs');
    await expect
      .poll(async () => (await rowIds()).join(), { message: 'the Downs rows replace the Steiner rows' })
      .not.toBe(steinerIds.join());
    const downsIds = await rowIds();
    expect(downsIds.length, `Downs has 10 measurements, got ${downsIds.join(',')}`).toBe(10);
    await t.screenshot(page, 'viewer-downs');
  },
  FLOW,
);

test(
  'viewer: the report prints to an A4 PDF with the patient, film and analysis table; the server PDF downloads',
  async (t) => {
    const { page, chartId } = await openViewer(t, 'viewer-print');
    await openTab(page, 'report');
    await page.getByTestId('report-film').waitFor({ state: 'attached', timeout: 20_000 });
    await t.screenshot(page, 'viewer-report-tab');
    await page.evaluate(() => {
      const w = window as unknown as { __printed: number };
      w.__printed = 0;
      window.print = () => {
        w.__printed += 1;
      };
    });
    await page.getByTestId('print-report').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed), {
        message: 'window.print() called once the film is ready',
      })
      .toBe(1);

    mkdirSync(screensDir, { recursive: true });
    const pdfPath = join(screensDir, 'viewer-report.pdf');
    const pdf = await printToPdf(page, pdfPath);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdfPath);
    expect(text).toMatch(/Viewer Kim/);
    // The 36-character chart ID may wrap after one of its hyphens in its half-width column (report.css).
    expect(text.replace(/-\s+/g, '-'), `chart ID ${chartId} printed`).toContain(chartId);
    expect(text).toMatch(/E2E Dental Clinic/);
    expect(text).toMatch(/SNA\s+\d+\.\d°/);
    expect(text).toMatch(/AI landmarks are a reference for medical staff, not a diagnosis\./);
    expect((text.match(/\f/g) ?? []).length, 'the report is one A4 page').toBe(1);
    pdfPagePng(pdfPath, 1, screensDir, 'viewer-report-page1');

    // The server renders the PDF: more than the context's 10 s default on a loaded machine.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.getByTestId('download-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`ceppro-report-${chartId}.pdf`);
    const saved = join(screensDir, 'viewer-server-report.pdf');
    await download.saveAs(saved);
    const bytes = readFileSync(saved);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(saved), 'the server PDF names the patient').toMatch(/Viewer Kim/);
    pdfPagePng(saved, 1, screensDir, 'viewer-server-report-page1');
  },
  FLOW,
);

test(
  'viewer: the Lock button shows the lock screen, the account password unlocks it',
  async (t) => {
    const { page, user, chartUuid } = await openViewer(t, 'viewer-lock');
    await page.getByTestId('viewer-lock').click();
    const lock = page.getByTestId('lock-screen');
    await lock.waitFor();
    await t.screenshot(page, 'viewer-locked');
    await page.getByTestId('lock-password').fill('wrong-Password1!');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await lock.getByRole('alert').waitFor();
    await expect(lock, 'a wrong password keeps it locked').toBeVisible();
    await page.reload();
    await lock.waitFor();
    await page.getByTestId('lock-password').fill(user.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await lock.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/viewer/${chartUuid}`);
    await landmarksShown(page);
  },
  FLOW,
);

test(
  'viewer: the back button goes to the list it came from, past the settings, and to list 0 without history',
  async (t) => {
    const { page, chartUuid } = await openViewer(t, 'viewer-back', { viaList: true });
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((u) => u.pathname === '/setting');
    await page.getByTestId('back-button').click();
    await page.waitForURL((u) => u.pathname === `/viewer/${chartUuid}`);
    await landmarksShown(page);
    await page.getByTestId('back-button').click();
    await page.waitForURL((u) => u.pathname === '/list/0');
    await page.getByTestId('patient-row').first().waitFor();

    // A new tab straight onto the viewer has no history: back goes to list page 0.
    const fresh = await page.context().newPage();
    await fresh.goto(`/viewer/${chartUuid}`);
    await landmarksShown(fresh);
    await fresh.getByTestId('back-button').click();
    await fresh.waitForURL((u) => u.pathname === '/list/0');
  },
  FLOW,
);
