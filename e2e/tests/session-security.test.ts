import { createActivatedUser, followMailedLink, newUser } from '../src/accounts.ts';
import { expect } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { pauseClock } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { expiredCopy } from '../src/expired-token.ts';
import { linkIn, newestMail, outboxMark, serverDataDir } from '../src/outbox.ts';
import { E2E_ACCESS_TOKEN_TTL_S } from '../src/server.ts';
import { cookieValue, fromIp, signInThroughUi } from '../src/sign-in.ts';

/** Shortens the app's session timers in this context (config/session.ts reads these keys). */
const timers = (values: { loginCheckMs?: number; lockAfterMs?: number }) => `
  ${values.loginCheckMs ? `localStorage.setItem('ceppro.loginCheckMs', '${values.loginCheckMs}');` : ''}
  ${values.lockAfterMs ? `localStorage.setItem('ceppro.lockAfterMs', '${values.lockAfterMs}');` : ''}
`;

test('session: sign-in from a new IP is blocked until the mailed approval link is followed', async (t) => {
  const user = newUser('new-ip');
  await createActivatedUser(t.baseUrl, user);
  const first = await t.newPage(fromIp(user.ip));
  await signInThroughUi(first.page, user); // the first sign-in approves this IP

  const other = await t.newPage(fromIp('10.1.2.3'));
  const mark = outboxMark();
  await other.page.goto('/');
  await other.page.getByLabel('Email', { exact: true }).fill(user.email);
  await other.page.getByLabel('Password', { exact: true }).fill(user.password);
  await other.page.getByRole('button', { name: 'Sign in' }).click();
  await other.page
    .getByText('The service is unavailable because the current IP differs from the previous one.', { exact: false })
    .waitFor();
  await expect.poll(() => cookieValue(other.context, 'token')).toBe(undefined);
  await t.screenshot(other.page, 'sign-in-new-ip-blocked');

  const mail = await newestMail(user.email, mark);
  expect(mail).toMatch(/10\.1\.2\.3/);
  await followMailedLink(linkIn(mail), '10.1.2.3');

  await other.page.getByRole('button', { name: 'Sign in' }).click();
  await other.page.waitForURL((u) => u.pathname === '/list/0');
});

test('session: a second sign-in elsewhere logs the first out (notice, then 3 s)', async (t) => {
  const user = newUser('duplicate');
  await createActivatedUser(t.baseUrl, user);
  const first = await t.newPage(fromIp(user.ip));
  await first.page.addInitScript({ content: timers({ loginCheckMs: 1500 }) });
  await first.page.clock.install();
  await signInThroughUi(first.page, user);

  const second = await t.newPage(fromIp(user.ip));
  await signInThroughUi(second.page, user);

  // A login check (every 1.5 s here) meets the newer session; then the first page's clock stops,
  // so the 3 s logout countdown moves only when the test moves it.
  const popup = first.page.getByTestId('confirm-popup');
  await popup.getByText('Duplicate login user').waitFor({ timeout: 8000 });
  await pauseClock(first.page, 1);
  await popup.getByText('You will be logged out in 3 seconds.').waitFor();
  await t.screenshot(first.page, 'duplicate-login-notice');
  expectTruthy(await cookieValue(first.context, 'token'), 'still signed in while the notice shows');
  expect(new URL(first.page.url()).pathname).not.toBe('/');
  await first.page.clock.runFor(3000); // 3 s of the page's time later it is signed out
  await first.page.waitForURL((u) => u.pathname === '/');
  await first.page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  await expect.poll(() => cookieValue(first.context, 'token')).toBe(undefined);

  // the second session is the one that stays
  await second.page.goto('/list/0');
  await second.page.getByRole('heading', { name: 'Patient list' }).waitFor();
});

