import { expect, type Locator, type Page } from '@playwright/test';
import { openDatasetChart } from '../src/dataset-chart.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { test, type TestContext } from '../src/harness.ts';

/**
 * A complete tracing (issue 28, item 2): the catalogue points the model does not output are constructed
 * from the ones it does (packages/ceph constructed.ts), drawn hollow and listed as constructed, so the
 * Steiner occlusal plane has a value on a new patient's film; dragging one makes it the user's.
 */

const FLOW = { timeoutMs: 150_000 };

async function openViewer(t: TestContext, label: string, language: string): Promise<Page> {
  const patient = { first_name: 'Tracing Kim', birth_info: '1992-04-05', gender: false };
  return (await openDatasetChart(t, { label, language, patient, shootDate: '2025-10-01', landmarksTimeoutMs: 20_000 })).page;
}

const marker = (page: Page, id: string): Locator => page.locator(`[data-testid="landmark"][data-id="${id}"]`);
const listItem = (page: Page, id: string): Locator => page.locator(`[data-testid="landmark-item"][data-id="${id}"]`);

/** The constructed points every ordinary film gets (packages/ceph LANDMARK_SOURCING, kind `constructed`). */
const CONSTRUCTED = ['UPM', 'LPM', 'stA', 'stB', 'Stms', 'Stmi', 'Pm', 'DC'];

async function constructedShown(page: Page): Promise<void> {
  for (const id of CONSTRUCTED) {
    await marker(page, id).waitFor();
    await expect(marker(page, id), `${id} is drawn as constructed`).toHaveAttribute('data-source', 'constructed');
  }
  const fill = await marker(page, 'UPM')
    .locator('.landmark__dot')
    .evaluate((el) => getComputedStyle(el).fill);
  expect(fill, 'a constructed marker is hollow').toBe('none');
  await page.getByTestId('legend-constructed').waitFor();
  for (const tooth of ['upper-incisor-outline', 'lower-incisor-outline']) await page.locator(`[data-outline="${tooth}"]`).waitFor();
}

/** Zooms in around the incisors (the wheel zooms about the pointer), for a picture of the teeth and lips. */
async function zoomOnIncisors(page: Page): Promise<void> {
  const box = await marker(page, 'U1').boundingBox();
  expectTruthy(box, 'U1 is on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 12; i++) await page.mouse.wheel(0, -120);
}

test(
  'constructed points: a new film has the Steiner occlusal plane, constructed points are marked, dragging one makes it human',
  async (t) => {
    const page = await openViewer(t, 'constructed-en', 'en');
    await constructedShown(page);

    await page.getByTestId('panel-tab-analysis').click();
    await page.getByTestId('analysis-select').selectOption('std:steiner');
    const occlusal = page.locator('[data-testid="analysis-row"][data-id="OCC_SN"]');
    await occlusal.waitFor();
    const valueOf = () => occlusal.getAttribute('data-value');
    await expect
      .poll(
        async () => {
          const v = await valueOf();
          return v !== null && v !== '' && Number.isFinite(Number(v));
        },
        { message: 'the occlusal plane to SN has a value' },
      )
      .toBe(true);
    const value = await valueOf();
    expect(Math.abs(Number(value)), `a plausible occlusal plane angle, got ${value}`).toBeLessThan(45);
    await expect(page.locator('[data-testid="analysis-row"] [data-testid="analysis-missing"]'), 'no Steiner row is incomplete').toHaveCount(
      0,
    );
    await t.screenshot(page, 'constructed-steiner-en');

    await page.getByTestId('panel-tab-landmarks').click();
    const item = listItem(page, 'UPM');
    await item.waitFor();
    await expect(item).toHaveAttribute('data-source', 'constructed');
    const badge = item.getByTestId('landmark-badge');
    await expect(badge).toHaveText('Constructed', { useInnerText: true });
    await expect(badge).toHaveAttribute('title', /^Constructed from U6, U1/);

    const upm = marker(page, 'UPM');
    const x0 = Number(await upm.getAttribute('data-x'));
    const box = await upm.locator('.landmark__dot').boundingBox();
    expectTruthy(box, 'UPM is on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 25, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => Math.abs(Number(await upm.getAttribute('data-x')) - x0), { message: 'UPM moved' }).toBeGreaterThan(5);
    await expect(upm, 'the dragged point is the user’s').toHaveAttribute('data-source', 'modified');
    await expect(listItem(page, 'UPM'), 'no longer listed as constructed').not.toHaveAttribute('data-source');
    await expect(page.getByTestId('landmark-source')).toHaveAttribute('data-source', 'hand');
    await expect(marker(page, 'LPM'), 'the others stay constructed').toHaveAttribute('data-source', 'constructed');
    await t.screenshot(page, 'constructed-dragged-en');
    await zoomOnIncisors(page);
    await t.screenshot(page, 'constructed-zoom-en');
  },
  FLOW,
);

test(
  'constructed points: marked in Korean too',
  async (t) => {
    const page = await openViewer(t, 'constructed-ko', 'ko');
    await constructedShown(page);
    await page.getByTestId('panel-tab-landmarks').click();
    const badge = listItem(page, 'stA').getByTestId('landmark-badge');
    await badge.waitFor();
    await expect(badge).toHaveText('구성됨', { useInnerText: true });
    await expect(badge).toHaveAttribute('title', /구성한 추정 위치/);
    await listItem(page, 'stA').locator('.landmark-item__main').click();
    await expect(page.getByTestId('landmark-source')).toHaveAttribute('data-source', 'constructed');
    await zoomOnIncisors(page);
    await t.screenshot(page, 'constructed-list-ko');
  },
  FLOW,
);
