import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { openDatasetChart } from '../src/dataset-chart.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { test, type TestContext } from '../src/harness.ts';
import { requireTool } from '../src/poppler.ts';

/**
 * Clinical vocabulary (Step 10 items 2-3): landmark names and definitions, measurement and analysis
 * names, measurement notes and the interpretation words follow the interface language in the viewer
 * and in its print layout, while the standard abbreviations (S, N, SNA) stay as written. English stays the catalogue's English.
 */

const FLOW = { timeoutMs: 150_000 };
const screensDir = process.env.E2E_SCREENS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../tmp/screens');

async function openViewer(t: TestContext, label: string): Promise<Page> {
  const { page } = await openDatasetChart(t, {
    label,
    language: 'en',
    patient: { first_name: 'Vocabulary Park', birth_info: '1992-06-01', gender: true },
    shootDate: '2025-10-20',
    landmarksTimeoutMs: 20_000,
  });
  return page;
}

/** Picks the interface language the way the language menu stores it, and reloads the viewer. */
async function useLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('ceppro.language', l), lang);
  await page.reload();
  await expect(page.locator('html'), `<html lang> ${lang}`).toHaveAttribute('lang', lang);
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, 20_000);
}

const landmarkNameOf = (page: Page, id: string) =>
  page.locator(`[data-testid="landmark-item"][data-id="${id}"] .landmark-item__name`).first();
const rowNameOf = (page: Page, id: string) => page.locator(`[data-testid="analysis-row"][data-id="${id}"] .analysis-row__name`);
const rowName = (page: Page, id: string) => rowNameOf(page, id).innerText();
const markerTitle = (page: Page, id: string) => page.locator(`[data-testid="landmark"][data-id="${id}"] title`).textContent();
const printText = (page: Page) => page.getByTestId('report-print').evaluate((el) => el.textContent ?? '');

/** Words of the catalogue's English interpretation phrases: none may show in another language. */
const ENGLISH_WORDS = new RegExp(
  '\\b(increased|decreased|mandible|maxilla|incisors?|protrusive|retrusive|prognathic|retrognathic|proclined|retroclined|' +
    'growth|profile|vertical|horizontal|tendency|lower|upper|chin|lips?|plane|skeletal)\\b',
  'i',
);

/** Interpretation words shown in the table (only rows outside their norm have some). */
const shownWords = (page: Page) => page.locator('.analysis-row__words').allInnerTexts();

interface Expected {
  /** Definition of nasion (selected-landmark panel and list tooltip). */
  nasionDefinition: string;
  /** Caveat of ANB (the analysis row's tooltip). */
  anbNote: string;
  sella: string;
  gonion: string;
  upperIncisor: string;
  interincisal: string;
  analysis: string;
}

const EXPECTED: Record<'en' | 'ko' | 'ja' | 'vi', Expected> = {
  en: {
    nasionDefinition: 'Most anterior point of the frontonasal suture in the midline.',
    anbNote: 'SNA − SNB, keeps its sign.',
    sella: 'Sella',
    gonion: 'Gonion',
    upperIncisor: 'Upper incisor tip',
    interincisal: 'Interincisal angle',
    analysis: 'Steiner',
  },
  ko: {
    nasionDefinition: '정중선상 전두비골 봉합의 최전방점.',
    anbNote: 'SNA − SNB, 부호를 그대로 유지.',
    sella: '셀라',
    gonion: '하악각점 (고니온)',
    upperIncisor: '상악중절치 절단연',
    interincisal: '상하 중절치간 각',
    analysis: 'Steiner',
  },
  ja: {
    nasionDefinition: '正中における前頭鼻骨縫合の最前点。',
    anbNote: 'SNA − SNB。符号を保持する。',
    sella: 'セラ',
    gonion: 'ゴニオン',
    upperIncisor: '上顎中切歯切縁',
    interincisal: '上下中切歯歯軸角',
    analysis: 'Steiner',
  },
  vi: {
    nasionDefinition: 'Điểm trước nhất của đường khớp trán – mũi trên đường giữa.',
    anbNote: 'SNA − SNB, giữ nguyên dấu.',
    sella: 'Điểm Sella (hố yên)',
    gonion: 'Điểm Gonion (góc hàm)',
    upperIncisor: 'Rìa cắn răng cửa giữa hàm trên',
    interincisal: 'Góc giữa hai răng cửa',
    analysis: 'Phân tích Steiner',
  },
};

