import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { VIEWER_TABS, manualAccount, openViewer, showTab, signInByForm, useLanguage, type ManualLang } from './manual-walk.ts';
import { setOutboxDir } from './outbox.ts';
import { datasetDir } from './patients-api.ts';
import { startServer } from './server.ts';

/**
 * `npm run tutorial:record`: records the tutorial video of the list's welcome popup from a scripted
 * walk through the real product (sign-in, patient list, new patient, the viewer's tabs), once in
 * English and once in Korean, into apps/web/public/tutorial/ceppro-tutorial-<lang>.webm.
 *
 * Chromium's own screencast (DevTools `Page.startScreencast`) sends a JPEG whenever the page
 * changes, with its time; Debian's ffmpeg (`apt-get install ffmpeg`) turns the frames, each held
 * until the next, into a VP9 WebM. No Playwright browser or ffmpeg build is downloaded.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(root, 'apps/web/public/tutorial');
const FFMPEG = '/usr/bin/ffmpeg';
const LANGS: readonly ManualLang[] = ['en', 'ko'];

interface Frame {
  data: string;
  /** Seconds (the screencast's clock). */
  at: number;
}

/** Collects screencast frames until the returned function stops it. */
async function screencast(session: CDPSession): Promise<{ frames: Frame[]; stop: () => Promise<void> }> {
  const frames: Frame[] = [];
  session.on('Page.screencastFrame', (frame) => {
    frames.push({ data: frame.data, at: frame.metadata.timestamp ?? Date.now() / 1000 });
    void session.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  });
  await session.send('Page.startScreencast', { format: 'jpeg', quality: 80, maxWidth: 1280, maxHeight: 800 });
  return { frames, stop: async () => void (await session.send('Page.stopScreencast')) };
}

/** A pause a viewer can follow (recording only: the video's pace, not a test's wait). */
const hold = (page: Page, ms: number) => page.waitForTimeout(ms);

async function walk(page: Page, lang: ManualLang, account: Awaited<ReturnType<typeof manualAccount>>): Promise<void> {
  await hold(page, 1200);
  await signInByForm(page, account.user, { typeDelayMs: 25 });
  const tutorial = page.getByTestId('tutorial-close');
  if (
    await tutorial.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    )
  )
    await tutorial.click();
  await page.getByTestId('patient-row').first().waitFor();
  await hold(page, 2000);
  await page.getByTestId('new-patient').click();
  await page.getByTestId('np-name').pressSequentially(lang === 'ko' ? '이서연' : 'Seoyeon Lee', { delay: 60 });
  await page.getByTestId('np-birth').fill('2013-08-21');
  await page.getByTestId('np-gender-female').check();
  await hold(page, 1800);
  await page.goBack();
  await page.getByTestId('patient-row').first().waitFor();
  await hold(page, 800);
  await page.getByTestId('patient-row').first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/viewer/'));
  await openViewer(page, account.chartUuid);
  await hold(page, 2500);
  for (const tab of VIEWER_TABS.slice(1)) {
    await showTab(page, tab, account);
    await hold(page, 2600);
  }
}

function encode(frames: Frame[], file: string): void {
  if (frames.length < 10) throw new Error(`only ${frames.length} frames were captured`);
  const dir = mkdtempSync(join(tmpdir(), 'ceppro-tutorial-'));
  try {
    const lines: string[] = [];
    frames.forEach((frame, i) => {
      const name = join(dir, `f${String(i).padStart(5, '0')}.jpg`);
      writeFileSync(name, Buffer.from(frame.data, 'base64'));
      const next = frames[i + 1]?.at ?? frame.at + 2;
      lines.push(`file '${name}'`, `duration ${Math.max(0.04, next - frame.at).toFixed(3)}`);
    });
    // The concat demuxer needs the last file named again for its duration to count.
    lines.push(lines[lines.length - 2] ?? '');
    writeFileSync(join(dir, 'list.txt'), `${lines.join('\n')}\n`);
    execFileSync(
      FFMPEG,
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        join(dir, 'list.txt'),
        '-vf',
        'fps=12,scale=960:-2:flags=lanczos,format=yuv420p',
        '-c:v',
        'libvpx-vp9',
        '-crf',
        '40',
        '-b:v',
        '0',
        '-deadline',
        'good',
        '-cpu-used',
        '4',
        '-row-mt',
        '1',
        '-an',
        file,
      ],
      { stdio: 'inherit' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(FFMPEG)) throw new Error('ffmpeg is missing: apt-get install -y ffmpeg');
  if (!datasetDir()) throw new Error('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
  // The video shows the web app as it is now: build it into a folder of its own.
  const webDist = join(root, 'tmp/tutorial-web');
  execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], { cwd: join(root, 'apps/web'), stdio: 'inherit' });
  process.env.E2E_WEB_DIST = webDist;
  const server = await startServer(root);
  // Sign-up mail and SMS codes land in the server's outbox, where the account helpers read them.
  setOutboxDir(server.dataDir);
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    mkdirSync(OUT, { recursive: true });
    // `npm run tutorial:record -- ko` records one language; encoding waits until every walk is done.
    const langs = LANGS.filter((l) => process.argv.length <= 2 || process.argv.includes(l));
    const recorded: Array<{ lang: ManualLang; frames: Frame[] }> = [];
    for (const lang of langs) {
      const account = await manualAccount(server.baseUrl, `tutorial-${lang}`, lang);
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 800 },
        locale: lang === 'ko' ? 'ko-KR' : 'en-US',
        extraHTTPHeaders: { 'x-forwarded-for': account.user.ip },
      });
      await context.addCookies([{ name: 'cookieAgreement', value: 'true', url: server.baseUrl }]);
      await useLanguage(context, lang);
      const page = await context.newPage();
      await page.goto('/');
      const cast = await screencast(await context.newCDPSession(page));
      await walk(page, lang, account);
      await cast.stop();
      await context.close();
      recorded.push({ lang, frames: cast.frames });
    }
    for (const { lang, frames } of recorded) {
      const file = join(OUT, `ceppro-tutorial-${lang}.webm`);
      encode(frames, file);
      console.log(`${file}: ${frames.length} frames, ${Math.round(statSync(file).size / 1024)} kB`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
