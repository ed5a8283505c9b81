import { expect } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';

const DAY_S = 24 * 60 * 60;

test('footer: version, company and device lines; hidden on the viewer', async (t) => {
  const { page } = await t.newPage({}, { signedIn: true });
  await page.goto('/list/0');
  const footer = page.getByTestId('footer');
  await footer.waitFor();
  await page.getByTestId('footer-company').getByText('DDH Inc.', { exact: false }).waitFor(); // from /public/site-info
  const text = await footer.innerText();
  expect(text).toMatch(/Ver 3\.00\.00 \(2023-03-24\)/);
  expect(text).toMatch(/Terms of service/);
  expect(text).toMatch(/Privacy policy/);
  expect(text).toMatch(/Class 2 medical device/);
  // The company is the server's COMPANY_NAME (default DDH Inc.); no UDI_CODE configured: no UDI item, never "not set".
  expect(text).toMatch(/© 2023 DDH Inc\./);
  expect(text).not.toMatch(/UDI code|not set/);
  await expect(page.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
  const box = await footer.boundingBox();
  expectTruthy(box && box.height >= 100, `footer height ${box?.height}`);
  const header = await page.locator('header.header').boundingBox();
  expectTruthy(header && header.height >= 50, `header height ${header?.height}`);

  await page.goto('/viewer/x');
  await page.getByRole('heading', { name: 'Viewer' }).waitFor();
  await expect(page.getByTestId('footer')).toHaveCount(0);
  await page.getByTestId('back-button').waitFor();
  await t.screenshot(page, 'viewer');
});

/**
 * Records every document.cookie write, so the requested lifetime can be checked. A string, not a
 * function: tsx would wrap a function with helpers that do not exist in the page.
 */
const recordCookieWrites = `
  (() => {
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    window.cookieWrites = [];
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => native.get.call(document),
      set: (value) => { window.cookieWrites.push(value); native.set.call(document, value); },
    });
  })();
`;

test('cookie banner: shown, accepted for 9999 days, stays hidden after reload', async (t) => {
  const { page, context } = await t.newPage({}, { cookieNotice: true });
  await page.addInitScript({ content: recordCookieWrites });
  await page.goto('/');
  const banner = page.getByTestId('cookie-banner');
  await banner.waitFor();
  await t.screenshot(page, 'home-cookie-banner');
  await banner.getByRole('button', { name: 'Accept' }).click();
  await banner.waitFor({ state: 'detached' });

  // The app asks for 9999 days ...
  const writes = await page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites);
  const write = writes.find((w) => w.startsWith('cookieAgreement=true'));
  const expires = Date.parse(/expires=([^;]+)/.exec(write ?? '')?.[1] ?? '');
  const requestedDays = (expires - Date.now()) / (DAY_S * 1000);
  expectTruthy(requestedDays > 9998 && requestedDays <= 9999.01, `requested lifetime ${requestedDays} days (${write})`);
  // ... and Chrome keeps it as long as it allows any cookie (it caps lifetimes at 400 days).
  const cookie = (await context.cookies()).find((c) => c.name === 'cookieAgreement');
  expect(cookie?.value).toBe('true');
  const keptDays = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
  expect(keptDays, `stored lifetime ${keptDays} days`).toBeGreaterThan(399);

  await page.reload();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
});

test('back button: from settings returns to the list page visited before', async (t) => {
  const { page } = await t.newPage({}, { signedIn: true });
  await page.goto('/list/2');
  await page.getByRole('heading', { name: 'Patient list' }).waitFor();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL((u) => u.pathname === '/setting');
  await page.getByRole('link', { name: 'My info' }).click();
  await page.waitForURL((u) => u.pathname === '/myinfo');
  await page.getByTestId('back-button').click();
  await page.waitForURL((u) => u.pathname === '/list/2');
});

test('back button: from a viewer with no list page in history goes to list page 0', async (t) => {
  const { page } = await t.newPage({}, { signedIn: true });
  await page.goto('/viewer/abc');
  await page.getByTestId('back-button').click();
  await page.waitForURL((u) => u.pathname === '/list/0');
});
