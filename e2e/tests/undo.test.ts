import { expect, type Locator, type Page } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * One undo history for the whole record (apps/web/src/features/viewer/documents/record-store.ts):
 * Ctrl+Z undoes the last edit whatever document it touched. A landmark is dragged, then a line is
 * drawn; Ctrl+Z takes the line away, then the drag; Ctrl+Shift+Z brings both back in order, and what
 * is shown after the undo and redo is what is saved and read back after a reload.
 */

const landmark = (page: Page, id: string): Locator => page.locator(`[data-testid="landmark"][data-id="${id}"]`);
const xOf = async (locator: Locator): Promise<number> => Number(await locator.getAttribute('data-x'));

async function shapes(page: Page, n: number, what: string): Promise<void> {
  await expect(page.getByTestId('drawing-layer'), what).toHaveAttribute('data-count', String(n), { timeout: 10_000 });
}

test(
  'undo: one history across landmarks and drawing: Ctrl+Z undoes the drawn line, then the landmark drag; redo; the result is saved',
  async (t) => {
    const { user, api } = await datasetUser(t, 'undo');
    const { chartUuid } = await api.createPatient(
      { first_name: 'Undo Park', birth_info: '1990-02-03', gender: false },
      { ceph: cephalogramPath(0), shootDate: '2025-10-01' },
    );
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${chartUuid}`);
    await page.getByTestId('viewer-image').waitFor();
    await expectAiLandmarks(page, 20_000);
    await page.getByTestId('panel-tab-landmarks').click();

    // 1. A landmark drag.
    const a = landmark(page, 'A');
    const ax0 = await xOf(a);
    const dot = await a.locator('.landmark__dot').boundingBox();
    expectTruthy(dot, 'the A point is on screen');
    await page.mouse.move(dot.x + dot.width / 2, dot.y + dot.height / 2);
    await page.mouse.down();
    await page.mouse.move(dot.x + dot.width / 2 + 25, dot.y + dot.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => xOf(a), { message: 'A moved right' }).toBeGreaterThan(ax0 + 5);
    const ax1 = await xOf(a);

    // 2. A drawn pen stroke (the pad's default tool).
    await page.getByTestId('drawing-mode').click();
    const stage = await page.getByTestId('viewer-stage').boundingBox();
    expectTruthy(stage, 'the stage is on screen');
    await page.mouse.move(stage.x + stage.width * 0.45, stage.y + stage.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(stage.x + stage.width * 0.6, stage.y + stage.height * 0.3, { steps: 8 });
    await page.mouse.up();
    await shapes(page, 1, 'the stroke drawn');

    // Undo twice: the stroke (the last edit), then the drag (another document).
    await page.keyboard.press('Control+z');
    await shapes(page, 0, 'the first undo takes the stroke away');
    expect(Math.abs((await xOf(a)) - ax1), 'the drag stays after the first undo').toBeLessThan(0.05);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => Math.abs((await xOf(a)) - ax0), { message: 'the second undo puts A back' }).toBeLessThan(0.05);
    await shapes(page, 0, 'still no stroke');

    // Redo twice, in the same order.
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => Math.abs((await xOf(a)) - ax1), { message: 'the first redo moves A again' }).toBeLessThan(0.05);
    await shapes(page, 0, 'the stroke waits for the second redo');
    await page.keyboard.press('Control+Shift+z');
    await shapes(page, 1, 'the second redo brings the stroke back');
    await expect(page.getByTestId('drawing-save-status'), 'drawing saved').toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
    await t.screenshot(page, 'undo-redo-both');

    // Leaving the Landmarks tab saves the landmarks; a reload shows both documents as left.
    await page.getByTestId('panel-tab-analysis').click();
    await expect(page.getByTestId('save-state'), 'landmarks saved').toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await page.reload();
    await page.getByTestId('viewer-image').waitFor();
    await expectAiLandmarks(page, 20_000);
    await expect.poll(async () => Math.abs((await xOf(a)) - ax1), { message: 'A as saved after a reload' }).toBeLessThan(0.05);
    await shapes(page, 1, 'the stroke as saved after a reload');
  },
  { timeoutMs: 150_000 },
);
