import { expect, type Locator, type Page } from '@playwright/test';
import { expectAiLandmarks } from '../src/expect.ts';
import { test, type TestContext } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * Ricketts' ramus points found on the film and the growth choice kept (issue 28 items 2 and 4): on a new
 * film R1-R4 and Xi are placed as constructed points (the contour worker finds R1-R4), so Ricketts' lower
 * face height and mandibular arc have values; the Growth tab's choice (years, shown) survives a reload and
 * is printed with its method and uncertainty. Screens in English and Korean.
 */

const FLOW = { timeoutMs: 240_000 };
const RAMUS = ['R1', 'R2', 'R3', 'R4', 'Xi'];

const marker = (page: Page, id: string): Locator => page.locator(`[data-testid="landmark"][data-id="${id}"]`);

/**
 * A 10-year-old boy (born 2014-03-01, shot 2024-09-15) on a dataset film, calibrated by the default
 * 5 px/mm (the ISBI films are 0.2 mm per pixel; the growth increments are in mm), the viewer open in
 * `language` with the AI landmarks drawn.
 */
async function open(t: TestContext, label: string, language: string): Promise<Page> {
  const { user, api } = await datasetUser(t, label);
  await api.graphql('mutation { update_user_config(input: { default_ppm: 5 }) { default_ppm } }');
  const { chartUuid } = await api.createPatient(
    { first_name: 'Ramus Child', birth_info: '2014-03-01', gender: false },
    { ceph: cephalogramPath(1), shootDate: '2024-09-15' },
  );
  const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
  await signInThroughUi(page, user);
  await page.evaluate((lang) => localStorage.setItem('ceppro.language', lang), language);
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, 30_000);
  return page;
}

async function ramusShown(page: Page): Promise<void> {
  for (const id of RAMUS) {
    await expect(marker(page, id), `${id} is placed and drawn as constructed`).toHaveAttribute('data-source', 'constructed', {
      timeout: 30_000,
    });
  }
}

async function rickettsHasValues(page: Page): Promise<void> {
  await page.getByTestId('panel-tab-analysis').click();
  await page.getByTestId('analysis-select').selectOption('std:ricketts');
  for (const id of ['LOWER_FACE_HEIGHT', 'MANDIBULAR_ARC']) {
    const row = page.locator(`[data-testid="analysis-row"][data-id="${id}"]`);
    await expect(row, `${id} has a value`).toHaveAttribute('data-value', /^-?\d+(\.\d+)?$/);
  }
  await expect(page.locator('[data-testid="analysis-row"] [data-testid="analysis-missing"]'), 'nothing reads Incomplete').toHaveCount(0);
}

async function openGrowth(page: Page): Promise<void> {
  await page.getByTestId('panel-tab-growth').click();
  await expect(page.getByTestId('growth-panel')).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
}

/** The report tab's print layout (window.print stubbed), scrolled to the growth section. */
async function printed(page: Page): Promise<Locator> {
  await page.getByTestId('panel-tab-report').click();
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  const section = page.getByTestId('growth-print');
  await section.waitFor({ state: 'attached', timeout: 30_000 });
  return section;
}

test(
  'ramus points and growth choice: R1-R4 and Xi constructed, Ricketts computes; the growth choice survives a reload and is printed',
  async (t) => {
    const page = await open(t, 'ramus-en', 'en');
    await ramusShown(page);
    await rickettsHasValues(page);
    await page.getByTestId('viewer-toggle-names').click();
    await expect(page.getByTestId('viewer-toggle-names')).toHaveAttribute('aria-pressed', 'true');
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'ramus-points-en');

    await openGrowth(page);
    await page.getByTestId('growth-years').selectOption('4');
    await page.getByTestId('growth-shown').uncheck();
    await expect(page.getByTestId('growth-target')).toHaveText('14 years');
    await expect(page.getByTestId('growth-forecast-layer')).toHaveCount(0);
    await expect(page.getByTestId('growth-panel'), 'the choice is stored').toHaveAttribute('data-saving', 'false', { timeout: 20_000 });

    await page.reload();
    await page.getByTestId('viewer-image').waitFor({ timeout: 30_000 });
    await openGrowth(page);
    await expect(page.getByTestId('growth-years'), 'the years survive a reload').toHaveValue('4');
    await expect(page.getByTestId('growth-shown'), '"show" survives a reload').not.toBeChecked();
    await expect(page.getByTestId('growth-forecast-layer')).toHaveCount(0);

    const section = await printed(page);
    await expect(page.getByTestId('growth-print-choice')).toHaveText('4 years ahead, from age 10 to 14 (not shown on the film)');
    await expect(page.getByTestId('growth-print-uncertainty')).toContainText('not a prediction interval');
    await expect(section).toContainText('Riolo ML');
    await page.emulateMedia({ media: 'print' });
    await section.scrollIntoViewIfNeeded();
    await t.screenshot(page, 'ramus-growth-print-en');
    // Under the film: the constructed points (R1-R4 and Xi among them), estimates on their own line.
    const note = page.getByTestId('report-points-note');
    await expect(note).toContainText('Xi');
    await note.scrollIntoViewIfNeeded();
    await t.screenshot(page, 'ramus-points-note-en');
    await page.emulateMedia({ media: 'screen' });
  },
  FLOW,
);

test(
  'ramus points and growth choice in Korean: R1-R4 on the tracing, the growth choice printed in Korean',
  async (t) => {
    const page = await open(t, 'ramus-ko', 'ko');
    await ramusShown(page);
    await rickettsHasValues(page);
    await page.getByTestId('viewer-toggle-names').click();
    await expect(page.getByTestId('viewer-toggle-names')).toHaveAttribute('aria-pressed', 'true');
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'ramus-points-ko');
    await openGrowth(page);
    await page.getByTestId('growth-years').selectOption('3');
    await expect(page.getByTestId('growth-target')).toHaveText('13세');
    const section = await printed(page);
    await expect(page.getByTestId('growth-print-choice')).toHaveText('3년 후, 10세에서 13세까지 (뷰어에서 필름 위에 표시)');
    await expect(section).toContainText('성장 예측');
    await page.emulateMedia({ media: 'print' });
    await section.scrollIntoViewIfNeeded();
    await t.screenshot(page, 'ramus-growth-print-ko');
    const note = page.getByTestId('report-points-note');
    await expect(note).toContainText('Xi');
    await note.scrollIntoViewIfNeeded();
    await t.screenshot(page, 'ramus-points-note-ko');
    await page.emulateMedia({ media: 'screen' });
  },
  FLOW,
);