test('session: any request of a session signed in elsewhere alerts "Duplicate Login!" and reloads signed out', async (t) => {
  const user = newUser('duplicate-request');
  await createActivatedUser(t.baseUrl, user);
  const first = await t.newPage(fromIp(user.ip));
  await signInThroughUi(first.page, user);
  const second = await t.newPage(fromIp(user.ip));
  await signInThroughUi(second.page, user);

  await first.page.goto('/myinfo'); // asks the server for the profile with the old session's token
  const popup = first.page.getByTestId('confirm-popup');
  await popup.getByText('Duplicate Login!').waitFor();
  await t.screenshot(first.page, 'duplicate-login-alert');
  await expect.poll(() => cookieValue(first.context, 'token')).toBe(undefined);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await first.page.waitForURL((u) => u.pathname === '/');
  await first.page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
});

test('session: an expired access token is refreshed and the request succeeds', async (t) => {
  const user = newUser('refresh');
  await createActivatedUser(t.baseUrl, user);
  const { page, context } = await t.newPage(fromIp(user.ip));
  await signInThroughUi(page, user);
  const before = await cookieValue(context, 'token');
  const refreshBefore = await cookieValue(context, 'refreshToken');
  expectTruthy(before && refreshBefore, 'signed in');

  // The browser keeps this session's token from one lifetime ago; the server answers it J002 (expired).
  const expired = expiredCopy(before, serverDataDir(), E2E_ACCESS_TOKEN_TTL_S);
  const withExpired = await fetch(`${t.baseUrl}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${expired}`, 'x-forwarded-for': user.ip, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  expect(withExpired.status).toBe(401);
  expect(await withExpired.text()).toMatch(/J002/);
  await context.addCookies([{ name: 'token', value: expired, url: t.baseUrl }]);

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/refresh-token'));
  await page.goto('/myinfo');
  expect((await refreshed).status()).toBe(200);
  // the profile request that failed with J002 was retried and shows the data
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  const after = await cookieValue(context, 'token');
  // An access token is (user, session, second): a refresh within the second of the sign-in mints
  // the sign-in's token again, so only the expired copy must be gone (the refresh token rotates).
  expectTruthy(after && after !== expired, 'a valid access token in place of the expired one');
  await expect.poll(() => cookieValue(context, 'refreshToken')).not.toBe(refreshBefore);
  await t.screenshot(page, 'my-info');
});

test('session: the lock screen after inactivity unlocks with the account password', async (t) => {
  const user = newUser('lock');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await page.addInitScript({ content: timers({ lockAfterMs: 2000 }) });
  await page.clock.install();
  await signInThroughUi(page, user);
  const lock = page.getByTestId('lock-screen');
  await page.clock.fastForward(2500); // the page's clock, not the test's: 2.5 s without input
  await lock.waitFor();
  await page.reload();
  await lock.waitFor(); // reloading does not unlock
  await page.getByTestId('lock-password').fill('Wrong-pass1!');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await lock.getByRole('alert').waitFor();
  await t.screenshot(page, 'lock-screen-error');
  await page.getByTestId('lock-password').fill(user.password);
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await lock.waitFor({ state: 'detached' });
  await expect(page.getByRole('heading', { name: 'Patient list' }), 'list visible').toHaveCount(1);
});

test('account: change password (must differ, current must match), then sign in with it', async (t) => {
  const user = newUser('password');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await signInThroughUi(page, user);
  await page.goto('/reset-password');
  await page.getByTestId('rp-current').fill(user.password);
  await page.getByTestId('rp-new').fill(user.password);
  await page.getByTestId('rp-confirm').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).last().click();
  await page.getByText('Same as current password.').waitFor();

  const next = `${user.password}X`;
  await page.getByTestId('rp-current').fill('Not-the-one1!');
  await page.getByTestId('rp-new').fill(next);
  await page.getByTestId('rp-confirm').fill(next);
  await page.getByRole('button', { name: 'Change password' }).last().click();
  await page.getByText('Not matching current password.').waitFor();
  await t.screenshot(page, 'reset-password-error');

  await page.getByTestId('rp-current').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).last().click();
  await page.getByTestId('rp-done').waitFor();
  await page.context().clearCookies({ name: 'token' });
  await signInThroughUi(page, { email: user.email, password: next });
});
