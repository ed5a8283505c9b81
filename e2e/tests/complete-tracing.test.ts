import { expect, type Locator, type Page } from '@playwright/test';
import { openDatasetChart } from '../src/dataset-chart.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { test, type TestContext } from '../src/harness.ts';

/**
 * A complete tracing (issue 28, item 2): on a dataset film the tracing has first-molar outlines fitted
 * to U6/L6 (packages/ceph molar-templates.ts) beside the incisor ones, and contours that follow the film
 * between landmarks (packages/ceph contours/, traced in a Web Worker: lib/contour-worker.ts). A tooth
 * template can be dragged; its offset is stored with the chart and comes back after a reload.
 */

const FLOW = { timeoutMs: 180_000 };
const TEMPLATES = ['upper-incisor-outline', 'lower-incisor-outline', 'upper-molar-outline', 'lower-molar-outline'];

const openViewer = (t: TestContext, label: string, language: string) =>
  openDatasetChart(t, {
    label,
    language,
    patient: { first_name: 'Contour Lee', birth_info: '1990-02-03', gender: true },
    shootDate: '2025-09-01',
  });

const template = (page: Page, id: string): Locator => page.locator(`[data-template="${id}"]`);
const contour = (page: Page, id: string): Locator => page.locator(`[data-contour="${id}"]`);
const marker = (page: Page, id: string): Locator => page.locator(`[data-testid="landmark"][data-id="${id}"]`);

/** All four tooth templates drawn, and the film's contours traced, the mandibular border on the film. */
async function tracingComplete(page: Page): Promise<void> {
  for (const id of TEMPLATES) await expect(template(page, id)).toHaveCount(1);
  for (const id of ['mandibular-border', 'ramus', 'anterior-maxilla']) await expect(contour(page, id)).toHaveCount(1, { timeout: 30_000 });
  // data-follows-image: one digit per gap, 1 = the film placed it, 0 = the landmark-curve fallback.
  // On this film the lower border is clear; the ramus behind the pharynx may fall back (a '0' is allowed there).
  await expect(contour(page, 'mandibular-border')).toHaveAttribute('data-follows-image', '1');
  await expect(contour(page, 'ramus')).toHaveAttribute('data-follows-image', /^[01]$/);
  // The contour replaces the landmark curve on its gaps: the mandible outline is drawn in pieces around it.
  // Mandible Co-Ar-Go-Me-Gn-...: Co-Ar keeps the outline's id, Me onwards is its third piece (Ar-Go-Me are contours).
  await expect(page.locator('[data-outline="mandible"]')).toHaveCount(1);
  await expect(page.locator('[data-outline="mandible-2"]')).toHaveCount(1);
  await expect(contour(page, 'mandibular-border')).toHaveAttribute('d', /^M[\d. ]+(L[\d. ]+){10,}$/);
}

/** Zooms in about a landmark marker (the wheel zooms about the pointer). */
async function zoomOn(page: Page, id: string, clicks: number): Promise<void> {
  const box = await marker(page, id).boundingBox();
  if (!box) throw new Error(`${id} is not on screen`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < clicks; i++) await page.mouse.wheel(0, -120);
}

test(
  'complete tracing: molar outlines and film contours are drawn, a dragged template stays moved after a reload',
  async (t) => {
    const { page } = await openViewer(t, 'tracing-en', 'en');
    await tracingComplete(page);
    await t.screenshot(page, 'complete-tracing-en');

    const molar = template(page, 'upper-molar-outline');
    await expect(molar).toHaveAttribute('data-moved', 'false');
    const before = await molar.getAttribute('d');
    const box = await molar.boundingBox();
    if (!box) throw new Error('the upper molar outline is not on screen');
    // Pressed on the outline's root area, away from the U6 marker at its mesial contact.
    const from = { x: box.x + box.width * 0.35, y: box.y + box.height * 0.3 };
    const saved = page.waitForResponse((r) => r.url().includes('/graphql') && (r.request().postData() ?? '').includes('templates'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 30, from.y + 10, { steps: 8 });
    await page.mouse.up();
    await saved;
    await expect(molar).toHaveAttribute('data-moved', 'true');
    const moved = await molar.getAttribute('d');
    expect(moved).not.toEqual(before);
    const offset = (await molar.getAttribute('data-offset')) ?? '';
    const [dx, dy] = offset.split(' ').map(Number);
    // Screen px over the view's scale: left and down on the film; the other templates stay as fitted.
    expect(dx).toBeLessThan(-5);
    expect(dy).toBeGreaterThan(0);
    await expect(template(page, 'lower-molar-outline')).toHaveAttribute('data-moved', 'false');
    await t.screenshot(page, 'complete-tracing-dragged-en');

    await page.reload();
    await expectAiLandmarks(page, 30_000);
    await expect(template(page, 'upper-molar-outline')).toHaveAttribute('data-offset', offset);
    await expect(template(page, 'upper-molar-outline')).toHaveAttribute('d', moved ?? '');

    await zoomOn(page, 'Go', 30);
    await t.screenshot(page, 'complete-tracing-mandible-en');
  },
  FLOW,
);

test(
  'complete tracing: drawn in Japanese too, the mandibular border contour on the film',
  async (t) => {
    const { page } = await openViewer(t, 'tracing-ja', 'ja');
    await tracingComplete(page);
    await expect(template(page, 'upper-molar-outline').locator('title')).toHaveText(
      '歯の輪郭：ドラッグで移動、Shift+ドラッグで回転します。',
    );
    await t.screenshot(page, 'complete-tracing-ja');
    await zoomOn(page, 'Me', 30);
    await t.screenshot(page, 'complete-tracing-mandible-ja');
  },
  FLOW,
);
