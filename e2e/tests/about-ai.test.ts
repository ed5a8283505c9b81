import { expect } from '@playwright/test';
import type { ModelCard } from '@ceppro/contract';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { e2eModelCardPath } from '../src/model-card.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

test('about the AI: opened from the viewer, shows the served model card at 1100 px in English and Korean; Back returns', async (t) => {
  const card = JSON.parse(readFileSync(e2eModelCardPath(root), 'utf8')) as ModelCard;
  const user = newUser('about-ai');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1100, height: 900 } });
  await signInThroughUi(page, user);

  // The link sits in the viewer's top bar, which shows even before a chart has loaded.
  const viewer = `/viewer/${randomUUID()}`;
  await page.goto(viewer);
  await page.getByTestId('viewer-about-ai').click();
  await page.waitForURL((u) => u.pathname === '/about-ai');
  await page.getByTestId('about-ai-summary').waitFor();
  await expect(page.getByTestId('about-ai-model-id')).toHaveText(card.model.id);
  await expect(page.getByTestId('about-ai-model-version'), 'the version read from the served card').toHaveText(card.model.version);
  await expect(page.getByTestId('about-ai-disclaimer'), 'the card disclaimer is shown').toContainText(card.disclaimer);
  for (const evaluation of card.evaluations) {
    await expect(page.getByTestId(`about-ai-row-${evaluation.dataset}`), `a summary row for ${evaluation.dataset}`).toHaveCount(1);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `no sideways scrolling at 1100 px (page is ${width} px wide)`).toBeLessThanOrEqual(1100);
  await t.screenshot(page, 'about-ai-en', { fullPage: true });

  await page.getByTestId('about-ai-back').click();
  await page.waitForURL((u) => u.pathname === viewer);

  await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
  await page.goto('/about-ai');
  await page.getByRole('heading', { level: 1, name: 'AI 정보' }).waitFor();
  await page.getByTestId('about-ai-summary').waitFor();
  await expect(page.getByTestId('about-ai-model-version')).toHaveText(card.model.version);
  await t.screenshot(page, 'about-ai-ko', { fullPage: true });
});

/** `{ id: "short|name" }` of the rows under `selector`, each row carrying `data-id`. */
async function namesById(page: import('playwright-core').Page, rows: string, short: string, name: string): Promise<Record<string, string>> {
  return page
    .locator(rows)
    .evaluateAll(
      (elements, sel) =>
        Object.fromEntries(
          elements.map((el) => [
            el.getAttribute('data-id') ?? '',
            `${el.querySelector(sel.short)?.textContent ?? ''}|${el.querySelector(sel.name)?.textContent ?? ''}`,
          ]),
        ),
      { short, name },
    );
}

test(
  "about the AI: in Korean and Vietnamese the card texts and landmark names are the interface language's, named as in the viewer",
  async (t) => {
    const { user, api } = await datasetUser(t, 'about-ai-names');
    const { chartUuid } = await api.createPatient(
      { first_name: 'Names Kim', birth_info: '1990-02-03', gender: true },
      { ceph: cephalogramPath(2), shootDate: '2025-10-01' },
    );
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1280, height: 900 } });
    await signInThroughUi(page, user);
    for (const [language, heading] of [
      ['ko', 'AI 정보'],
      ['vi', 'Về AI'],
    ] as const) {
      await page.evaluate((lang) => localStorage.setItem('ceppro.language', lang), language);
      await page.goto(`/viewer/${chartUuid}`);
      await page.locator('[data-testid="landmark-item"]').nth(18).waitFor();
      const viewer = await namesById(page, '[data-testid="landmark-item"]', '.landmark-item__short', '.landmark-item__name');

      await page.getByTestId('viewer-about-ai').click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByTestId('about-ai-landmarks').waitFor();
      const placed = await namesById(page, '[data-testid="about-ai-landmarks"] li', '.about-ai__short', '.about-ai__short + span');
      const perLandmark = await namesById(
        page,
        '[data-testid="about-ai-landmarks-isbi2015-test1"] tbody tr',
        '.about-ai__short',
        'th > span',
      );
      expectTruthy(
        Object.keys(placed).length >= 19 && !('' in placed),
        `every placed landmark is one the viewer knows: ${JSON.stringify(placed)}`,
      );
      for (const [id, names] of [...Object.entries(placed), ...Object.entries(perLandmark)]) {
        expect(names, `${language}: landmark ${id} is named as in the viewer`).toBe(viewer[id]);
      }
      // Nothing on the card is left in English (lang="en" marks what the app could not translate).
      await expect
        .poll(() => page.getByTestId('about-ai').locator('[lang="en"]').allInnerTexts(), { message: `${language}: no English left` })
        .toStrictEqual([]);
      await t.screenshot(page, `about-ai-names-${language}`, { fullPage: true });
    }
  },
  { timeoutMs: 120_000 },
);
