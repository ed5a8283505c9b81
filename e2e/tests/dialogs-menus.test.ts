import { expect } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { animationsDone } from '../src/expect.ts';

type Page = import('playwright-core').Page;

/** The accessible name of the focused element, and whether it sits inside the open dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return { text: active?.textContent?.trim() ?? '', inDialog: active?.closest('dialog[open]') !== null };
  });

test('dialogs and menus: the confirm popup takes focus, keeps Tab inside, Escape gives focus back to the opener', async (t) => {
  const { page } = await t.newPage({ locale: 'en-US' });
  await page.goto('/test');
  const opener = page.getByRole('button', { name: 'Cancel subscription' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((el) => el.tagName)).toBe('DIALOG');
  expectTruthy((await focused(page)).inDialog, 'focus moved into the dialog');
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expectTruthy((await focused(page)).inDialog, `focus still inside the dialog after ${key}`);
  }
  await animationsDone(page.locator('body'));
  await t.screenshot(page, 'dialog-confirm-en');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(async () => (await focused(page)).text, { message: 'focus back on the opener' }).toBe('Cancel subscription');
});

test('dialogs and menus: header menus open with the keyboard, arrows move, Escape returns focus (ko + en)', async (t) => {
  for (const [locale, language, userMenu] of [
    ['ko-KR', '언어', '계정 메뉴'],
    ['en-US', 'Language', 'Account menu'],
  ] as const) {
    const { page } = await t.newPage({ locale }, { signedIn: true });
    await page.goto('/list/0');
    const picker = page.getByTestId('language-picker');
    await picker.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: language });
    await menu.waitFor();
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    const checked = await page.evaluate(() => document.activeElement?.getAttribute('aria-checked'));
    expect(checked, 'focus starts on the current language').toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitemradio');
    await t.screenshot(page, `menu-language-${locale.slice(0, 2)}`);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('language-picker');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menu', { name: userMenu }).waitFor();
    await t.screenshot(page, `menu-user-${locale.slice(0, 2)}`);
    await page.mouse.click(20, 400);
    await page.getByRole('menu', { name: userMenu }).waitFor({ state: 'detached' });
  }
});
