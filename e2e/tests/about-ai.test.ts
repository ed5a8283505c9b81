import type { ModelCard } from '@ceppro/contract';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { assert } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { e2eModelCardPath } from '../src/model-card.ts';
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
    assert.equal(await page.getByTestId(`about-ai-row-${evaluation.dataset}`).count(), 1, `a summary row for ${evaluation.dataset}`);
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
