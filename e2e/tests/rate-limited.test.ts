import { expect, type Page, type Route } from '@playwright/test';
import { animationsDone, pauseClock } from '../src/expect.ts';
import { test, type TestContext } from '../src/harness.ts';

/** The words of the RATE_LIMITED toast (apiAlert.rateLimited) in the two languages this test reads. */
const WORDS = {
  en: { title: 'Too many requests', retrying: 'Trying again in 3 s.', later: 'Try again in 3 s.' },
  ko: { title: '요청이 너무 많습니다', retrying: '3초 후에 자동으로 다시 시도합니다.', later: '3초 후에 다시 시도해 주세요.' },
} as const;

const refusal = (route: Route) =>
  route.fulfill({
    status: 429,
    headers: { 'retry-after': '3' },
    contentType: 'application/json',
    body: JSON.stringify({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests from this account at once; try again shortly.',
    }),
  });

/**
 * The per-user budget's refusal (429 RATE_LIMITED, Retry-After: 3), forced with route interception
 * on the patient list's GraphQL query: the list says so in the page's language and asks again by
 * itself once the 3 s have passed (the page's clock is moved, nothing sleeps).
 */
async function listAfterRefusal(t: TestContext, language: keyof typeof WORDS): Promise<Page> {
  const { page } = await t.newPage({ viewport: { width: 1280, height: 800 } }, { signedIn: true });
  await page.addInitScript((lang) => localStorage.setItem('ceppro.language', lang), language);
  await page.clock.install();
  let listQueries = 0;
  await page.route('**/graphql', async (route) => {
    if (!(route.request().postData() ?? '').includes('query Patients')) return route.continue();
    listQueries += 1;
    return listQueries === 1 ? refusal(route) : route.continue();
  });
  await page.goto('/list/0');
  const toast = page.getByTestId('toast').filter({ hasText: WORDS[language].title });
  await toast.waitFor();
  await pauseClock(page, 1);
  await expect(toast, 'the toast says the list is asked again in 3 s').toContainText(WORDS[language].retrying);
  await page.getByTestId('list-loading').waitFor();
  expect(listQueries, 'nothing is asked again before the Retry-After').toBe(1);
  await animationsDone(toast);
  await t.screenshot(page, `rate-limited-list-${language}`);

  await page.clock.runFor(3100);
  // Time flows again: react-query's own scheduling (timers) paints the answer.
  await page.clock.resume();
  await page.getByTestId('list-empty').waitFor();
  expect(listQueries, 'the list was asked once more, after 3 s').toBe(2);
  await expect(page.getByTestId('list-error'), 'no error in the list').toHaveCount(0);
  return page;
}

test('rate limited: a 429 on the patient list says "Too many requests" and retries after Retry-After (English, Korean)', async (t) => {
  await listAfterRefusal(t, 'en');
  await listAfterRefusal(t, 'ko');
});

test('rate limited: a refused change (saving the settings) is sent once and says when to try again', async (t) => {
  const { page } = await t.newPage({ viewport: { width: 1280, height: 800 } }, { signedIn: true });
  let mutations = 0;
  await page.route('**/graphql', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { query?: string };
    if (!/^\s*mutation\b/.test(body.query ?? '')) return route.continue();
    mutations += 1;
    return refusal(route);
  });
  await page.clock.install();
  await page.goto('/setting');
  await page.getByTestId('settings-form').waitFor();
  await page.getByTestId('settings-ppm').fill('10');
  const save = page.getByTestId('settings-save');
  await expect(save, 'Save enabled once changed').toBeEnabled();
  await save.click();
  const toast = page.getByTestId('toast').filter({ hasText: WORDS.en.title });
  await toast.waitFor();
  await pauseClock(page, 1); // the toast stays up while it is read
  await expect(toast, 'the toast says when to try again').toContainText(WORDS.en.later);
  expect(mutations, 'the change was sent once').toBe(1);
  await animationsDone(toast);
  await t.screenshot(page, 'rate-limited-change-en');
});
