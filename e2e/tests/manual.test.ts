import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { SAVE_SCREENSHOTS, skip, test } from '../src/harness.ts';
import { VIEWER_TABS, manualAccount, openTab, openViewer, settled, showTab, signInByForm, useLanguage } from '../src/manual-walk.ts';
import type { ManualLang } from '../src/manual-walk.ts';
import { cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { requireTool } from '../src/poppler.ts';
import { fromIp } from '../src/sign-in.ts';

/**
 * The user manual and the tutorial (docs/spec-points.md §1 "a downloadable manual, Korean or English", §2
 * "Tutorial popup", §9 "tutorial video stops after 1 hour"). The screenshot walks write the
 * manual's pictures (docs/manual/screens/<lang>/<name>.png) from the real screens, so every browser
 * test run refreshes them; the server builds the PDFs from docs/manual/<lang>.md with them.
 */

const SCREENS = join(dirname(fileURLToPath(import.meta.url)), '../../docs/manual/screens');
const WALK = { timeoutMs: 300_000 };

/** A 1280 x 800 screen as a palette PNG (a few hundred kB at most) into docs/manual/screens/<lang>/. */
async function shoot(page: Page, lang: ManualLang, name: string): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  const png = await page.screenshot();
  const small = await sharp(png).png({ palette: true, quality: 90, effort: 8, compressionLevel: 9 }).toBuffer();
  mkdirSync(join(SCREENS, lang), { recursive: true });
  writeFileSync(join(SCREENS, lang, `${name}.png`), small);
}

for (const lang of ['en', 'ko'] as const) {
  test(
    `manual: screenshots of the real screens for docs/manual (${lang})`,
    async (t) => {
      if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
      const account = await manualAccount(t.baseUrl, `manual-${lang}`, lang);
      const { page, context } = await t.newPage({ ...fromIp(account.user.ip), locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
      await useLanguage(context, lang);

      await page.goto('/');
      await page.locator('#sign-in-email').fill(account.user.email);
      await settled(page);
      await shoot(page, lang, 'sign-in');
      await page.goto('/signup');
      await settled(page);
      await shoot(page, lang, 'sign-up');

      // A new account's first list opens with the tutorial.
      await signInByForm(page, account.user);
      const video = page.getByTestId('tutorial-video');
      await video.waitFor();
      // A media element's state is not in the DOM's attributes: polled.
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { message: 'tutorial video metadata' })
        .toBeGreaterThanOrEqual(1);
      // A frame from the middle of the walkthrough (the viewer) rather than the blank first one.
      await video.evaluate(
        (v: HTMLVideoElement) =>
          new Promise((resolve) => {
            v.addEventListener('seeked', resolve, { once: true });
            v.currentTime = v.duration * 0.6;
          }),
      );
      await shoot(page, lang, 'tutorial');
      await page.getByTestId('tutorial-close').click();
      await page.getByTestId('patient-row').first().waitFor();
      await settled(page);
      await shoot(page, lang, 'patient-list');

      await page.getByTestId('new-patient').click();
      await page.waitForURL((u) => u.pathname === '/create');
      await page.getByTestId('drop-ceph-input').setInputFiles(cephalogramPath(2));
      await page.getByTestId('np-name').fill(lang === 'ko' ? '이서연' : 'Seoyeon Lee');
      await page.getByTestId('np-shoot-date').fill('2026-03-02');
      await page.getByTestId('np-birth').fill('2013-08-21');
      await page.getByTestId('np-gender-female').check();
      await settled(page);
      await shoot(page, lang, 'new-patient');

      await page.goto(`/view/${account.patientId}`);
      await settled(page);
      await shoot(page, lang, 'patient-edit');

      await openViewer(page, account.chartUuid);
      for (const tab of VIEWER_TABS) {
        await showTab(page, tab, account);
        await shoot(page, lang, `viewer-${tab}`);
      }
      await openTab(page, 'analysis');
      await page.getByTestId('ruler-tool').click();
      const stage = await page.getByTestId('viewer-stage').boundingBox();
      expectTruthy(stage);
      await page.mouse.click(stage.x + stage.width * 0.3, stage.y + stage.height * 0.8);
      await page.mouse.click(stage.x + stage.width * 0.3 + 200, stage.y + stage.height * 0.8);
      await page.getByTestId('ruler-length').waitFor();
      // The ISBI films here are 0.2 mm per image pixel: type the length the two points really span.
      const ends = await page
        .getByTestId('ruler-point')
        .evaluateAll((els) => els.map((el) => [Number(el.dataset.x), Number(el.dataset.y)]));
      const [[x1 = 0, y1 = 0] = [], [x2 = 0, y2 = 0] = []] = ends;
      await page.getByTestId('ruler-length').fill((Math.hypot(x2 - x1, y2 - y1) * 0.2).toFixed(1));
      await shoot(page, lang, 'viewer-calibration');
      await page.keyboard.press('Escape');
      await page.getByTestId('drawing-mode').click();
      await page.getByTestId('drawing-tool-pen').waitFor();
      await shoot(page, lang, 'viewer-drawing');

      const accountPages = [
        ['/setting', 'settings'],
        ['/drawing-pad', 'drawing-pad'],
        ['/membership', 'membership'],
        ['/myinfo', 'my-info'],
      ] as const;
      for (const [path, name] of accountPages) {
        await page.goto(path);
        await settled(page);
        await shoot(page, lang, name);
      }
    },
    WALK,
  );
}

/** Downloads the manual with the header's icon in the interface language; returns its text. */
async function downloadedManualText(page: Page): Promise<{ name: string; text: string }> {
  // The server renders the PDF: more than the context's 10 s default on a loaded machine.
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('manual-download').click()]);
  const file = join(mkdtempSync(join(os.tmpdir(), 'ceppro-manual-')), download.suggestedFilename());
  await download.saveAs(file);
  const text = execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' });
  return { name: download.suggestedFilename(), text: text.replace(/\s+/g, ' ') };
}

