import type { BrowserContext } from 'playwright-core';
import { createActivatedUser, encodePassword, newUser, type TestUser } from './accounts.ts';
import { expect } from '@playwright/test';
import { expectTruthy } from './expect-value.ts';

/**
 * A real signed-in session for a browser context, made through the public API (no sign-in form):
 * a new activated account, its login answer's access token and user info as the app stores them,
 * and the HttpOnly refresh-token cookie the server set. The context poses as the account's address
 * (the e2e server trusts X-Forwarded-For), and the tutorial popup is switched off, so screens that
 * are not about sign-in start signed in as a returning user would.
 */
export async function startApiSession(baseUrl: string, context: BrowserContext, label = 'session'): Promise<TestUser> {
  const user = newUser(label);
  await createActivatedUser(baseUrl, user);
  await signInThroughApi(baseUrl, context, user);
  return user;
}

/**
 * Signs an existing activated account in for `context` through the public API, as `startApiSession`
 * does for a new one. Its last sign-in wins: a session the account opened before (a `PatientsApi`
 * login) is then refused with J005, so seed through the API first, then call this.
 */
export async function signInThroughApi(baseUrl: string, context: BrowserContext, user: TestUser): Promise<void> {
  const res = await fetch(`${baseUrl}/public/login`, {
    method: 'POST',
    headers: { 'x-forwarded-for': user.ip, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: user.email, password: encodePassword(user.password) }),
  });
  const body = (await res.json()) as { success: boolean; data?: { token: string; refresh_token: string; user: Record<string, unknown> } };
  expectTruthy(body.success && body.data, `login -> ${res.status}`);
  const { token, refresh_token: refreshToken, user: info } = body.data;
  const tutorialOff = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'x-forwarded-for': user.ip, 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: 'mutation($p: UserPermissionInput!) { update_user(user_permission: $p) { uuid } }',
      variables: { p: { version: 1, tutorial: false } },
    }),
  });
  expect(tutorialOff.status, 'tutorial switched off').toBe(200);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': user.ip });
  await context.addCookies([
    { name: 'token', value: token, url: baseUrl },
    { name: 'refreshToken', value: refreshToken, url: baseUrl, httpOnly: true, sameSite: 'Strict' },
    { name: 'i', value: encodeURIComponent(JSON.stringify(info)), url: baseUrl },
  ]);
}
