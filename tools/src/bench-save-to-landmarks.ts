/**
 * npm run bench:save-to-landmarks [-- --patients 10 --refusals 5]
 *
 * Save -> landmarks on screen, through the real product in Chromium, as a user does it:
 * - starts the compiled server (PGlite in a temp DATA_DIR; BENCH_WEB_DIST or E2E_WEB_DIST serves a
 *   web build elsewhere, otherwise apps/web/dist, built when missing) with one seeded user;
 * - signs in through the form; for each patient opens the new-patient form, chooses a dataset film
 *   upscaled to 1935 x 2400 (the ISBI 2015 originals' size; CEPH_DATASET_DIR or
 *   ../shared/datasets/isbi2015), fills name, birthday and gender, presses Save; the page clicks the
 *   new patient's row on the frame the list shows it, and the run waits for the AI landmarks in the viewer;
 * - then a photo that is not an X-ray, Save, until the "X-ray not recognized" popup is on screen.
 * Times are epoch ms taken by the page on an animation frame (bench-save-stages.ts); the stage table
 * comes from the requests' resource timing and the socket's frames. Ends with
 * `save_to_landmarks_p50_ms=<n> p95_ms=<n> refusal_p50_ms=<n>` and the load average.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBenchBrowser, seedOneUser, signInThroughForm } from './bench-browser';
import { PAGE_MARKS_SCRIPT, fmt, graphCounts, recordTraffic, stageTable, viewerWaterfall, type RunRecord } from './bench-save-stages';
import { freePort } from '../../apps/server/test/support/free-port';
import { spawnServer, stopServer, waitHealthy } from './bench-server';
import { REPO_ROOT, datasetDir, loadDatasetManifest } from '../../apps/server/src/cli/dataset-manifest';
import { percentile } from './landmark-metrics';
import { runMain } from './bench-cli';

const PASSWORD = 'Bench-pass1!';
const FILM = { width: 1935, height: 2400 };
const NOT_XRAY = join(REPO_ROOT, 'apps/server/test/fixtures/non-ceph/hubble_deep_field.jpg');

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { patients: { type: 'string' }, refusals: { type: 'string' } } });
  const patients = Math.max(1, Number(values.patients ?? 10));
  const refusals = Math.max(0, Number(values.refusals ?? 5));
  const webDist = process.env.BENCH_WEB_DIST ?? process.env.E2E_WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    console.log(`${webDist} has no web build: building the web app there first`);
    execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], { cwd: join(REPO_ROOT, 'apps/web'), stdio: 'inherit' });
  }
  const loadBefore = loadavg();
  const work = await mkdtemp(join(tmpdir(), 'ceppro-bench-save-'));
  const dataDir = join(work, 'data');
  // PGlite under DATA_DIR, as `npm start` runs it, whatever DATABASE_URL the shell has.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
  };
  delete env['DATABASE_URL'];
  let server: ChildProcess | undefined;
  let browser: BrowserContext | undefined;
  try {
    const { films, real } = await prepareFilms(work, patients);
    const user = await seedOneUser(env, PASSWORD);
    server = spawnServer(env);
    const base = `http://127.0.0.1:${env.PORT}`;
    await waitHealthy(base);

    browser = await launchBenchBrowser(join(work, 'chromium'), base);
    await browser.addInitScript(PAGE_MARKS_SCRIPT);
    const page = browser.pages()[0] ?? (await browser.newPage());
    const traffic = recordTraffic(page);
    await signIn(page, user.email);

    const runs: RunRecord[] = [];
    for (const [i, film] of films.entries()) {
      const name = `Bench Save ${i + 1}`;
      await fillNewPatient(page, film, name);
      traffic.take();
      await page.getByTestId('save').click();
      await waitForMark(page, 'landmarks');
      const run: RunRecord = { ...traffic.take(), marks: await marks(page) };
      runs.push(run);
      const total = (run.marks.landmarks ?? NaN) - (run.marks.save ?? NaN);
      const counts = graphCounts(run);
      console.log(
        `patient ${i + 1}: save -> landmarks ${fmt(total)} ms; GraphQL after Save ${counts.afterSave}, in the viewer ${counts.viewer}`,
      );
      if (i === 0 || i === films.length - 1)
        console.log(`  the viewer's requests, ms after the click on the row:\n${viewerWaterfall(run)}`);
    }

    const refused: number[] = [];
    for (let i = 0; i < refusals; i += 1) {
      await fillNewPatient(page, NOT_XRAY, `Bench Refusal ${i + 1}`);
      await page.getByTestId('save').click();
      await waitForMark(page, 'refusal');
      const m = await marks(page);
      refused.push((m.refusal ?? NaN) - (m.save ?? NaN));
      console.log(`refusal ${i + 1}: save -> "X-ray not recognized" ${fmt(refused[i] ?? NaN)} ms`);
      await page.getByTestId('confirm-popup').getByRole('button', { name: 'Confirm' }).click();
    }

    const totals = runs.map((r) => (r.marks.landmarks ?? NaN) - (r.marks.save ?? NaN));
    const counts = runs.map(graphCounts);
    console.log(`\n${patients} patients, ${real ? 'ISBI 2015 films' : 'generated grey films'} ${FILM.width}x${FILM.height}`);
    console.log(stageTable(runs));
    console.log(
      `GraphQL requests after Save (median): ${percentile(
        counts.map((c) => c.afterSave),
        50,
      )}; of them in the viewer's opening: ${percentile(
        counts.map((c) => c.viewer),
        50,
      )}`,
    );
    const loadAfter = loadavg();
    console.log(
      `load average: before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`,
    );
    console.log(
      `save_to_landmarks_p50_ms=${fmt(percentile(totals, 50))} p95_ms=${fmt(percentile(totals, 95))} ` +
        `refusal_p50_ms=${fmt(percentile(refused, 50))}`,
    );
    return 0;
  } finally {
    await browser?.close().catch(() => undefined);
    await stopServer(server);
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * One JPEG per patient, 1935 x 2400: the dataset's test films from the end of its manifest,
 * upscaled; without the dataset, flat grey films (the model may refuse them: the run says so).
 */
