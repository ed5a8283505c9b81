import { expect, type Locator, type Page } from '@playwright/test';
import { openDatasetChart } from '../src/dataset-chart.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { test, type TestContext } from '../src/harness.ts';

/**
 * Loose ends a new user meets in the viewer (Step 9 item 8): Settings' tissue colour and size, plane
 * list and auto zoom-in applied in an open viewer; the film never panned out of sight, nor all under
 * the stage's floating boxes (at 50% it once sat 80 x 80 px in a corner under brightness/contrast);
 * toasts clear of the side panel's tabs and the top bar; "Reset all to AI" asks first; an empty group
 * name says so.
 */

const FLOW = { timeoutMs: 150_000 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A new user with one patient (dataset film, AI landmarks), signed in through the form, viewer open. */
const openViewer = (t: TestContext, label: string, language = 'en'): Promise<{ page: Page; chartUuid: string }> =>
  openDatasetChart(t, {
    label,
    language,
    patient: { first_name: 'Polish Lee', birth_info: '1990-02-03', gender: false },
    shootDate: '2025-10-01',
    landmarksTimeoutMs: 20_000,
  });

async function landmarksShown(page: Page): Promise<void> {
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, 20_000);
}

const landmark = (page: Page, id: string): Locator => page.locator(`[data-testid="landmark"][data-id="${id}"]`);
const dotFill = (page: Page, id: string) =>
  landmark(page, id)
    .locator('.landmark__dot')
    .evaluate((el) => getComputedStyle(el).fill);
const dotRadius = (page: Page, id: string) =>
  landmark(page, id)
    .locator('.landmark__dot')
    .evaluate((el) => Number(el.getAttribute('r')));
const drawnPlanes = (page: Page) => page.locator('[data-plane]').evaluateAll((els) => els.map((e) => e.getAttribute('data-plane')));

async function zoomPercent(page: Page): Promise<number> {
  return Number(/(\d+)\s*%/.exec(await page.getByTestId('viewer-zoom').innerText())?.[1]);
}

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  expectTruthy(box, `${what} is on screen`);
  return box;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The film's rectangle on the page, from the overlay's view transform (`matrix(s 0 0 s tx ty)`, image
 * px -> stage px) and the image size the overlay carries.
 */
async function filmBox(page: Page): Promise<Box> {
  const stage = await boxOf(page.getByTestId('viewer-stage'), 'stage');
  const transform = (await page.getByTestId('overlay-root').getAttribute('transform')) ?? '';
  const [scale = NaN, , , , tx = NaN, ty = NaN] = (/matrix\(([^)]*)\)/.exec(transform)?.[1] ?? '').split(/[\s,]+/).map(Number);
  const overlay = page.getByTestId('landmark-overlay');
  const width = Number(await overlay.getAttribute('data-width')) * scale;
  const height = Number(await overlay.getAttribute('data-height')) * scale;
  return { x: stage.x + tx, y: stage.y + ty, width, height };
}

/** How much of the film is inside the stage, in CSS px along each axis. */
async function filmInView(page: Page): Promise<{ x: number; y: number; film: Box }> {
  const stage = await boxOf(page.getByTestId('viewer-stage'), 'stage');
  const film = await filmBox(page);
  const x = Math.min(film.x + film.width, stage.x + stage.width) - Math.max(film.x, stage.x);
  const y = Math.min(film.y + film.height, stage.y + stage.height) - Math.max(film.y, stage.y);
  return { x, y, film };
}

/** The part of the film that must stay in view: 20% of its on-screen size or 80 px, at most the stage. */
async function assertFilmKept(page: Page, when: string): Promise<void> {
  const stage = await boxOf(page.getByTestId('viewer-stage'), 'stage');
  const { x, y, film } = await filmInView(page);
  const need = (length: number, room: number) => Math.min(Math.max(length * 0.2, 80), length, room) - 1;
  expect(x, `${when}: ${x.toFixed(0)} px of the film's width in view (film ${film.width.toFixed(0)} px)`).toBeGreaterThanOrEqual(
    need(film.width, stage.width),
  );
  expect(y, `${when}: ${y.toFixed(0)} px of the film's height in view (film ${film.height.toFixed(0)} px)`).toBeGreaterThanOrEqual(
    need(film.height, stage.height),
  );
}

