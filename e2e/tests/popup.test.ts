import { expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectTruthy } from '../src/expect-value.ts';
import { E2E_SERVER_BUILD } from '../src/global-setup.ts';
import { test } from '../src/harness.ts';
import { animationsDone, pauseClock } from '../src/expect.ts';
import { startServer } from '../src/server.ts';

/** Two animation frames after the notices arrived: React has rendered whatever they open. */
const settled = (page: import('playwright-core').Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

test('popup: /test opens the cancel-subscription confirm, Escape closes it', async (t) => {
  const { page } = await t.newPage();
  await page.goto('/test');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expect(dialog).toContainText(/50,000 won/, { useInnerText: true });
  const box = await dialog.boundingBox();
  expectTruthy(box && Math.round(box.width) >= 705, `modal width ${box?.width}`);
  await animationsDone(page.locator('body')); // let the fade-in finish before the screenshot
  await t.screenshot(page, 'popup-confirm');

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // confirming runs fnConfirm: here a success toast saying nothing was cancelled
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('button', { name: 'Yes, cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Nothing was cancelled. This screen is only a demo.').waitFor();
});

test('popup: event popup "do not open today" sets a one-day popup cookie', async (t) => {
  const { page, context } = await t.newPage();
  await page.goto('/test');
  await page.getByRole('button', { name: 'Event popup' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('checkbox', { name: 'Do not open today' }).check();
  await dialog.getByText('Close', { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });

  const cookie = (await context.cookies()).find((c) => c.name === 'popup');
  expect(cookie?.value).toBe('true');
  const hours = ((cookie?.expires ?? 0) - Date.now() / 1000) / 3600;
  expectTruthy(hours > 23.9 && hours <= 24.01, `popup cookie lifetime ${hours} h`);

  await page.getByRole('button', { name: 'Event popup' }).click();
  await page.getByText('Event popup hidden').waitFor();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('loading overlay: shown and hidden again', async (t) => {
  const { page } = await t.newPage();
  await page.clock.install();
  await page.goto('/test');
  await pauseClock(page);
  await page.getByRole('button', { name: 'Loading overlay (2 s)' }).click();
  const overlay = page.getByTestId('loading-overlay');
  await overlay.waitFor();
  await page.clock.runFor(1999);
  await expect(overlay, 'still shown 1 ms before 2 s').toHaveCount(1);
  await page.clock.runFor(1);
  await overlay.waitFor({ state: 'detached' });
});

test(
  'popup: the operator\'s current event (the notices command) opens from /public/notices, in Korean, until "do not open today"',
  async (t) => {
    // Its own server: an event in the shared one would open over every other test's screens. The
    // operator's CLI writes the event into the new DATA_DIR before the server starts.
    const day = 24 * 3600_000;
    const server = await startServer(root, {
      prepare: (dataDir) => {
        const add = spawnSync(
          process.execPath,
          [
            join(E2E_SERVER_BUILD, 'notices.js'),
            'add',
            '--kind',
            'event',
            '--starts',
            new Date(Date.now() - day).toISOString(),
            '--ends',
            new Date(Date.now() + day).toISOString(),
            '--title-en',
            'Winter event',
            '--body-en',
            'Two months of Ceppro for the price of one.',
            '--title-ko',
            '겨울 이벤트',
            '--body-ko',
            '두 달을 한 달 요금으로 이용하세요.',
          ],
          { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
        );
        expect(add.status, `notices add failed: ${add.stderr}`).toBe(0);
      },
    });
    try {
      const { page, context } = await t.newPage({ baseURL: server.baseUrl, locale: 'ko-KR' });
      await page.goto('/');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect(dialog).toContainText(/겨울 이벤트[\s\S]*두 달을 한 달 요금으로 이용하세요\./, { useInnerText: true });
      await animationsDone(page.locator('body')); // let the fade-in finish before the screenshot
      await t.screenshot(page, 'event-popup-ko');

      // Escape closes it; it does not come back on the next screen of the same visit.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      const noticesRead = (p: typeof page) => p.waitForResponse((r) => r.url().endsWith('/public/notices') && r.ok());
      let read = noticesRead(page);
      await page.goto('/signup');
      await read;
      await settled(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A new visit shows it again; "do not open today" hides it for a day (the popup cookie).
      const again = await context.newPage();
      await again.goto('/');
      const second = again.getByRole('dialog');
      await second.waitFor();
      await second.getByRole('checkbox', { name: '오늘 하루 열지 않기' }).check();
      await second.getByRole('button', { name: '닫기' }).last().click();
      await second.waitFor({ state: 'detached' });
      const cookie = (await context.cookies(server.baseUrl)).find((c) => c.name === 'popup');
      expect(cookie?.value).toBe('true');
      const third = await context.newPage();
      read = noticesRead(third);
      await third.goto('/');
      await read;
      await settled(third);
      await expect(third.getByRole('dialog')).toHaveCount(0);

      // Another reader in English gets the English text.
      const english = await t.newPage({ baseURL: server.baseUrl, locale: 'en-US' });
      await english.page.goto('/');
      const en = english.page.getByRole('dialog');
      await en.waitFor();
      await expect(en).toContainText(/Winter event[\s\S]*Two months of Ceppro for the price of one\./, { useInnerText: true });
      await animationsDone(english.page.locator('body'));
      await t.screenshot(english.page, 'event-popup-en');
    } finally {
      await server.stop();
    }
  },
  { timeoutMs: 150_000 },
);
