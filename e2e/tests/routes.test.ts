import { expect } from '@playwright/test';
import { test } from '../src/harness.ts';

const pathOf = (url: string) => new URL(url).pathname;

test('routes: an unknown path redirects home', async (t) => {
  const { page } = await t.newPage();
  await page.goto('/this/does/not/exist');
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
});

test('routes: /list, /list/{p}, /list/:p and /list/abc redirect to /list/0', async (t) => {
  const { page } = await t.newPage({}, { signedIn: true });
  for (const from of ['/list', '/list/{p}', '/list/:p', '/list/abc']) {
    await page.goto(from);
    await page.waitForURL((u) => u.pathname === '/list/0');
    await page.getByRole('heading', { name: 'Patient list' }).waitFor();
  }
  await page.goto('/list/4');
  await page.getByRole('heading', { name: 'Patient list' }).waitFor();
  await page.getByTestId('pager').waitFor(); // the token is fake: the table shows its error state, the page is still /list/4
  expect(pathOf(page.url())).toBe('/list/4');
});

test('routes: every account path shows the one settings screen', async (t) => {
  const { page } = await t.newPage({}, { signedIn: true });
  const expected: Array<[string, string]> = [
    ['/setting', 'Settings'],
    ['/drawing-pad', 'Drawing pad'],
    ['/membership', 'Membership'],
    ['/myinfo', 'My info'],
    ['/reset-email', 'Change email'],
    ['/reset-password', 'Change password'],
    ['/reset-mobile', 'Change mobile number'],
  ];
  for (const [path, title] of expected) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('navigation', { name: 'Account sections' }).waitFor();
  }
  await t.screenshot(page, 'account-reset-mobile');
});

test('routes: 404 and 500 pages exist', async (t) => {
  const { page } = await t.newPage();
  await page.goto('/404');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.goto('/500');
  await page.getByRole('heading', { name: 'This page isn’t working' }).waitFor();
  await t.screenshot(page, 'error-500');
});

test('server: the app is served at /, at a client route and for assets', async (t) => {
  const { page } = await t.newPage();
  for (const path of ['/', '/list/0', '/viewer/some-uuid', '/favicon.svg']) {
    const res = await page.request.get(path);
    expect(res.status(), `GET ${path} -> ${res.status()}`).toBe(200);
  }
  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(/<div id="root">/);
});