/**
 * How much of the film a person can see: points of the film inside the stage (every 8 px) where
 * the page shows the stage itself, not one of its floating boxes (brightness/contrast, legend, the
 * drawing pad's bar). The film once sat 80 x 80 px in a corner, all but hidden under the
 * brightness/contrast box, while the overlap alone said it was in view.
 */
async function filmSeen(page: Page): Promise<{ area: number; seen: Box }> {
  const stage = await boxOf(page.getByTestId('viewer-stage'), 'stage');
  const film = await filmBox(page);
  const left = Math.max(film.x, stage.x);
  const top = Math.max(film.y, stage.y);
  const right = Math.min(film.x + film.width, stage.x + stage.width);
  const bottom = Math.min(film.y + film.height, stage.y + stage.height);
  return page.evaluate(
    ({ left, top, right, bottom }) => {
      const step = 8;
      let count = 0;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (let x = left + step / 2; x < right; x += step)
        for (let y = top + step / 2; y < bottom; y += step) {
          if (document.elementFromPoint(x, y)?.closest('[data-testid="viewer-stage"]') == null) continue;
          count += 1;
          [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
        }
      return { area: count * step * step, seen: { x: minX, y: minY, width: maxX - minX, height: maxY - minY } };
    },
    { left, top, right, bottom },
  );
}

/** The film is in view and at least 80 x 80 px of it are clear of the stage's floating boxes. */
async function assertFilmSeen(page: Page, when: string): Promise<void> {
  await assertFilmKept(page, when);
  const { area, seen } = await filmSeen(page);
  expect(area, `${when}: ${area} px² of the film clear of the floating boxes (${JSON.stringify(seen)})`).toBeGreaterThanOrEqual(80 * 80);
}

/**
 * Drags the film from the middle of the stage's left edge (no landmark, no floating control there)
 * and checks the film did move that way: a drag that never panned would prove nothing.
 */
async function panBy(page: Page, dx: number, dy: number): Promise<void> {
  const stage = await boxOf(page.getByTestId('viewer-stage'), 'stage');
  const before = await filmBox(page);
  const from = { x: stage.x + 40, y: stage.y + stage.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 25 });
  await page.mouse.up();
  const after = await filmBox(page);
  expectTruthy(
    Math.sign(after.x - before.x) === Math.sign(dx) && Math.sign(after.y - before.y) === Math.sign(dy),
    `the drag by ${dx},${dy} panned the film (${before.x},${before.y} -> ${after.x},${after.y})`,
  );
}

