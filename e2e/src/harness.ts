import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { TestUser } from './accounts.ts';
import { startApiSession } from './api-session.ts';

/**
 * A deliberately small test harness: named async tests, each with fresh browser contexts
 * (cookies, storage) that are closed afterwards, a per-test time limit and a summary line.
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
  /** Saves a PNG to tmp/screens/<name>.png (the whole page with `fullPage`). */
  screenshot: (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<void>;
}

type TestFn = (t: TestContext) => Promise<void>;

/** Thrown by `skip`: the test is counted as skipped, with its reason printed. */
class SkipTest extends Error {}

/** Ends the current test as skipped (e.g. the dataset it needs is absent), saying why. */
export function skip(reason: string): never {
  throw new SkipTest(reason);
}

const registry: Array<{ name: string; fn: TestFn; timeoutMs?: number }> = [];

/** `timeoutMs` overrides the run's per-test limit (flows that upload and run the model take longer). */
export function test(name: string, fn: TestFn, options: { timeoutMs?: number } = {}): void {
  registry.push({ name, fn, ...options });
}

export const defaultContextOptions: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  locale: 'en-US',
};

export interface RunOptions {
  browser: Browser;
  baseUrl: string;
  screensDir: string;
  filter?: string;
  timeoutMs?: number;
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  failures: Array<{ name: string; error: string }>;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${name}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runTests({ browser, baseUrl, screensDir, filter, timeoutMs = 45_000 }: RunOptions): Promise<Summary> {
  mkdirSync(screensDir, { recursive: true });
  const selected = filter ? registry.filter((r) => r.name.includes(filter)) : registry;
  const summary: Summary = { passed: 0, failed: 0, skipped: 0, failures: [] };

  for (const { name, fn, timeoutMs: own } of selected) {
    const contexts: BrowserContext[] = [];
    const started = Date.now();
    const t: TestContext = {
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
        // A full-page shot of a scrolled page draws the sticky header mid-page.
        if (options?.fullPage === true) await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(screensDir, `${shot}.png`), fullPage: options?.fullPage === true });
      },
    };
    try {
      await withTimeout(fn(t), own ?? timeoutMs, name);
      summary.passed += 1;
      console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      if (error instanceof SkipTest) {
        summary.skipped += 1;
        console.log(`  - ${name} (skipped: ${error.message})`);
        continue;
      }
      summary.failed += 1;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      summary.failures.push({ name, error: message });
      // What the browser showed when it failed: tmp/screens/FAILED-<test>-<n>.png
      const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      const pages = contexts.flatMap((c) => c.pages());
      await Promise.all(
        pages.map((p, i) => p.screenshot({ path: join(screensDir, `FAILED-${slug}-${i}.png`), fullPage: true }).catch(() => undefined)),
      );
      console.log(`  ✗ ${name} (${Date.now() - started} ms)\n      ${message.split('\n').slice(0, 6).join('\n      ')}`);
    } finally {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    }
  }
  return summary;
}
