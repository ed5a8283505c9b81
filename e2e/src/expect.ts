import { expect, type Locator, type Page } from '@playwright/test';

/**
 * At least `n` elements match `locator`, waited for like every web-first assertion (Playwright's
 * `toHaveCount` takes an exact number only): the n-th of them is in the DOM. The AI's landmarks, for
 * one, are 19 or more (constructed points are drawn with them).
 */
export async function expectAtLeast(locator: Locator, n: number, options: { message?: string; timeout?: number } = {}): Promise<void> {
  await expect(locator.nth(n - 1), options.message ?? `at least ${n} match`).toBeAttached({ timeout: options.timeout });
}

/** The AI's 19 landmarks (or more) are drawn in `scope` (the page or the viewer). */
export async function expectAiLandmarks(scope: Page | Locator, timeout?: number, message = 'AI landmarks drawn'): Promise<void> {
  await expectAtLeast(scope.getByTestId('landmark'), 19, { message, timeout });
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
