/**
 * npm run bench:viewer [-- --moves 200 --wheels 80]
 *
 * Frame times of the viewer under input, measured in a real Chromium against the real server:
 * - starts the server as a child process (PGlite in a temp DATA_DIR), with one seeded user;
 * - upscales a dataset film to the ISBI 2015 original resolution (1935 x 2400 px) with sharp and
 *   creates the patient through the API (upload, thumbnail, landmark detection), as the web app does;
 * - signs in through the form in headless Chromium (fresh user-data dir), opens the viewer with
 *   every landmark and the tracing shown, and records requestAnimationFrame timestamps in the page
 *   while (a) a landmark is dragged with mouse moves and (b) the view is zoomed with wheel events.
 * Ends with `drag_p50_ms=<n> drag_p95_ms=<n> zoom_p50_ms=<n> zoom_p95_ms=<n>`.
 */
import { encodePassword } from '@ceppro/contract';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { BenchClient } from './bench-api-client';
import { launchBenchBrowser, seedOneUser, signInThroughForm } from './bench-browser';
import { freePort } from '../../apps/server/test/support/free-port';
import { spawnServer, stopServer, waitHealthy } from './bench-server';
import { REPO_ROOT, datasetDir, loadDatasetManifest } from '../../apps/server/src/cli/dataset-manifest';
import { percentile } from './landmark-metrics';
import { runMain } from './bench-cli';

const PASSWORD = 'Bench-pass1!';
const FILM = { width: 1935, height: 2400 };

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { moves: { type: 'string' }, wheels: { type: 'string' } } });
  const moves = Number(values.moves ?? 200);
  const wheels = Number(values.wheels ?? 80);
  const dir = datasetDir();
  if (!dir) {
    console.log('bench:viewer needs a dataset film (CEPH_DATASET_DIR or ../shared/datasets/isbi2015)');
    return 1;
  }
  if (!existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    console.log('apps/web/dist is missing: building the web app first');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'ceppro-bench-viewer-'));
  const userDataDir = await mkdtemp(join(tmpdir(), 'ceppro-bench-chromium-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(await freePort()) };
  let server: ChildProcess | undefined;
  let browser: BrowserContext | undefined;
  try {
    const user = await seedOneUser(env, PASSWORD);

    server = spawnServer(env);
    const base = `http://127.0.0.1:${env.PORT}`;
    await waitHealthy(base);
    const client = new BenchClient(base);
    await client.login(user.email, encodePassword(PASSWORD));

    const { manifest, baseDir } = await loadDatasetManifest(resolve(dir, 'manifest.json'));
    const source = manifest.images[manifest.images.length - 1];
    if (!source) throw new Error('the dataset manifest lists no image');
    const film = await sharp(resolve(baseDir, source.file))
      .resize(FILM.width, FILM.height, { fit: 'fill' })
      .jpeg({ quality: 92 })
      .toBuffer();
    const detected = await client.createPatientWithImage(film, 'image/jpeg', 'Bench viewer');
    console.log(
      `patient created: ${detected.output.boxs.length} landmarks on ${detected.output.size.width}x${detected.output.size.height}`,
    );

    browser = await launchBenchBrowser(userDataDir, base, ['--disable-component-update', '--disable-sync']);
    const page = browser.pages()[0] ?? (await browser.newPage());
    await signInThroughForm(page, user.email, PASSWORD);
    await page.goto(`/viewer/${detected.chart_uuid}`);
    await page.getByTestId('viewer-image').waitFor();
    const count = await waitForLandmarks(page, detected.output.boxs.length);
    await showEverything(page);
    console.log(
      `viewer open: ${count} landmarks, tracing ${(await page.getByTestId('tracing-layer').count()) > 0 ? 'shown' : 'absent'}, ` +
        `${FILM.width}x${FILM.height} film`,
    );

    const drag = await measure(page, () => dragLandmark(page, moves));
    const zoom = await measure(page, () => wheelZoom(page, wheels));
    report('drag', drag);
    report('zoom', zoom);
    console.log(
      `drag_p50_ms=${fmt(percentile(drag, 50))} drag_p95_ms=${fmt(percentile(drag, 95))} ` +
        `zoom_p50_ms=${fmt(percentile(zoom, 50))} zoom_p95_ms=${fmt(percentile(zoom, 95))}`,
    );
    return 0;
  } finally {
    await browser?.close().catch(() => undefined);
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    await rm(userDataDir, { recursive: true, force: true });
  }
}

async function waitForLandmarks(page: Page, expected: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const n = await page.getByTestId('landmark').count();
    if (n >= expected || Date.now() > deadline) return n;
    await page.waitForTimeout(100);
  }
}

