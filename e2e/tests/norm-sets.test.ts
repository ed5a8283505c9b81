import { expect, type Page } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { chooseDefaultPopulation, datasetUser, graphqlAnswer } from '../src/viewer-steps.ts';

/**
 * Norm sets (issue 28 item 1): a child gets the children's norm set of its age band automatically, the
 * hover on a norm names its source, the user overrides the population for one chart (kept across a
 * reload), and Settings' default population is what "automatic" means.
 */

const FLOW = { timeoutMs: 180_000 };

const inUse = (page: Page) => page.getByTestId('norm-set-in-use');
const normValue = (page: Page, id: string) =>
  page.locator(`[data-testid="analysis-row"][data-id="${id}"] [data-testid="analysis-norm-value"]`);

/** Resolves when the viewer has stored something under the chart's `drawing_result`. */
function drawingSaved(page: Page): Promise<unknown> {
  return graphqlAnswer(page, 'MergeDrawingResult', { timeout: 20_000, ok: true });
}

async function openAnalysis(page: Page, chartUuid: string): Promise<void> {
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, 30_000);
  await page.getByTestId('panel-tab-analysis').click();
  await page.getByTestId('analysis-select').selectOption('std:ricketts');
  await page.locator('[data-testid="analysis-row"][data-id="FACIAL_DEPTH"]').waitFor();
}

test(
  'norm sets: a 9-year-old gets the 9-11 set with its source on hover, a chart override sticks, Settings sets the default',
  async (t) => {
    const { user, api } = await datasetUser(t, 'norm-sets');
    // Born 2016-05-01, film shot 2025-10-20: 9 whole years at the shoot date.
    const { chartUuid } = await api.createPatient(
      { first_name: 'Norm Child', birth_info: '2016-05-01', gender: true },
      { ceph: cephalogramPath(2), shootDate: '2025-10-20' },
    );
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await openAnalysis(page, chartUuid);

    // Automatic: Caucasian (no default chosen yet), band 9-11.
    await expect(inUse(page), 'the 9-11 set chosen from the age').toHaveAttribute('data-set', 'caucasian-9-11');
    await expect(inUse(page)).toContainText(/Caucasian, 9–11 years/, { useInnerText: true });
    // Facial depth: Ricketts' 87° at 9 y + 1°/3 y, at the band's middle (10.5 y) = 87.5 ± 3.
    await expect(normValue(page, 'FACIAL_DEPTH')).toContainText(/87\.5/, { useInnerText: true });
    const title = (await normValue(page, 'FACIAL_DEPTH').getAttribute('title')) ?? '';
    expectTruthy(title.includes('[N3]') && title.includes('Ricketts'), `hover names the source: ${title}`);
    await expect(page.getByTestId('norm-set-profilogram'), 'profilogram template labelled').toContainText(/Björk adult polygon/, {
      useInnerText: true,
    });
    await normValue(page, 'FACIAL_DEPTH').hover();
    await t.screenshot(page, 'norm-sets-child-auto');

    // Override for this chart: Chinese. No Chinese children's set is published: the product says so.
    const saved = drawingSaved(page);
    await page.getByTestId('norm-population').selectOption('chinese');
    await saved;
    await expect(inUse(page), 'no Chinese children’s set').toContainText('No published norm set for Chinese, 9–11 years', {
      useInnerText: true,
    });
    await expect(normValue(page, 'FACIAL_DEPTH'), 'no norm shown rather than another population’s').toHaveCount(0);
    await t.screenshot(page, 'norm-sets-chart-override');

    // Kept with the chart across a reload.
    await openAnalysis(page, chartUuid);
    await expect(page.getByTestId('norm-population'), 'override kept with the chart').toHaveValue('chinese');

    // Back to automatic, then Settings: default population Japanese.
    const back = drawingSaved(page);
    await page.getByTestId('norm-population').selectOption('');
    await back;
    const select = await chooseDefaultPopulation(page, 'japanese');
    await select.scrollIntoViewIfNeeded();
    await t.screenshot(page, 'norm-sets-settings-default');

    await openAnalysis(page, chartUuid);
    await expect(page.getByTestId('norm-population').locator('option[value=""]'), '"automatic" follows the Settings default').toContainText(
      'Japanese',
      { useInnerText: true },
    );
    // The Japanese 9-11 set (SOURCES.md N5) has McNamara values only: no Ricketts norm is borrowed.
    await expect(inUse(page), 'the default population applies to the chart').toHaveAttribute('data-set', 'japanese-9-11');
    await expect(inUse(page)).toContainText('Japanese, 9–11 years', { useInnerText: true });
    await expect(normValue(page, 'FACIAL_DEPTH'), 'no Japanese Ricketts norm is published').toHaveCount(0);
  },
  FLOW,
);