async function checkViewer(t: TestContext, page: Page, lang: keyof typeof EXPECTED, shots: boolean): Promise<void> {
  const want = EXPECTED[lang];
  await page.getByTestId('panel-tab-landmarks').click();
  await expect(landmarkNameOf(page, 'S'), `${lang}: Sella in the landmark list`).toHaveText(want.sella, { useInnerText: true });
  await expect(landmarkNameOf(page, 'Go')).toHaveText(want.gonion, { useInnerText: true });
  await expect(landmarkNameOf(page, 'U1')).toHaveText(want.upperIncisor, { useInnerText: true });
  // the short names stay the standard abbreviations
  await expect(page.locator('[data-testid="landmark-item"][data-id="S"] .landmark-item__short').first()).toHaveText('S', {
    useInnerText: true,
  });
  await expect.poll(() => markerTitle(page, 'Go'), { message: `${lang}: marker tooltip` }).toBe(want.gonion);
  // the definition: the list row's tooltip and, once selected, the landmark panel
  const nasion = page.locator('[data-testid="landmark-item"][data-id="N"] .landmark-item__main').first();
  await expect(nasion, `${lang}: nasion definition tooltip`).toHaveAttribute('title', want.nasionDefinition);
  await nasion.click();
  await expect(page.getByTestId('landmark-definition'), `${lang}: nasion definition in the panel`).toHaveText(want.nasionDefinition, {
    useInnerText: true,
  });
  if (shots) await t.screenshot(page, `clinical-vocabulary-landmarks-${lang}`);

  await page.getByTestId('panel-tab-analysis').click();
  await expect(rowNameOf(page, 'INTERINCISAL'), `${lang}: interincisal angle in the table`).toHaveText(
    new RegExp(`^${want.interincisal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    { useInnerText: true },
  );
  await expect.poll(() => rowName(page, 'SNA'), { message: 'the abbreviation SNA stays as written' }).toMatch(/\bSNA\b/);
  const anbTitle = await page.locator('[data-testid="analysis-row"][data-id="ANB"] .analysis-row__name').getAttribute('title');
  expect(anbTitle, `${lang}: ANB note tooltip`).toBe(want.anbNote);
  const words = await shownWords(page);
  if (lang !== 'en') {
    for (const w of words) expect(ENGLISH_WORDS.test(w), `${lang}: interpretation "${w}" is not English`).toBeFalsy();
  }
  if (shots) await t.screenshot(page, `clinical-vocabulary-analysis-${lang}`);

  await page.getByTestId('panel-tab-report').click();
  await page.getByTestId('report-film').waitFor({ state: 'attached', timeout: 20_000 });
  await expect(page.getByTestId('report-print'), `${lang}: print layout names the measurements`).toContainText(want.interincisal);
  const printed = await printText(page);
  expect(printed, `${lang}: print layout names the analysis ${want.analysis}`).toContain(want.analysis);
  for (const w of words) expect(printed, `${lang}: print layout reads "${w}" as the table does`).toContain(w);
}

async function printToPng(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  mkdirSync(screensDir, { recursive: true });
  const pdfPath = join(screensDir, `${name}.pdf`);
  writeFileSync(pdfPath, pdf);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  requireTool('/usr/bin/pdftoppm');
  execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', pdfPath, join(screensDir, name)]);
}

test(
  'clinical vocabulary: landmark and measurement names follow the language (en, Korean, Japanese) in the viewer and the print layout',
  async (t) => {
    const page = await openViewer(t, 'vocab-ko-ja');
    await useLanguage(page, 'en');
    await checkViewer(t, page, 'en', false);
    await useLanguage(page, 'ko');
    await checkViewer(t, page, 'ko', true);
    await printToPng(page, 'clinical-vocabulary-print-ko');
    await useLanguage(page, 'ja');
    await checkViewer(t, page, 'ja', false);
  },
  FLOW,
);

test(
  'clinical vocabulary: Vietnamese names in the viewer and the print layout',
  async (t) => {
    const page = await openViewer(t, 'vocab-vi');
    await useLanguage(page, 'vi');
    await checkViewer(t, page, 'vi', true);
    await printToPng(page, 'clinical-vocabulary-print-vi');
  },
  FLOW,
);
