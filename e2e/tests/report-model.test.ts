import { measurementNote } from '@ceppro/contract';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { test, type TestContext } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { requireTool } from '../src/poppler.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * One report model (packages/contract report-model): the browser's print layout renders the model
 * the server builds from the saved record, and the server's PDF is drawn from the same model. The
 * printed page and the downloaded PDF carry the same values, in the user's language (two languages).
 */

const screensDir = process.env.E2E_SCREENS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../tmp/screens');
const pdftotext = '/usr/bin/pdftotext';
const pdftoppm = '/usr/bin/pdftoppm';

const TITLES = { en: 'Cephalometric report', ko: '세팔로메트릭 분석 리포트' } as const;

async function openReport(t: TestContext, lang: 'en' | 'ko'): Promise<{ page: Page; chartId: string }> {
  const { user, api } = await datasetUser(t, `report-model-${lang}`);
  const name = lang === 'ko' ? '김세팔' : 'Model Kim';
  const patient = { first_name: name, birth_info: '1994-04-12', gender: true };
  const { chartId, chartUuid } = await api.createPatient(patient, { ceph: cephalogramPath(1), shootDate: '2025-11-03' });
  const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
  await signInThroughUi(page, user);
  // The interface language as a user picks it (stored), then the viewer opens in it.
  await page.evaluate((l) => localStorage.setItem('ceppro.language', l), lang);
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, 20_000);
  await page.getByTestId('panel-tab-report').click();
  return { page, chartId };
}

/** Prints through the app's Print button (window.print stubbed), then renders the print media to a PDF file. */
async function printToPdf(page: Page, file: string): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __printed: number };
    w.__printed = 0;
    window.print = () => {
      w.__printed += 1;
    };
  });
  await page.getByTestId('print-report').click();
  const printed = () => page.evaluate(() => (window as unknown as { __printed: number }).__printed);
  await expect.poll(printed, { message: 'window.print() once the model and its film are ready', timeout: 20_000 }).toBe(1);
  await page.emulateMedia({ media: 'print' });
  writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  await page.emulateMedia({ media: 'screen' });
}

/** The PDF's text, runs of spaces as one (layout mode pads mixed-script runs differently in the two PDFs). */
const pdfText = (file: string) => execFileSync(pdftotext, ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const lang of ['en', 'ko'] as const) {
  test(
    `report model (${lang}): the print preview shows the values of the server PDF, in the user's language`,
    async (t) => {
      const { page, chartId } = await openReport(t, lang);
      mkdirSync(screensDir, { recursive: true });
      await page.getByTestId('report-film').waitFor({ state: 'attached', timeout: 20_000 });
      await t.screenshot(page, `report-model-${lang}-tab`);
      const printed = join(screensDir, `report-model-${lang}-print.pdf`);
      await printToPdf(page, printed);
      const row = (id: string) => page.locator(`[data-testid="report-row"][data-id="${id}"] [data-testid="report-value"]`).textContent();
      const sna = (await row('SNA')) ?? '';
      const snb = (await row('SNB')) ?? '';
      expect(sna, 'SNA is a value in the print layout').toMatch(/^\d+\.\d°$/);
      await expect(page.locator('[data-testid="report-print"]')).toHaveAttribute('lang', lang);

      // The server renders the PDF: more than the context's 10 s default on a loaded machine.
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.getByTestId('download-pdf').click()]);
      expect(download.suggestedFilename()).toBe(`ceppro-report-${chartId}.pdf`);
      const server = join(screensDir, `report-model-${lang}-server.pdf`);
      await download.saveAs(server);
      expect(readFileSync(server).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (!requireTool(pdftotext)) return;
      const browserText = pdfText(printed);
      const serverText = pdfText(server);
      for (const text of [browserText, serverText]) {
        expect(text, `SNA ${sna} in both`).toMatch(new RegExp(`SNA\\s+${escape(sna)}`));
        expect(text, `SNB ${snb} in both`).toMatch(new RegExp(`SNB\\s+${escape(snb)}`));
        expect(text, `the ${lang} title in both`).toContain(TITLES[lang]);
      }
      const disclaimer = 'AI 랜드마크는 의료진을 위한 참고 자료이며 진단이 아닙니다.';
      if (lang === 'ko') for (const text of [browserText, serverText]) expect(text, 'Korean disclaimer').toContain(disclaimer);
      // ANB's caveat as a footnote under the table, in the user's language, in both.
      const anbNote = measurementNote('ANB', lang) ?? '';
      // Word by word: in the browser's PDF a run in another font (Latin in Montserrat, Hangul in Noto Sans KR) can
      // come out of pdftotext on a line of its own, though the page shows one line.
      const noteWords = anbNote.split(/\s+/);
      for (const text of [browserText, serverText])
        expectTruthy(
          noteWords.every((w) => text.includes(w)),
          `ANB note "${anbNote}" in both`,
        );
      // The film's labels are text in the server PDF (embedded fonts), not pixels.
      expect(serverText).toMatch(/\bPNS\b/);
      if (requireTool(pdftoppm)) {
        const page1 = (file: string, name: string) =>
          execFileSync(pdftoppm, ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', file, join(screensDir, name)]);
        page1(printed, `report-model-${lang}-print-page1`);
        page1(server, `report-model-${lang}-server-page1`);
      }
    },
    { timeoutMs: 150_000 },
  );
}
