import { expect } from '@playwright/test';
import { test } from '../src/harness.ts';
import { assert } from '../src/expect.ts';

test('header signed in: logo to the list, user menu with email and name, outside click closes, sign out', async (t) => {
  const { page, context, user } = await t.newPage({}, { signedIn: true });
  assert.ok(user);
  await page.goto('/setting');
  await expect(page.getByTestId('logo')).toHaveAttribute('href', '/list/0');

  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await menu.waitFor();
  assert.ok((await menu.innerText()).includes(user.email), 'the email in the menu');
  assert.ok((await menu.innerText()).includes(user.name), 'the name in the menu');
  await t.screenshot(page, 'header-user-menu');

  await page.mouse.click(640, 500); // outside
  await menu.waitFor({ state: 'detached' });

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  assert.equal(
    (await context.cookies()).some((c) => c.name === 'token'),
    false,
  );
  assert.equal(await page.getByTestId('user-menu').count(), 0);
  await expect(page.getByTestId('logo')).toHaveAttribute('href', '/');
});

test('header signed out: logo links home, no user menu', async (t) => {
  const { page } = await t.newPage();
  await page.goto('/list/0');
  await expect(page.getByTestId('logo')).toHaveAttribute('href', '/');
  assert.equal(await page.getByTestId('user-menu').count(), 0);
  // Signed out, the manual still downloads (the English one for an English interface).
  // The server renders the PDF: more than the context's 10 s default on a loaded machine.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: 'Download manual' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'ceppro-manual-en.pdf');
});
