import assert from 'node:assert/strict';
import type { Locator, Page } from '@playwright/test';

/**
 * Polls `probe` until `check` passes or `timeoutMs` runs out, then fails with the last value.
 * Browser state settles asynchronously; this keeps assertions free of fixed sleeps.
 */
export async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!check(last)) {
    if (Date.now() > deadline) assert.fail(`${what}: last value ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  return last;
}

/**
 * Every finite CSS animation and transition on the elements (and their children) has finished: a
 * fade-in or slide-in before a screenshot (endless ones, a spinner, are not waited for).
 */
export async function animationsDone(locator: Locator): Promise<void> {
  const settle = (node: Element) => {
    const finite = node.getAnimations({ subtree: true }).filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? 0)));
    return Promise.all(finite.map((a) => a.finished)).then(() => undefined);
  };
  await Promise.all((await locator.all()).map((el) => el.evaluate(settle)));
}

/**
 * Stops the page's clock (installed with `page.clock.install()` before the page loaded) `aheadMs`
 * ahead of its present time, so its timers fire only on `page.clock.runFor` / `fastForward`. The
 * clock keeps running while the call travels to the page: on a busy machine the target may already
 * be past ("Cannot fast-forward to the past"), so it is tried again a little further ahead (at most
 * about a second).
 */
export async function pauseClock(page: Page, aheadMs = 1000): Promise<void> {
  for (let ahead = Math.max(1, aheadMs); ; ahead *= 4) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead >= 1000 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
}

export { assert };
