import { test } from '../src/harness.ts';
import { expect } from '@playwright/test';

test('language: the browser language is used when nothing is stored', async (t) => {
  const { page } = await t.newPage({ locale: 'ja-JP' });
  await page.goto('/');
  await page.getByRole('heading', { name: 'ログイン' }).waitFor();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});

test('language: an unsupported browser language falls back to English', async (t) => {
  const { page } = await t.newPage({ locale: 'de-DE' });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await t.screenshot(page, 'home-unsupported-browser-language');
});

test('language: a picked language is stored, survives reload and drives <html lang>', async (t) => {
  const { page } = await t.newPage({ locale: 'en-US' }, { signedIn: true });
  await page.goto('/list/0');
  await page.getByRole('heading', { name: 'Patient list' }).waitFor();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitemradio', { name: 'Tiếng Việt' }).click();
  await page.getByRole('heading', { name: 'Danh sách bệnh nhân' }).waitFor();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ceppro.language'))).toBe('vi');

  await page.reload();
  await page.getByRole('heading', { name: 'Danh sách bệnh nhân' }).waitFor();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

  // and the stored choice beats the browser language in a new page of the same profile
  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitemradio', { name: '中文' }).click();
  await expect(page.locator('html'), 'html lang after picking Chinese').toHaveAttribute('lang', 'zh');
  await page.goto('/setting');
  await page.getByRole('heading', { name: '设置', level: 1 }).waitFor();
  await t.screenshot(page, 'settings-zh');
});