test(
  'viewer polish: Settings tissue colour/size, plane list and auto zoom-in show in the open viewer on the next visit, without a reload',
  async (t) => {
    const { page } = await openViewer(t, 'polish-settings');
    // A new account's settings: hard tissue yellow, soft tissue cyan, size 3 (the standard look).
    await expect.poll(() => dotFill(page, 'S'), { message: 'hard tissue yellow for a new account' }).toBe('rgb(255, 255, 0)');
    await expect.poll(() => dotFill(page, 'Ls'), { message: 'soft tissue cyan for a new account' }).toBe('rgb(0, 255, 255)');
    await expect.poll(() => dotRadius(page, 'S')).toBe(3.5);
    await expect
      .poll(async () => (await drawnPlanes(page)).length, { message: 'every plane drawn before a plane list is chosen' })
      .toBeGreaterThanOrEqual(5);
    await page.evaluate(() => Object.assign(window, { __sameApp: true }));

    // Header settings icon: a client-side route change, the app is not reloaded.
    await page.locator('header a[href="/setting"]').click();
    await page.getByTestId('settings-form').waitFor();
    await page.getByTestId('settings-hard-color').fill('#00ff00');
    await page.getByTestId('settings-hard-size').fill('20');
    await page.getByTestId('settings-soft-color').fill('#0000ff');
    for (const id of ['sn', 'palatal', 'occlusal', 'mandibular', 'facial', 'e-line'])
      await page.getByTestId(`settings-plane-${id}`).uncheck();
    await page.getByTestId('settings-auto-zoom').check();
    await t.screenshot(page, 'polish-settings-form');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('toast').filter({ hasText: 'Settings saved' }).waitFor();

    await page.goBack();
    await landmarksShown(page);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __sameApp?: boolean }).__sameApp), { message: 'the app was not reloaded' })
      .toBe(true);
    // Reopened from cached data, the film is fitted again (it was once left at scale 1, overflowing the stage).
    const fitted = await filmInView(page);
    const stageBox = await boxOf(page.getByTestId('viewer-stage'), 'stage');
    expectTruthy(
      fitted.film.width <= stageBox.width + 1 && fitted.film.height <= stageBox.height + 1,
      'the film fits the stage after coming back',
    );
    await expect(landmark(page, 'S').locator('.landmark__dot'), 'hard-tissue landmark S in the hard-tissue colour').toHaveCSS(
      'fill',
      'rgb(0, 255, 0)',
    );
    await expect.poll(() => dotRadius(page, 'S'), { message: 'hard-tissue size 20 = radius 20.5' }).toBe(20.5);
    await expect.poll(() => dotFill(page, 'U1'), { message: 'a tooth counts as hard tissue' }).toBe('rgb(0, 255, 0)');
    await expect.poll(() => dotFill(page, 'Ls'), { message: 'soft-tissue landmark in the soft-tissue colour' }).toBe('rgb(0, 0, 255)');
    await expect.poll(() => dotRadius(page, 'Ls'), { message: 'soft-tissue size untouched: the standard size' }).toBe(3.5);
    const hardLine = await page
      .locator('[data-outline="mandible"]')
      .evaluate((el) => [getComputedStyle(el).stroke, getComputedStyle(el).strokeWidth]);
    expect(hardLine, 'hard-tissue tracing in its colour and size').toStrictEqual(['rgb(0, 255, 0)', '10px']);
    await expect.poll(() => drawnPlanes(page), { message: 'only the plane chosen in Settings' }).toStrictEqual(['fh']);
    await page.getByTestId('toggle-plane').click();
    await expect.poll(() => drawnPlanes(page), { message: 'the Ref. plane toggle still hides them all' }).toStrictEqual([]);
    await page.getByTestId('toggle-plane').click();
    await expect.poll(() => drawnPlanes(page)).toStrictEqual(['fh']);

    // A big marker can be grabbed anywhere on its dot (15 px from its centre; the standard reach is 10 px).
    const s = await boxOf(landmark(page, 'S').locator('.landmark__dot'), 'S');
    const sx0 = Number(await landmark(page, 'S').getAttribute('data-x'));
    await page.mouse.move(s.x + s.width / 2 + 15, s.y + s.height / 2);
    await page.mouse.down();
    await page.mouse.move(s.x + s.width / 2 + 35, s.y + s.height / 2, { steps: 8 });
    await page.mouse.up();
    // A number read from an attribute: no web-first matcher compares it, so it is polled.
    await expect
      .poll(async () => Number(await landmark(page, 'S').getAttribute('data-x')), { message: 'S dragged from the edge of its big dot' })
      .toBeGreaterThan(sx0 + 5);

    // Auto zoom-in: picking a landmark in the list shows it close up, centred.
    await expect.poll(() => zoomPercent(page)).toBe(100);
    await page.locator('[data-testid="landmark-item"][data-id="Me"]').click();
    await expect.poll(() => zoomPercent(page), { message: 'zoomed in to 250% on the selected landmark' }).toBe(250);
    const stage = await boxOf(page.getByTestId('viewer-stage'), 'stage');
    const me = await boxOf(landmark(page, 'Me').locator('.landmark__dot'), 'Me');
    expect(Math.abs(me.x + me.width / 2 - (stage.x + stage.width / 2)), 'Me centred horizontally').toBeLessThan(3);
    await t.screenshot(page, 'polish-viewer-settings-applied');
  },
  FLOW,
);

