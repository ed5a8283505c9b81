import { expect } from '@playwright/test';
import type { Page } from 'playwright-core';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';

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
    expect(
      loaded.length,
      `${where}: the CSS names "${family}" but no face of it was loaded (faces: ${JSON.stringify(state.faces)})`,
    ).toBeGreaterThan(0);
  }
  return declared;
}

test('fonts: Montserrat and (in Korean) Noto Sans KR are declared only where served, and resolve in Chromium', async (t) => {
  const { page } = await t.newPage({ locale: 'en-US' });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const english = await fontState(page);
  const inEnglish = assertDeclaredFontsLoaded(english, 'English');
  expect(inEnglish[0] ?? '', `English text starts with Montserrat: ${english.stack.join(', ')}`).toMatch(/montserrat/i);
  expect(
    english.stack.some((f) => /noto sans kr/i.test(f)),
    'the English interface does not name the Korean font',
  ).toBeFalsy();
  // Its 88 KB of @font-face rules are a stylesheet of their own, fetched for Korean only.
  expect(
    english.faces.some((f) => /noto sans kr/i.test(f.family)),
    'the Korean font rules are not loaded in English',
  ).toBeFalsy();
  await t.screenshot(page, 'fonts-en');

  const korean = await t.newPage({ locale: 'ko-KR' });
  await korean.page.goto('/');
  await korean.page.getByRole('heading', { name: '로그인' }).waitFor();
  const state = await fontState(korean.page);
  const inKorean = assertDeclaredFontsLoaded(state, 'Korean');
  expectTruthy(
    inKorean.some((f) => /noto sans kr/i.test(f)),
    `the Korean interface names Noto Sans KR: ${state.stack.join(', ')}`,
  );
  expectTruthy(
    await korean.page.evaluate(() => document.fonts.check('16px "Noto Sans KR Variable"', '로그인')),
    'Hangul resolves to the served Noto Sans KR',
  );
  await t.screenshot(korean.page, 'fonts-ko');
});

/**
 * Every CJK character of the page's visible text, with whether a loaded face of `family` covers it
 * (its unicode-range names it): a character no loaded face covers would fall to the platform's fonts,
 * and a computer without Japanese or Chinese fonts (this Chromium: Korean only) draws it as a box.
 */
async function uncoveredCjk(page: Page, family: string): Promise<{ checked: number; missing: string[] }> {
  return page.evaluate(async (wanted) => {
    await document.fonts.ready;
    const ranges: Array<[number, number]> = [];
    document.fonts.forEach((face) => {
      if (face.family.replace(/^["']|["']$/g, '') !== wanted || face.status !== 'loaded') return;
      for (const part of face.unicodeRange.split(',')) {
        const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
        const start = parseInt(from ?? '', 16);
        ranges.push([start, to === undefined ? start : parseInt(to, 16)]);
      }
    });
    const cjk = [...new Set(Array.from(document.body.innerText).filter((c) => /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/.test(c)))];
    const missing = cjk.filter((c) => !ranges.some(([a, b]) => (c.codePointAt(0) ?? 0) >= a && (c.codePointAt(0) ?? 0) <= b));
    return { checked: cjk.length, missing };
  }, family);
}

test('fonts: Japanese and Chinese pages get Noto Sans JP / SC from the app, so no kanji or hanzi is a box', async (t) => {
  for (const { locale, heading, family, other } of [
    { locale: 'ja-JP', heading: 'ログイン', family: 'Noto Sans JP Variable', other: /noto sans (kr|sc)/i },
    { locale: 'zh-CN', heading: '登录', family: 'Noto Sans SC Variable', other: /noto sans (kr|jp)/i },
  ]) {
    const { page } = await t.newPage({ locale });
    await page.goto('/');
    await page.getByRole('heading', { name: heading }).waitFor();
    const state = await fontState(page);
    expect(state.stack, `${locale}: the CSS names ${family}: ${state.stack.join(', ')}`).toContain(family);
    expect(
      state.stack.some((f) => other.test(f)),
      `${locale}: no other CJK face in the stack (${state.stack.join(', ')})`,
    ).toBeFalsy();
    expectTruthy(
      state.faces.some((f) => f.family === family && f.status === 'loaded'),
      `${locale}: a slice of ${family} was loaded (faces: ${JSON.stringify(state.faces.filter((f) => f.status !== 'unloaded'))})`,
    );
    expectTruthy(
      await page.evaluate((text) => document.fonts.check(`16px "${text[0]}"`, text[1]), [family, heading]),
      `${locale}: ${heading}`,
    );
    const coverage = await uncoveredCjk(page, family);
    expect(coverage.checked, `${locale}: the page shows CJK text (${coverage.checked} characters)`).toBeGreaterThanOrEqual(5);
    expect(coverage.missing, `${locale}: characters no loaded ${family} slice covers`).toStrictEqual([]);
    await t.screenshot(page, `fonts-${locale.slice(0, 2)}`);
  }
});