async function prepareFilms(work: string, n: number): Promise<{ films: string[]; real: boolean }> {
  const dir = datasetDir();
  const films: string[] = [];
  if (!dir) console.log('no dataset (CEPH_DATASET_DIR or ../shared/datasets/isbi2015): generated grey films, which the model may refuse');
  const images = dir ? (await loadDatasetManifest(resolve(dir, 'manifest.json'))).manifest.images : [];
  for (let i = 0; i < n; i += 1) {
    const source = images[images.length - 1 - (i % Math.max(1, images.length))];
    const input = dir && source ? sharp(resolve(dir, source.file)).resize(FILM.width, FILM.height, { fit: 'fill' }) : greyFilm();
    const path = join(work, `film-${i}.jpg`);
    await input.jpeg({ quality: 92 }).toFile(path);
    films.push(path);
  }
  return { films, real: dir !== null };
}

function greyFilm() {
  return sharp({ create: { width: FILM.width, height: FILM.height, channels: 3, background: { r: 90, g: 90, b: 90 } } });
}

/** Signs in through the form and closes the first-visit tutorial when it shows. */
async function signIn(page: Page, email: string): Promise<void> {
  await signInThroughForm(page, email, PASSWORD);
  const tutorial = page.getByTestId('tutorial-close');
  if (
    await tutorial.waitFor({ timeout: 3000 }).then(
      () => true,
      () => false,
    )
  )
    await tutorial.click();
}

/** Opens the new-patient form from the list and fills it, ready to Save; resets the page's marks. */
async function fillNewPatient(page: Page, film: string, name: string): Promise<void> {
  await page.goto('/list/0');
  await page.getByTestId('new-patient').click();
  await page.waitForURL((u) => u.pathname === '/create');
  await page.getByTestId('drop-ceph-input').setInputFiles(film);
  await page.getByTestId('np-name').fill(name);
  await page.getByTestId('np-birth').fill('2012-07-15');
  await page.getByTestId('np-gender-female').check();
  await page.getByTestId('save').and(page.locator(':enabled')).waitFor();
  await page.evaluate((patient) => {
    const w = window as unknown as BenchWindow;
    w.__bench.marks = {};
    w.__bench.name = patient;
  }, name);
}

/** Arrow functions, not strings: the product's CSP forbids the page's eval, which a string predicate needs. */
async function waitForMark(page: Page, name: string): Promise<void> {
  await page.waitForFunction((key) => (window as unknown as BenchWindow).__bench.marks[key] !== undefined, name, {
    timeout: 60_000,
    polling: 50,
  });
}

interface BenchWindow {
  __bench: { marks: Record<string, number>; name: string };
}

async function marks(page: Page): Promise<Record<string, number>> {
  return (await page.evaluate('window.__bench.marks')) as Record<string, number>;
}

runMain(main);