test(
  'viewer polish: the film stays partly in view, clear of the floating boxes, ' +
    'after long drags into every corner at 50% and 400% and after a window resize',
  async (t) => {
    const { page } = await openViewer(t, 'polish-pan');
    await panBy(page, 3000, 2500);
    await assertFilmSeen(page, 'long drag right/down');
    await panBy(page, -6000, -5000);
    await assertFilmSeen(page, 'long drag left/up');
    const stage = await boxOf(page.getByTestId('viewer-stage'), 'stage');
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
    for (let i = 0; i < 80 && (await zoomPercent(page)) < 400; i += 1) await page.mouse.wheel(0, -100);
    await expect.poll(() => zoomPercent(page)).toBe(400);
    await panBy(page, 9000, 9000);
    await assertFilmSeen(page, '400% and a long drag');
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
    for (let i = 0; i < 120 && (await zoomPercent(page)) > 50; i += 1) await page.mouse.wheel(0, 100);
    await expect.poll(() => zoomPercent(page)).toBe(50);
    // Every corner at 50%, where the film is smallest and the least of it is kept (the
    // brightness/contrast box is bottom left, the legend bottom right, the drawing pad's bar top left).
    for (const [dx, dy, where] of [
      [-4000, 3000, 'bottom left'],
      [8000, 0, 'bottom right'],
      [0, -8000, 'top right'],
      [-8000, 0, 'top left'],
    ] as const) {
      await panBy(page, dx, dy);
      await assertFilmSeen(page, `50% and a long drag to the ${where}`);
      if (where === 'bottom left') await t.screenshot(page, 'polish-pan-bottom-left');
    }
    await page.setViewportSize({ width: 1120, height: 780 }); // the app's smallest window is 1100 x 768
    await expect
      .poll(async () => (await boxOf(page.getByTestId('viewer-stage'), 'stage')).width, { message: 'stage shrank' })
      .toBeLessThan(stage.width);
    await assertFilmSeen(page, 'after the window shrank');
    await panBy(page, 3000, 3000);
    await assertFilmSeen(page, 'small window, a long drag to the bottom right');
    await panBy(page, -6000, 0);
    await assertFilmSeen(page, 'small window, a long drag to the bottom left');
    await t.screenshot(page, 'polish-pan-clamped');
  },
  FLOW,
);

async function toastClearOfViewerControls(t: TestContext, language: string, shot: string, savedTitle: RegExp): Promise<void> {
  const { page } = await openViewer(t, `polish-toast-${language}`, language);
  await page.locator('header a[href="/setting"]').click();
  await page.getByTestId('settings-form').waitFor();
  await page.getByTestId('settings-hard-size').fill('8');
  await t.screenshot(page, `polish-settings-form-${language}`);
  await page.getByTestId('settings-save').click();
  const toast = page.getByTestId('toast').filter({ hasText: savedTitle });
  // Hovered, a toast does not hide itself: it stays while the viewer comes back.
  await toast.hover();
  await page.goBack();
  await page.getByTestId('panel-tab-landmarks').waitFor();
  await toast.hover();
  const stack = await boxOf(page.getByTestId('toast-stack'), 'toast stack');
  expect(Math.round((await boxOf(toast, 'toast')).width), 'toasts stay 400 px wide').toBe(400);
  const tabs = await page.locator('[data-testid^="panel-tab-"]').all();
  expect(tabs.length, 'side panel tabs present').toBeGreaterThanOrEqual(3);
  for (const tab of tabs)
    expect(overlaps(stack, await boxOf(tab, 'tab')), `the toast stack covers tab ${await tab.getAttribute('data-testid')}`).toBeFalsy();
  expect(overlaps(stack, await boxOf(page.getByTestId('viewer-bar'), 'top bar')), 'the toast stack covers the top bar').toBeFalsy();
  expect(
    overlaps(stack, await boxOf(page.locator('.film-controls'), 'film controls')),
    'the toast stack covers the brightness/contrast box',
  ).toBeFalsy();
  await t.screenshot(page, shot);
}

