import { expect } from '@playwright/test';
import type { ModelCard } from '@ceppro/contract';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { assert } from '../src/expect.ts';
import { skip, test } from '../src/harness.ts';
import { e2eModelCardPath } from '../src/model-card.ts';
import { PatientsApi, cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

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
  assert.equal(await page.getByTestId('about-ai-model-id').textContent(), card.model.id);
  assert.equal(await page.getByTestId('about-ai-model-version').textContent(), card.model.version, 'the version read from the served card');
  assert.ok((await page.getByTestId('about-ai-disclaimer').textContent())?.includes(card.disclaimer), 'the card disclaimer is shown');
  for (const evaluation of card.evaluations) {
    await expect(page.getByTestId(`about-ai-row-${evaluation.dataset}`), `a summary row for ${evaluation.dataset}`).toHaveCount(1);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 1100, `no sideways scrolling at 1100 px (page is ${width} px wide)`);
  await t.screenshot(page, 'about-ai-en', { fullPage: true });

  await page.getByTestId('about-ai-back').click();
  await page.waitForURL((u) => u.pathname === viewer);

  await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
  await page.goto('/about-ai');
  await page.getByRole('heading', { level: 1, name: 'AI 정보' }).waitFor();
  await page.getByTestId('about-ai-summary').waitFor();
  assert.equal(await page.getByTestId('about-ai-model-version').textContent(), card.model.version);
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
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const user = newUser('about-ai-names');
    await createActivatedUser(t.baseUrl, user);
    const api = new PatientsApi(t.baseUrl, user);
    await api.login();
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
      assert.ok(
        Object.keys(placed).length >= 19 && !('' in placed),
        `every placed landmark is one the viewer knows: ${JSON.stringify(placed)}`,
      );
      for (const [id, names] of [...Object.entries(placed), ...Object.entries(perLandmark)]) {
        assert.equal(names, viewer[id], `${language}: landmark ${id} is named as in the viewer`);
      }
      // Nothing on the card is left in English (lang="en" marks what the app could not translate).
      assert.deepEqual(await page.getByTestId('about-ai').locator('[lang="en"]').allInnerTexts(), [], `${language}: no English left`);
      await t.screenshot(page, `about-ai-names-${language}`, { fullPage: true });
    }
  },
  { timeoutMs: 120_000 },
);
