import { expect } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { animationsDone, pauseClock } from '../src/expect.ts';

test('toast: slides in at 400 px and hides itself after 3 s', async (t) => {
  const { page } = await t.newPage();
  await page.clock.install();
  await page.goto('/toast');
  await pauseClock(page); // the page's timers move only when the test says so
  await page.getByRole('button', { name: 'Success toast' }).click();
  const toast = page.getByTestId('toast');
  await toast.waitFor();
  const animation = await toast.evaluate((el) => getComputedStyle(el).animationDuration);
  expect(animation).toBe('0.5s');
  await animationsDone(toast);
  const box = await toast.boundingBox();
  expectTruthy(box && Math.round(box.width) === 400, `toast width ${box?.width}`);
  await t.screenshot(page, 'toast-success');

  await page.clock.runFor(2999);
  await expect(toast, 'still visible 1 ms before 3 s').toHaveCount(1);
  await page.clock.runFor(1);
  await expect(toast, 'hidden at 3 s').toHaveCount(0);
});

test('toast: a hovered toast stays; it hides 3 s after the pointer leaves', async (t) => {
  const { page } = await t.newPage();
  await page.clock.install();
  await page.goto('/toast');
  await pauseClock(page);
  await page.getByRole('button', { name: 'Error toast' }).click();
  const toast = page.getByTestId('toast');
  await toast.hover();
  await page.clock.runFor(4500);
  await expect(toast, 'hovered toast still there after 4.5 s').toHaveCount(1);
  await page.mouse.move(300, 600);
  await page.clock.runFor(2999);
  await expect(toast, 'still there 1 ms before 3 s after the pointer left').toHaveCount(1);
  await page.clock.runFor(1);
  await expect(toast, 'hidden 3 s after the pointer left').toHaveCount(0);
});

test('toast: identical warnings are not duplicated; dismiss one; Clear all', async (t) => {
  const { page } = await t.newPage();
  await page.clock.install();
  await page.goto('/toast');
  // The page's timers move only when the test says so: the toasts' 3 s do not run out while a busy machine clicks.
  await pauseClock(page);
  const warn = page.getByRole('button', { name: 'Warning toast' });
  await warn.click();
  await warn.click();
  await warn.click();
  await page.getByRole('button', { name: 'Success toast' }).click();
  await page.getByRole('button', { name: 'Error toast' }).click();
  const toasts = page.getByTestId('toast');
  await expect(page.locator('[data-testid="toast"][data-kind="warning"]'), 'one warning for three identical ones').toHaveCount(1);
  await expect(toasts).toHaveCount(3);
  await animationsDone(toasts); // slide-in finished
  await t.screenshot(page, 'toast-stack');

  await page.locator('[data-testid="toast"][data-kind="success"]').getByRole('button', { name: 'Dismiss' }).click();
  await expect(toasts, 'one dismissed').toHaveCount(2);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(toasts, 'all cleared').toHaveCount(0);
});

test('toast: on the home page toasts do not auto-hide, and they survive a reload', async (t) => {
  const { page } = await t.newPage();
  await page.clock.install();
  await page.goto('/toast');
  // Paused: on /toast the toast hides itself after 3 s, which a busy machine could spend before the page is home.
  await pauseClock(page);
  await page.getByRole('button', { name: 'Warning toast' }).click();
  await page.getByTestId('logo').click(); // client-side navigation home
  await page.waitForURL((u) => u.pathname === '/');
  await page.clock.fastForward(4000);
  await expect(page.getByTestId('toast'), 'still shown on home after 4 s').toHaveCount(1);
  await page.reload();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await expect(page.getByTestId('toast'), 'restored from sessionStorage').toHaveCount(1);
});

test('toast: a toast on screen takes the new language, and the header menu opens above it', async (t) => {
  const { page } = await t.newPage({ locale: 'en-US' });
  await page.clock.install();
  await page.goto('/toast');
  await pauseClock(page); // the toast cannot hide itself while the test works the menu
  await page.getByRole('button', { name: 'Success toast' }).click();
  const title = page.getByTestId('toast').locator('.toast__title');
  await expect(title).toHaveText('Success');
  await page.getByTestId('language-picker').click();
  // Under the toast before the fix: the click waited until the toast went away.
  await page.locator('[role=menuitemradio][lang=ko]').click({ timeout: 5000 });
  await page.getByRole('button', { name: '성공 토스트' }).waitFor();
  await expect(title).toHaveText('성공');
  await animationsDone(page.getByTestId('toast'));
  await t.screenshot(page, 'toast-after-language-change-ko');
});
