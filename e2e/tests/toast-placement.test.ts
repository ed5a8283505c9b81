import { expect, type Locator, type Page } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { animationsDone, pauseClock } from '../src/expect.ts';
import { test, type TestContext } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  expectTruthy(box, `${what} is on screen`);
  return box;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast demo's three buttons, in the page's language (the demo reads them from the dictionary). */
const DEMO_BUTTONS: Record<string, RegExp> = { en: /toast$/i, ja: /トースト/ };

/**
 * Three toasts (success, warning, error) pushed on /toast; the stack lives in sessionStorage, so they
 * come along to the next screen. The page's clock is paused so none hides itself meanwhile.
 */
async function pushThreeToasts(page: Page, language: string): Promise<void> {
  await page.goto('/toast');
  const buttons = page.locator('.demo-card__actions button').filter({ hasText: DEMO_BUTTONS[language] ?? /./ });
  await expect(buttons, 'three demo buttons').toHaveCount(3);
  for (const button of await buttons.all()) await button.click();
  await page.getByTestId('toast').nth(2).waitFor();
}

/**
 * Waits for `locator` while the page's clock is paused, moving it on by small steps (the screen's own
 * timers and react-query's scheduling need it), at most 1.2 s in all: the toasts (3 s) stay up.
 */
async function waitStepping(page: Page, locator: Locator, what: string): Promise<void> {
  let ranMs = 0;
  const shown = async () => {
    if (await locator.isVisible()) return 'shown';
    if (ranMs >= 1200) return `not shown after ${ranMs} ms of the page's time`;
    await page.clock.runFor(3);
    ranMs += 3;
    return 'waiting';
  };
  await expect.poll(shown, { message: `${what} shows within 1.2 s of the page's time`, intervals: [0], timeout: 20_000 }).toBe('shown');
}

/** Neither the stack nor any toast overlaps `control`. */
async function assertClear(page: Page, control: Locator, what: string): Promise<void> {
  const target = await boxOf(control, what);
  const toasts = page.getByTestId('toast');
  await expect(toasts, 'three toasts shown').toHaveCount(3);
  await animationsDone(toasts);
  const stack = await boxOf(page.getByTestId('toast-stack'), 'toast stack');
  expect(overlaps(stack, target), `the toast stack ${JSON.stringify(stack)} covers ${what} ${JSON.stringify(target)}`).toBeFalsy();
  for (const toast of await toasts.all()) expect(overlaps(await boxOf(toast, 'toast'), target), `a toast covers ${what}`).toBeFalsy();
  // And the control takes a click with the toasts up.
  await control.click({ trial: true, timeout: 2000 });
}

async function newPatientClear(t: TestContext, language: string, size: { width: number; height: number }) {
  const { page } = await t.newPage({ viewport: size }, { signedIn: true });
  await page.clock.install();
  await page.addInitScript((lang) => localStorage.setItem('ceppro.language', lang), language);
  await pushThreeToasts(page, language);
  await page.goto('/list/0');
  await pauseClock(page, 1);
  const newPatient = page.getByTestId('new-patient');
  await waitStepping(page, newPatient, 'New patient');
  await assertClear(page, newPatient, 'the New patient button');
  return page;
}

test('toast placement: toasts on the patient list leave New patient uncovered (English 1100 x 768, Japanese 1280 x 800)', async (t) => {
  const small = await newPatientClear(t, 'en', { width: 1100, height: 768 });
  await t.screenshot(small, 'toast-placement-list-en');
  const large = await newPatientClear(t, 'ja', { width: 1280, height: 800 });
  await t.screenshot(large, 'toast-placement-list-ja');
});

async function viewerClear(t: TestContext, language: string, size: { width: number; height: number }): Promise<Page> {
  const { user, api } = await datasetUser(t, `toast-place-${language}`);
  const { chartUuid } = await api.createPatient(
    { first_name: 'Toast Park', birth_info: '1990-02-03', gender: false },
    { ceph: cephalogramPath(1), shootDate: '2025-10-01' },
  );
  const { page } = await t.newPage({ ...fromIp(user.ip), viewport: size });
  await signInThroughUi(page, user);
  await page.clock.install();
  await page.evaluate((lang) => localStorage.setItem('ceppro.language', lang), language);
  await pushThreeToasts(page, language);
  await page.goto(`/viewer/${chartUuid}`);
  await pauseClock(page, 1);
  await waitStepping(page, page.getByTestId('viewer-image'), 'the film');
  await assertClear(page, page.locator('.film-controls'), 'the brightness/contrast panel');
  for (const tab of await page.locator('[data-testid^="panel-tab-"]').all()) {
    expect(
      overlaps(await boxOf(page.getByTestId('toast-stack'), 'stack'), await boxOf(tab, 'tab')),
      'the stack covers a side panel tab',
    ).toBeFalsy();
  }
  return page;
}

test(
  'toast placement: toasts on the viewer leave the brightness/contrast panel uncovered (English and Japanese, 1100 x 768)',
  async (t) => {
    const en = await viewerClear(t, 'en', { width: 1100, height: 768 });
    await t.screenshot(en, 'toast-placement-viewer-en');
    const ja = await viewerClear(t, 'ja', { width: 1100, height: 768 });
    await t.screenshot(ja, 'toast-placement-viewer-ja');
  },
  { timeoutMs: 150_000 },
);
