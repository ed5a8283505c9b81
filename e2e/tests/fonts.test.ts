import type { Page } from 'playwright-core';
import { test } from '../src/harness.ts';
import { assert } from '../src/expect.ts';

/** Families the spec names (docs/spec-points.md §2): where the CSS names one, the app must serve it. */
const SPEC_FONTS = /montserrat|noto sans kr/i;

interface FontState {
  /** The body's font-family list, unquoted. */
  stack: string[];
  /** Every @font-face the page knows, by family, with its load status. */
  faces: Array<{ family: string; status: string }>;
}

async function fontState(page: Page): Promise<FontState> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const unquote = (name: string) => name.trim().replace(/^["']|["']$/g, '');
    const faces: Array<{ family: string; status: string }> = [];
    document.fonts.forEach((face) => faces.push({ family: unquote(face.family), status: face.status }));
    return {
      stack: getComputedStyle(document.body).fontFamily.split(',').map(unquote),
      faces,
    };
  });
}

/** Every spec font the stack names has a face the page loaded; returns those families. */
function assertDeclaredFontsLoaded(state: FontState, where: string): string[] {
  const declared = state.stack.filter((family) => SPEC_FONTS.test(family));
  for (const family of declared) {
    const loaded = state.faces.filter((f) => f.family === family && f.status === 'loaded');
    assert.ok(
      loaded.length > 0,
      `${where}: the CSS names "${family}" but no face of it was loaded (faces: ${JSON.stringify(state.faces)})`,
    );
  }
  return declared;
}

test('fonts: Montserrat and (in Korean) Noto Sans KR are declared only where served, and resolve in Chromium', async (t) => {
  const { page } = await t.newPage({ locale: 'en-US' });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const english = await fontState(page);
  const inEnglish = assertDeclaredFontsLoaded(english, 'English');
  assert.ok(/montserrat/i.test(inEnglish[0] ?? ''), `English text starts with Montserrat: ${english.stack.join(', ')}`);
  assert.ok(!english.stack.some((f) => /noto sans kr/i.test(f)), 'the English interface does not name the Korean font');
  // Its 88 KB of @font-face rules are a stylesheet of their own, fetched for Korean only.
  assert.ok(!english.faces.some((f) => /noto sans kr/i.test(f.family)), 'the Korean font rules are not loaded in English');
  await t.screenshot(page, 'fonts-en');

  const korean = await t.newPage({ locale: 'ko-KR' });
  await korean.page.goto('/');
  await korean.page.getByRole('heading', { name: '로그인' }).waitFor();
  const state = await fontState(korean.page);
  const inKorean = assertDeclaredFontsLoaded(state, 'Korean');
  assert.ok(
    inKorean.some((f) => /noto sans kr/i.test(f)),
    `the Korean interface names Noto Sans KR: ${state.stack.join(', ')}`,
  );
  assert.ok(
    await korean.page.evaluate(() => document.fonts.check('16px "Noto Sans KR Variable"', '로그인')),
    'Hangul resolves to the served Noto Sans KR',
  );
  await t.screenshot(korean.page, 'fonts-ko');
});
