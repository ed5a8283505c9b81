import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator } from '@playwright/test';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { animationsDone } from '../src/expect.ts';
import { E2E_SERVER_BUILD } from '../src/global-setup.ts';
import { test } from '../src/harness.ts';
import { serverDataDir, setOutboxDir } from '../src/outbox.ts';
import { startServer } from '../src/server.ts';
import { fromIp } from '../src/sign-in.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DAY = 24 * 3600_000;

/** `npm run notices -- add ...` (the operator's CLI) on a DATA_DIR before its server starts. */
function addNotice(dataDir: string, kind: 'notice' | 'event', texts: Record<string, string>): void {
  const args = [
    'add',
    '--kind',
    kind,
    '--starts',
    new Date(Date.now() - DAY).toISOString(),
    '--ends',
    new Date(Date.now() + DAY).toISOString(),
  ];
  for (const [option, text] of Object.entries(texts)) args.push(`--${option}`, text);
  const add = spawnSync(process.execPath, [join(E2E_SERVER_BUILD, 'notices.js'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(add.status, `notices add failed: ${add.stderr}`).toBe(0);
}

async function box(locator: Locator, what: string) {
  const b = await locator.boundingBox();
  expectTruthy(b, `${what} has no box`);
  return b;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test(
  "notices: the operator's maintenance notice is a banner on sign-in and in the app; the event popup takes no keystroke or Sign in click",
  async (t) => {
    // Its own server: a notice in the shared one would show over every other test's screens.
    const server = await startServer(root, {
      prepare: (dataDir) => {
        addNotice(dataDir, 'notice', {
          'title-en': 'Maintenance on Sunday',
          'body-en': 'Ceppro is unavailable on Sunday from 02:00 to 04:00 (KST).',
          'title-ko': '일요일 점검 안내',
          'body-ko': '일요일 02:00부터 04:00(KST)까지 Ceppro를 이용할 수 없습니다.',
        });
        addNotice(dataDir, 'event', {
          'title-en': 'Winter event',
          'body-en': 'Two months of Ceppro for the price of one.',
          'title-ko': '겨울 이벤트',
          'body-ko': '두 달을 한 달 요금으로 이용하세요.',
        });
      },
    });
    const sharedOutbox = serverDataDir();
    setOutboxDir(server.dataDir);
    try {
      const user = newUser('notices');
      await createActivatedUser(server.baseUrl, user);
      const { page } = await t.newPage({ baseURL: server.baseUrl, ...fromIp(user.ip), viewport: { width: 1100, height: 768 } });

      // The notices answer is held back until the user is typing: the event popup then opens mid-word.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/public/notices', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/');
      const email = page.getByLabel('Email', { exact: true });
      await email.click();
      await page.keyboard.type(user.email.slice(0, 6));
      release();
      const popup = page.getByRole('dialog', { name: 'Winter event' });
      await popup.waitFor();
      // Before: a modal popup took the focus (the rest of the address went into it) and the next click.
      await page.keyboard.type(user.email.slice(6));
      await expect(email, 'the typing went on into the email field').toHaveValue(user.email);
      await expect(popup).toHaveAttribute('aria-modal', 'false');

      const banner = page.getByTestId('notice-banner');
      await expect(banner).toContainText(/Maintenance on Sunday[\s\S]*unavailable on Sunday from 02:00 to 04:00/, { useInnerText: true });
      const form = await box(page.getByTestId('sign-in-form'), 'sign-in form');
      expect(overlaps(await box(popup, 'event popup'), form), 'the event popup is not over the sign-in form').toBeFalsy();
      expect(overlaps(await box(banner, 'banner'), form), 'the banner is not over the sign-in form').toBeFalsy();
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await animationsDone(page.locator('body'));
      await t.screenshot(page, 'notices-sign-in-en');

      // Sign in with the popup still open: the click signs in.
      await page.getByRole('button', { name: 'Sign in' }).click({ timeout: 5000 });
      await page.waitForURL((u) => u.pathname === '/list/0');
      const tutorial = page.getByTestId('tutorial-popup');
      await tutorial.waitFor();
      await page.getByTestId('tutorial-close').click();
      await tutorial.waitFor({ state: 'detached' });

      // In the app: the banner stays until dismissed; Escape closes the event popup (spec), once per visit.
      await banner.waitFor();
      await popup.waitFor();
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
      await banner.getByRole('button', { name: 'Dismiss this notice' }).click();
      await banner.waitFor({ state: 'detached' });
      const read = page.waitForResponse((r) => r.url().endsWith('/public/notices'));
      await page.reload();
      await page.getByRole('heading', { name: 'Patient list' }).waitFor();
      await read;
      // Two frames after the notices arrived: React has rendered whatever they open.
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
      await expect(page.getByTestId('notice-banner'), 'a dismissed notice stays away').toHaveCount(0);
      await expect(page.getByRole('dialog'), 'the event opens once per visit').toHaveCount(0);

      // Another reader, in Korean: the banner in Korean.
      const ko = await t.newPage({ baseURL: server.baseUrl, locale: 'ko-KR' });
      await ko.page.goto('/');
      const koBanner = ko.page.getByTestId('notice-banner');
      await koBanner.waitFor();
      await expect(koBanner).toContainText(/일요일 점검 안내[\s\S]*02:00부터 04:00\(KST\)까지/, { useInnerText: true });
      await ko.page.getByRole('dialog', { name: '겨울 이벤트' }).waitFor();
      await animationsDone(ko.page.locator('body'));
      await t.screenshot(ko.page, 'notices-sign-in-ko');
    } finally {
      setOutboxDir(sharedOutbox);
      await server.stop();
    }
  },
  { timeoutMs: 150_000 },
);
