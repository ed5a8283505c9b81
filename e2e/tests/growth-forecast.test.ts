import { expect, type Page } from '@playwright/test';
import { test } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * Growth forecast (issue 28 item 4): for a 10-year-old boy the Growth tab forecasts 2 years with the
 * Michigan standards' mean increments (S-N 76.8 -> 78.3 mm, SD 3.3 mm at 12 years), draws the dashed
 * tracing with SD circles, and names the method and its sources; for an adult it says why it does not
 * apply. Screens in English and Korean.
 */

const FLOW = { timeoutMs: 180_000 };

async function openGrowth(page: Page, chartUuid: string): Promise<void> {
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor({ timeout: 30_000 });
  await page.getByTestId('panel-tab-growth').click();
  await page.getByTestId('growth-panel').waitFor({ timeout: 30_000 });
}

test(
  'growth forecast: a 10-year-old boy, 2 years ahead, tracing with SD circles and the method; an adult is told it does not apply',
  async (t) => {
    const { user, api } = await datasetUser(t, 'growth');
    // The ISBI 2015 films here are 0.2 mm per pixel: the increments are in mm and need the calibration.
    await api.graphql('mutation { update_user_config(input: { default_ppm: 5 }) { default_ppm } }');
    // Born 2014-03-01, shot 2024-09-15: 10 whole years at the shoot date. gender false: male.
    const child = await api.createPatient(
      { first_name: 'Growth Child', birth_info: '2014-03-01', gender: false },
      { ceph: cephalogramPath(1), shootDate: '2024-09-15' },
    );
    const adult = await api.createPatient(
      { first_name: 'Growth Adult', birth_info: '1990-01-01', gender: true },
      { ceph: cephalogramPath(1), shootDate: '2024-09-15' },
    );

    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await openGrowth(page, child.chartUuid);
    const panel = page.getByTestId('growth-panel');
    await expect(panel, 'the forecast applies to a 10-year-old').toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
    await page.getByTestId('growth-years').selectOption('2');
    await expect(page.getByTestId('growth-age')).toHaveText('10 years');
    await expect(page.getByTestId('growth-sex')).toHaveText('Boy');
    await expect(page.getByTestId('growth-target')).toHaveText('12 years');
    // N: S-N of boys 76.8 mm at 10 and 78.3 mm at 12 years (Riolo et al. 1974): +1.5 mm, SD 3.3 mm at 12.
    await expect(page.getByTestId('growth-row-N')).toContainText('1.5');
    await expect(page.getByTestId('growth-row-sd-N')).toHaveText('±3.3');
    await expect(page.getByTestId('growth-sd-note')).toContainText('not a prediction interval');
    await expect(page.getByTestId('growth-method')).toContainText('Riolo ML');
    await expect(page.getByTestId('growth-method')).toContainText('Johnston LE. A simplified approach to prediction');

    const layer = page.getByTestId('growth-forecast-layer');
    await expect(layer, 'the forecast tracing is drawn').toHaveAttribute('data-years', '2');
    await expect(layer.locator('path[data-outline="cranial-base"]')).toHaveCount(1);
    await expect(layer.locator('path[data-outline="mandible"]')).toHaveCount(1);
    // The SD circle at N: 3.3 mm at 5 px/mm.
    await expect(page.getByTestId('growth-sd-N')).toHaveAttribute('rx', '16.5');
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'growth-forecast-en');

    // Hidden on request, drawn again on request.
    await page.getByTestId('growth-shown').uncheck();
    await expect(layer).toHaveCount(0);
    await page.getByTestId('growth-shown').check();
    await expect(layer).toHaveCount(1);

    await openGrowth(page, adult.chartUuid);
    await expect(page.getByTestId('growth-refusal')).toHaveAttribute('data-reason', 'adult');
    await expect(page.getByTestId('growth-refusal')).toHaveText(
      'The forecast does not apply: at 34 years the patient has finished growing (18 years and over).',
    );
    await expect(page.getByTestId('growth-forecast-layer')).toHaveCount(0);
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'growth-adult-en');

    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await openGrowth(page, child.chartUuid);
    await expect(page.getByTestId('growth-panel')).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
    await expect(page.getByTestId('growth-target')).toHaveText('12세');
    await expect(page.getByTestId('growth-forecast-layer')).toHaveAttribute('data-years', '2');
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'growth-forecast-ko');

    await openGrowth(page, adult.chartUuid);
    await expect(page.getByTestId('growth-refusal')).toContainText('예측이 적용되지 않습니다');
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'growth-adult-ko');
  },
  FLOW,
);
