import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expect } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { cookieValue, fromIp, signInThroughUi } from '../src/sign-in.ts';

const DAY_S = 24 * 60 * 60;

test('auth: a protected route sends a signed-out visitor home', async (t) => {
  const { page } = await t.newPage();
  for (const path of ['/list/0', '/view/1', '/create', '/viewer/abc', '/setting', '/myinfo', '/reset-password']) {
    await page.goto(path);
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  }
});

test('auth: sign-in form messages (both required, wrong credentials)', async (t) => {
  const user = newUser('signin-msg');
  const { page } = await t.newPage(fromIp(user.ip));
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const error = page.getByTestId('sign-in-error');
  await error.getByText('Please input both of e-mail and password.').waitFor();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await error.getByText('Please input both of e-mail and password.').waitFor();
  await page.getByLabel('Password', { exact: true }).fill('Wrong-pass1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await error.getByText('The input information is not correct.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  await t.screenshot(page, 'sign-in-error');
});

test('auth: sign in, "Save email" keeps the email for 7 days, sign out clears the session', async (t) => {
  const user = newUser('save-email');
  await createActivatedUser(t.baseUrl, user);
  const { page, context } = await t.newPage(fromIp(user.ip));
  await signInThroughUi(page, user, { saveEmail: true });
  await page.getByTestId('user-menu').getByText(user.name).waitFor();
  expectTruthy(await cookieValue(context, 'token'));
  // The refresh token is the server's HttpOnly, SameSite=Strict cookie: script on the page cannot read it.
  const refresh = (await context.cookies()).find((c) => c.name === 'refreshToken');
  expectTruthy(refresh?.value, 'refreshToken cookie set');
  expect(refresh.httpOnly).toBe(true);
  expect(refresh.sameSite).toBe('Strict');
  await expect.poll(async () => (await page.evaluate(() => document.cookie)).includes('refreshToken')).toBe(false);
  const info = JSON.parse(decodeURIComponent((await cookieValue(context, 'i')) ?? '{}')) as { email?: string };
  expect(info.email).toBe(user.email);
  const saved = (await context.cookies()).find((c) => c.name === 'savedEmail');
  expect(decodeURIComponent(saved?.value ?? '')).toBe(user.email);
  const days = ((saved?.expires ?? 0) - Date.now() / 1000) / DAY_S;
  expectTruthy(days > 6.9 && days <= 7.01, `savedEmail lives ${days} days`);

  // the header dropdown: email, first name, settings, sign out
  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await expect(menu).toHaveText(new RegExp(user.email.replace(/[.+]/g, '\\$&')), { useInnerText: true });
  await t.screenshot(page, 'signed-in-user-menu');
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/logout'));
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await logout;
  await page.waitForURL((u) => u.pathname === '/');
  // Cookies are the context's state, not the DOM's: polled.
  await expect.poll(() => cookieValue(context, 'token'), { message: 'token cookie cleared' }).toBeUndefined();
  await expect.poll(() => cookieValue(context, 'i')).toBe(undefined);
  await expect
    .poll(() => cookieValue(context, 'refreshToken'), { message: 'refresh cookie cleared by the server at logout' })
    .toBeUndefined();

  // the saved email is filled in on the next visit
  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await expect(page.getByTestId('save-email')).toBeChecked();
  await page.goto('/list/0');
  await page.waitForURL((u) => u.pathname === '/');
});
