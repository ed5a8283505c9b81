import { expect } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';

test('header signed in: logo to the list, user menu with email and name, outside click closes, sign out', async (t) => {
  const { page, context, user } = await t.newPage({}, { signedIn: true });
  expectTruthy(user);
  await page.goto('/setting');
  await expect(page.getByTestId('logo')).toHaveAttribute('href', '/list/0');

  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await menu.waitFor();
  await expect(menu, 'the email in the menu').toContainText(user.email, { useInnerText: true });
  await expect(menu, 'the name in the menu').toContainText(user.name, { useInnerText: true });
  await t.screenshot(page, 'header-user-menu');

  await page.mouse.click(640, 500); // outside
  await menu.waitFor({ state: 'detached' });

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'token')).toBe(false);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect(page.getByTestId('logo')).toHaveAttribute('href', '/');
});

test('header signed out: logo links home, no user menu', async (t) => {
  const { page } = await t.newPage();
  await page.goto('/list/0');
  await expect(page.getByTestId('logo')).toHaveAttribute('href', '/');
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  // Signed out, the manual still downloads (the English one for an English interface).
  // The server renders the PDF: more than the context's 10 s default on a loaded machine.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: 'Download manual' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('ceppro-manual-en.pdf');
});