/** Landmarks, names and tracing on (spec defaults have all displays on; names are off by default). */
async function showEverything(page: Page): Promise<void> {
  for (const testId of ['toggle-landmark', 'toggle-tracing', 'viewer-toggle-names']) {
    const button = page.getByTestId(testId);
    if ((await button.count()) > 0 && (await button.getAttribute('aria-pressed')) === 'false') await button.click();
  }
}

/** Frame intervals (ms) from requestAnimationFrame timestamps in the page while `action` runs. */
async function measure(page: Page, action: () => Promise<void>): Promise<number[]> {
  // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
  // Each run has its own loop id, so the last frame of a previous run's loop cannot join this one.
  await page.evaluate(`(() => {
    const run = (window.__run ?? 0) + 1;
    window.__run = run;
    window.__frames = [];
    window.__recording = true;
    const tick = (t) => {
      if (window.__run !== run) return;
      window.__frames.push(t);
      if (window.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await action();
  const stamps = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  return stamps.slice(1).map((t, i) => t - (stamps[i] ?? t));
}

/** Drags one landmark (Menton if present) along a wavy path 40 screen px to the right, one mouse move per step. */
async function dragLandmark(page: Page, moves: number): Promise<void> {
  const preferred = page.locator('[data-testid="landmark"][data-id="Me"]');
  const target = (await preferred.count()) > 0 ? preferred : page.getByTestId('landmark').first();
  const id = await target.getAttribute('data-id');
  const before = { x: Number(await target.getAttribute('data-x')), y: Number(await target.getAttribute('data-y')) };
  // The dot itself: with names shown, the marker group's box also holds the label.
  const box = await target.locator('.landmark__dot').boundingBox();
  if (!box) throw new Error('no landmark on screen');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 1; i <= moves; i += 1) {
    const f = i / moves;
    await page.mouse.move(cx + 40 * f + 25 * Math.sin(f * Math.PI * 4), cy + 25 * (1 - Math.cos(f * Math.PI * 4)) * 0.5);
  }
  await page.mouse.up();
  const moved = page.locator(`[data-testid="landmark"][data-id="${id}"]`);
  const after = { x: Number(await moved.getAttribute('data-x')), y: Number(await moved.getAttribute('data-y')) };
  if (after.x === before.x && after.y === before.y) throw new Error(`the drag did not move landmark ${id}`);
  console.log(
    `dragged ${id} with ${moves} mouse moves: (${before.x.toFixed(1)}, ${before.y.toFixed(1)}) ` +
      `-> (${after.x.toFixed(1)}, ${after.y.toFixed(1)}) image px`,
  );
}

/** Wheel steps over the film: in towards 400%, then back out (each step ~3%, docs/spec-points.md §9). */
async function wheelZoom(page: Page, wheels: number): Promise<void> {
  const stage = await page.getByTestId('viewer-stage').boundingBox();
  if (!stage) throw new Error('no viewer stage');
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
  let peak = '';
  for (let i = 0; i < wheels; i += 1) {
    await page.mouse.wheel(0, i < wheels / 2 ? -100 : 100);
    if (i + 1 === Math.floor(wheels / 2)) peak = await page.getByTestId('viewer-zoom').innerText();
  }
  const zoom = await page.getByTestId('viewer-zoom').innerText();
  console.log(`${wheels} wheel steps: in to ${peak}, back out to ${zoom}`);
}

function report(name: string, frames: number[]): void {
  const mean = frames.reduce((a, b) => a + b, 0) / Math.max(1, frames.length);
  console.log(
    `${name}: ${frames.length} frames, median ${fmt(percentile(frames, 50))} ` +
      `ms, p95 ${fmt(percentile(frames, 95))} ms, mean ${fmt(mean)} ms, max ${fmt(Math.max(...frames))} ` +
      `ms`,
  );
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'NaN');

runMain(main);