// Three pages, each waiting up to 30 s for a server-rendered manual: more than the default 45 s.
test(
  'manual: the header icon downloads the PDF manual of the interface language (ko, en; Japanese gets English)',
  async (t) => {
    requireTool('/usr/bin/pdftotext');
    for (const [lang, file, heading] of [
      ['ko', 'ceppro-manual-ko.pdf', 'Ceppro 사용자 매뉴얼'],
      ['en', 'ceppro-manual-en.pdf', 'Ceppro user manual'],
      ['ja', 'ceppro-manual-en.pdf', 'Ceppro user manual'],
    ] as const) {
      const { page } = await t.newPage({ locale: 'en-US' });
      await page.addInitScript((l) => window.localStorage.setItem('ceppro.language', l), lang);
      await page.goto('/');
      const { name, text } = await downloadedManualText(page);
      expect(name, `${lang}: file name`).toBe(file);
      expect(text, `${lang}: the manual's title "${heading}" is in the PDF`).toContain(heading);
      if (lang === 'ko') expectTruthy(text.includes('환자 목록') && text.includes('진단'), 'ko: Korean chapters');
      if (lang === 'en') expectTruthy(text.includes('The patient list') && text.includes('not a diagnosis'), 'en: English chapters');
      expect(text, `${lang}: page numbers`).toMatch(/2 ?\/ ?\d+/);
    }
  },
  { timeoutMs: 150_000 },
);

test('tutorial: the welcome popup plays the recorded walkthrough, and stops it after an hour of playing', async (t) => {
  const user = newUser('tutorial-video');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await signInByForm(page, user);
  const popup = page.getByTestId('tutorial-popup');
  await popup.getByText('Welcome to Ceppro v3.0').waitFor();
  const video = page.getByTestId('tutorial-video');
  await expect(video).toHaveAttribute('src', '/tutorial/ceppro-tutorial-en.webm');
  await video.evaluate((v: HTMLVideoElement) => v.play());
  const state = () =>
    video.evaluate((v: HTMLVideoElement) => ({
      ready: v.readyState,
      time: v.currentTime,
      duration: v.duration,
      error: v.error?.code ?? null,
    }));
  // The media element's state, polled (not in the DOM's attributes).
  await expect
    .poll(
      async () => {
        const s = await state();
        return s.ready >= 2 && s.time > 0;
      },
      { message: 'the video is playing' },
    )
    .toBe(true);
  const start = await state();
  expect(start.error, 'no media error').toBe(null);
  expectTruthy(start.duration > 5 && start.duration < 120, `a real walkthrough: ${start.duration} s`);
  await expect.poll(async () => (await state()).time, { message: 'playback advances' }).toBeGreaterThan(start.time + 0.5);
  await t.screenshot(page, 'tutorial-playing');

  // An hour of playing on an injected media clock: the popup reads currentTime on each timeupdate.
  // Sent as source text: tsx would wrap the getter in a naming helper the page does not have.
  const pausedAt = (await page.evaluate(`((v) => {
    const media = { time: 0 };
    Object.defineProperty(v, 'currentTime', { get() { return media.time; }, configurable: true });
    let before = true;
    // 0.25 s ticks as a player reports them, up to 60:00 (loops and seeks: the unit tests). The real
    // playback above already counted a few seconds, so "before" is read a minute short of the hour.
    for (let played = 0; played <= 3600; played += 0.25) {
      if (played === 3540) before = v.paused;
      media.time = played;
      v.dispatchEvent(new Event('timeupdate'));
    }
    return { before, after: v.paused };
  })(document.querySelector('[data-testid="tutorial-video"]'))`)) as { before: boolean; after: boolean };
  expect(pausedAt, 'still playing at 59:00, paused by 60:00').toStrictEqual({ before: false, after: true });
});
