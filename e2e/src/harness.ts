import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import type { TestUser } from './accounts.ts';
import { startApiSession } from './api-session.ts';
import { processTreeCpuSeconds } from './cpu.ts';
import { setOutboxDir } from './outbox.ts';
import { startServer, type RunningServer } from './server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The tests' side of @playwright/test, kept as the small harness the tests were written against:
 * `test(name, fn, { timeoutMs })` with `fn(t)`. `t` is a test fixture (fresh browser contexts,
 * closed afterwards; screenshots) on a worker fixture (one server with its own port and DATA_DIR
 * per worker), so workers run side by side.
 */
export interface TestContext {
  baseUrl: string;
  /**
   * A new page in a new context. Defaults: 1280 x 800 window, English browser, cookie notice
   * already accepted (pass `{ cookieNotice: true }` to see the banner). `{ signedIn: true }` signs
   * a new account in through the API (`startApiSession`): a real session, the context posing as its
   * address, the tutorial off; `user` is that account.
   */
  newPage: (
    options?: BrowserContextOptions,
    setup?: { cookieNotice?: boolean; signedIn?: boolean },
  ) => Promise<{ page: Page; context: BrowserContext; user?: TestUser }>;
  /** Saves a PNG to <E2E_SCREENS_DIR or tmp/screens>/<name>.png (the whole page with `fullPage`). */
  screenshot: (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<void>;
}

type TestFn = (t: TestContext) => Promise<void>;

export const defaultContextOptions: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  locale: 'en-US',
};

const screensDir = process.env.E2E_SCREENS_DIR ?? join(root, 'tmp/screens');
/**
 * E2E_SCREENSHOTS=failures keeps only the pictures of failed tests: `t.screenshot` and the manual's
 * pictures (tests/manual.test.ts) are then skipped. CI sets it (.ci/run): its clean clone throws them
 * away, and encoding 160 PNGs is a tenth of the suite's CPU. Everywhere else they are written.
 */
export const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'failures';

export const e2eTest = base.extend<{ t: TestContext }, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer(root);
      setOutboxDir(server.dataDir);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  t: async ({ browser, server }, use, testInfo) => {
    mkdirSync(screensDir, { recursive: true });
    const contexts: BrowserContext[] = [];
    const baseUrl = server.baseUrl;
    const cpuBefore = processTreeCpuSeconds(process.pid);
    await use({
      baseUrl,
      newPage: async (options, setup) => {
        const context = await browser.newContext({ ...defaultContextOptions, baseURL: baseUrl, ...options });
        contexts.push(context);
        if (setup?.cookieNotice !== true) {
          await context.addCookies([{ name: 'cookieAgreement', value: 'true', url: baseUrl }]);
        }
        const user = setup?.signedIn === true ? await startApiSession(baseUrl, context) : undefined;
        context.setDefaultTimeout(10_000);
        return { page: await context.newPage(), context, ...(user && { user }) };
      },
      screenshot: async (page, shot, options) => {
        if (!SAVE_SCREENSHOTS) return;
        // A full-page shot of a scrolled page draws the sticky header mid-page.
        if (options?.fullPage === true) await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(screensDir, `${shot}.png`), fullPage: options?.fullPage === true });
      },
    });
    if (testInfo.status !== testInfo.expectedStatus && testInfo.status !== 'skipped') {
      // What the browser showed when it failed: <screens>/FAILED-<test>-<n>.png, and the server's log.
      const slug = testInfo.title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      const pages = contexts.flatMap((c) => c.pages());
      const shot = (p: Page, i: number) => p.screenshot({ path: join(screensDir, `FAILED-${slug}-${i}.png`), fullPage: true });
      await Promise.all(pages.map((p, i) => shot(p, i).catch(() => undefined)));
      await testInfo.attach('server log (tail)', { body: server.log().slice(-3000), contentType: 'text/plain' });
    }
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    // The worker's process tree (its Chromium, its server, the commands the test ran): the test's CPU,
    // which the summary sums and ranks (what the suite costs CI is CPU, not wall time).
    const cpuAfter = processTreeCpuSeconds(process.pid);
    if (cpuBefore !== undefined && cpuAfter !== undefined) {
      testInfo.annotations.push({ type: 'cpu', description: (cpuAfter - cpuBefore).toFixed(2) });
    }
  },
});

/** `timeoutMs` overrides the run's per-test limit (flows that upload and run the model take longer). */
export function test(name: string, fn: TestFn, options: { timeoutMs?: number } = {}): void {
  e2eTest(name, async ({ t }, testInfo) => {
    if (options.timeoutMs !== undefined) testInfo.setTimeout(options.timeoutMs);
    await fn(t);
  });
}

/** Ends the current test as skipped (e.g. the dataset it needs is absent), saying why. */
export function skip(reason: string): never {
  base.skip(true, reason);
  throw new Error(`skipped: ${reason}`); // not reached: test.skip throws
}
