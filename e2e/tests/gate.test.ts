import { test } from '../src/harness.ts';
import { expect } from '@playwright/test';

const OFFLINE = 'You are currently offline. Please check your internet connection.';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('gate: offline shows only the offline message, and the app returns when online', async (t) => {
  const { page, context } = await t.newPage({}, { signedIn: true });
  await page.goto('/list/0');
  await page.getByRole('heading', { name: 'Patient list' }).waitFor();

  await context.setOffline(true);
  await page.getByText(OFFLINE).waitFor();
  const body = (await page.locator('body').innerText()).trim();
  expect(body).toBe(OFFLINE);
  await expect(page.locator('header.header')).toBeHidden();
  await t.screenshot(page, 'gate-offline');

  await context.setOffline(false);
  await page.getByRole('heading', { name: 'Patient list' }).waitFor();
});

test('gate: a window below 1100 x 768 gets the minimum-size message', async (t) => {
  const { page } = await t.newPage({ viewport: { width: 1000, height: 700 } });
  await page.goto('/');
  const gate = page.getByTestId('gate');
  await gate.waitFor();
  await expect(gate).toHaveAttribute('data-verdict', 'too-small');
  await expect(gate).toContainText(/at least 1100 × 768 pixels/, { useInnerText: true });
  await t.screenshot(page, 'gate-too-small');

  await page.setViewportSize({ width: 1100, height: 768 });
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
});

test('gate: Firefox and Edge are refused with "use Chrome"', async (t) => {
  for (const userAgent of [FIREFOX, EDGE]) {
    const { page } = await t.newPage({ userAgent });
    await page.goto('/');
    const gate = page.getByTestId('gate');
    await gate.waitFor();
    await expect(gate).toHaveAttribute('data-verdict', 'not-chrome');
    await expect(gate).toContainText(/Google Chrome/, { useInnerText: true });
    if (userAgent === FIREFOX) await t.screenshot(page, 'gate-not-chrome');
  }
});

test('gate: a phone is refused with "needs a computer"', async (t) => {
  const { page } = await t.newPage({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto('/');
  const gate = page.getByTestId('gate');
  await gate.waitFor();
  await expect(gate).toHaveAttribute('data-verdict', 'mobile');
  await expect(gate).toContainText(/needs a computer/, { useInnerText: true });
});

test('gate: headless Chromium in a 1280 x 800 window passes', async (t) => {
  const { page } = await t.newPage();
  await page.goto('/');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const ua = await page.evaluate(() => navigator.userAgent);
  expect(ua).toMatch(/Chrome\//);
  await expect(page.getByTestId('gate'), 'no gate').toHaveCount(0);
});