test(
  'viewer polish: a toast on the viewer sits clear of the side panel tabs and the top bar (English)',
  async (t) => {
    await toastClearOfViewerControls(t, 'en', 'polish-toast-en', /Settings saved/);
  },
  FLOW,
);

test(
  'viewer polish: a toast on the viewer sits clear of the side panel tabs and the top bar (Japanese)',
  async (t) => {
    await toastClearOfViewerControls(t, 'ja', 'polish-toast-ja', /設定/);
  },
  FLOW,
);

test(
  'viewer polish: "Reset all to AI" asks first; Cancel keeps the edit, confirming resets; an empty group name is refused with a message',
  async (t) => {
    const { page } = await openViewer(t, 'polish-reset');
    const a = landmark(page, 'A');
    const x0 = Number(await a.getAttribute('data-x'));
    const dot = await boxOf(a.locator('.landmark__dot'), 'A');
    await page.mouse.move(dot.x + dot.width / 2, dot.y + dot.height / 2);
    await page.mouse.down();
    await page.mouse.move(dot.x + dot.width / 2 + 30, dot.y + dot.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => Number(await a.getAttribute('data-x')), { message: 'A moved' }).toBeGreaterThan(x0 + 5);
    const x1 = Number(await a.getAttribute('data-x'));

    await page.getByTestId('reset-ai-all').click();
    const popup = page.getByTestId('confirm-popup');
    await popup.waitFor();
    await expect(popup).toHaveText(/Reset all landmarks to AI\?/, { useInnerText: true });
    await t.screenshot(page, 'polish-reset-all-confirm');
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup.waitFor({ state: 'detached' });
    await expect.poll(async () => Number(await a.getAttribute('data-x')), { message: 'Cancel changes nothing' }).toBe(x1);
    await expect(a).toHaveAttribute('data-source', 'modified');

    await page.getByTestId('reset-ai-all').click();
    await popup.getByRole('button', { name: 'Reset all' }).click();
    await expect
      .poll(async () => Math.abs(Number(await a.getAttribute('data-x')) - x0), { message: 'A back at the AI position' })
      .toBeLessThan(0.05);
    await expect(a).toHaveAttribute('data-source', 'ai');

    await page.getByTestId('panel-tab-analysis').click();
    await page.locator('.analysis-panel__customise').click();
    const groups = await page.getByTestId('custom-group-edit').locator('option').count();
    await page.getByTestId('custom-group-name').fill('   ');
    await page.getByTestId('custom-group-create').click();
    const message = page.getByTestId('custom-group-name-error');
    await message.waitFor();
    await expect(message).toHaveText('Enter a group name.', { useInnerText: true });
    await expect(page.getByTestId('custom-group-name')).toHaveAttribute('aria-invalid', 'true');
    const shown = await boxOf(message, 'group name message');
    const panel = await boxOf(page.locator('.viewer-panel__body'), 'side panel');
    expectTruthy(
      shown.y >= panel.y && shown.y + shown.height <= Math.min(panel.y + panel.height, 900),
      'the message is scrolled into view in the panel',
    );
    await expect(page.getByTestId('custom-group-edit').locator('option'), 'no group was created').toHaveCount(groups);
    await expect(page.getByTestId('custom-group-save'), 'nothing to save').toBeDisabled();
    await t.screenshot(page, 'polish-group-name-required');
  },
  FLOW,
);
