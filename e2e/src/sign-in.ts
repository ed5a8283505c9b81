import type { BrowserContext, Page } from 'playwright-core';
import type { TestUser } from './accounts.ts';

/**
 * Where sign-in is not what a test checks: `signInThroughApi(t.baseUrl, page.context(), user)`, then
 * `page.goto` the screen. About 0.5-0.7 s less Chromium CPU than the form and the list before the
 * screen (the form is a page load of its own, the list another render; e2e/README.md "CPU").
 */
export { signInThroughApi } from './api-session.ts';

/**
 * Signs in through the sign-in form and waits for the patient list. A new account's first list
 * shows the tutorial popup (docs/spec-points.md §2); it is closed here unless `keepTutorial` is set.
 */
export async function signInThroughUi(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  options: { saveEmail?: boolean; keepTutorial?: boolean } = {},
): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  if (options.saveEmail) await page.getByTestId('save-email').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/list/0');
  if (options.keepTutorial) return;
  const tutorial = page.getByTestId('tutorial-popup');
  const shown = await tutorial.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (shown) {
    await page.getByTestId('tutorial-close').click();
    await tutorial.waitFor({ state: 'detached' });
  }
}

export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

/** Options for a context that poses as `ip` (the e2e server trusts X-Forwarded-For). */
export const fromIp = (ip: string) => ({ extraHTTPHeaders: { 'x-forwarded-for': ip } });
