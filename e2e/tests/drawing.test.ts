import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { pdfPagePng } from '../src/pdf-files.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * The drawing pad (spec: tools with Pen first, pixel size 3, opacity 1, history, ratio 100 and
 * scale): on a dataset film, pen, line, rectangle and text are drawn; undo/redo by button and keys;
 * after a reload the stored `drawing_result.coords` and the screen show them at the same image
 * positions; the eraser removes one; a drawing on the Superimposition tab belongs to the film like
 * the others (shown on every tab, stored in `coords`); another feature's key in the document survives; `/drawing-pad` saves its
 * defaults and a new drawing uses them.
 */

const screensDir = process.env.E2E_SCREENS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../tmp/screens');

type Pair = [number, number];
interface StoredShape {
  id: string;
  tool: string;
  color: string;
  opacity: number;
  width: number;
  scales: boolean;
  from?: Pair;
  to?: Pair;
  at?: Pair;
  text?: string;
  points?: number[];
}
interface StoredDrawing {
  version: number;
  coords: StoredShape[];
  superimpositionCoords: StoredShape[];
  measurements?: unknown;
}

/** The overlay's view transform (image px -> viewport px) and the viewport's page position. */
async function view(page: Page): Promise<{ scale: number; tx: number; ty: number; left: number; top: number }> {
  const transform = (await page.getByTestId('overlay-root').getAttribute('transform')) ?? '';
  const m = /matrix\(([^ ]+) 0 0 [^ ]+ ([^ ]+) ([^ )]+)\)/.exec(transform);
  expectTruthy(m, `overlay transform: ${transform}`);
  const box = await page.getByTestId('viewer-stage').boundingBox();
  expectTruthy(box);
  return { scale: Number(m[1]), tx: Number(m[2]), ty: Number(m[3]), left: box.x, top: box.y };
}

async function toClient(page: Page, p: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const v = await view(page);
  return { x: v.left + p.x * v.scale + v.tx, y: v.top + p.y * v.scale + v.ty };
}

/** The image point (whole px) shown at a fraction of the stage (clear of the pad's toolbar at its left). */
async function imageAt(page: Page, fx: number, fy: number): Promise<{ x: number; y: number }> {
  const v = await view(page);
  const box = await page.getByTestId('viewer-stage').boundingBox();
  expectTruthy(box);
  return { x: Math.round((box.width * fx - v.tx) / v.scale), y: Math.round((box.height * fy - v.ty) / v.scale) };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 8): Promise<void> {
  const a = await toClient(page, from);
  const b = await toClient(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps });
  await page.mouse.up();
}

async function expectCount(page: Page, n: number, what: string): Promise<void> {
  await expect(page.getByTestId('drawing-layer'), what).toHaveAttribute('data-count', String(n), { timeout: 10_000 });
}

async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId('drawing-save-status'), 'drawings saved').toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
}

/**
 * A GraphQL read as the signed-in page (the API client's own session ends when the browser signs
 * in: one session per user), with the page's access token.
 */
async function pageGraphql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      // The page's token may have expired (E2E_ACCESS_TOKEN_TTL_S): take a fresh one as the app would (the HttpOnly cookie goes along).
      const refreshed = await fetch('/api/refresh-token', { method: 'POST', credentials: 'same-origin' });
      const token = ((await refreshed.json()) as { data?: { token?: string } }).data?.token ?? '';
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as { data?: unknown; errors?: Array<{ message: string }> };
    },
    { query, variables },
  );
  expectTruthy(!body.errors?.length && body.data, `graphql: ${body.errors?.[0]?.message ?? 'no data'}`);
  return body.data as T;
}

async function storedDrawing(page: Page, chartUuid: string): Promise<StoredDrawing> {
  const { charts } = await pageGraphql<{ charts: Array<{ id: number }> }>(
    page,
    'query($u: String!) { charts(filter: { uuid: $u }) { id } }',
    { u: chartUuid },
  );
  const chart = charts[0];
  expectTruthy(chart);
  const { drawing_result } = await pageGraphql<{ drawing_result: StoredDrawing | null }>(
    page,
    'query($c: Int!) { drawing_result(chart_id: $c) }',
    { c: chart.id },
  );
  expectTruthy(drawing_result, 'a drawing_result is stored');
  return drawing_result;
}

const near = (a: Pair | undefined, b: Pair, tolerance: number, what: string) => {
  expectTruthy(a, `${what}: stored`);
  expectTruthy(
    Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance,
    `${what}: ${a.join(',')} is within ${tolerance} px of ${b.join(',')}`,
  );
};

async function openViewer(page: Page, chartUuid: string): Promise<void> {
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
}

test(
  'drawing pad: draw, undo/redo, kept over reload at the same image positions, eraser, ' +
    'drawn on the Superimposition tab too, /drawing-pad defaults',
  async (t) => {
    const { user, api } = await datasetUser(t, 'drawing');
    const patient = await api.createPatient(
      { first_name: 'Draw Lee', birth_info: '2010-05-04', gender: true },
      { ceph: cephalogramPath(2), shootDate: '2021-06-01' },
    );

    // Another feature's part of the shared document (free measurements): it must survive our saves.
    const { charts } = await api.graphql<{ charts: Array<{ analysis_record_id: number }> }>(
      'query($u: String!) { charts(filter: { uuid: $u }) { analysis_record_id } }',
      { u: patient.chartUuid },
    );
    const recordId = charts[0]?.analysis_record_id;
    expectTruthy(recordId, 'the chart has an analysis record');
    const measurements = { version: 1, items: [] };
    await api.saveRecordDocuments(recordId, { drawing_result: { version: 1, measurements } });

    mkdirSync(screensDir, { recursive: true });
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await openViewer(page, patient.chartUuid);
    await page.getByTestId('drawing-mode').click();
    await expect(page.getByTestId('drawing-tool-pen'), 'Pen is the default tool').toHaveAttribute('aria-checked', 'true');
    const v0 = await view(page);
    const tolerance = 1 / v0.scale + 0.5;
    const P = {
      penFrom: await imageAt(page, 0.45, 0.2),
      penTo: await imageAt(page, 0.6, 0.3),
      lineFrom: await imageAt(page, 0.4, 0.45),
      lineTo: await imageAt(page, 0.8, 0.45),
      rectFrom: await imageAt(page, 0.45, 0.6),
      rectTo: await imageAt(page, 0.65, 0.8),
      text: await imageAt(page, 0.7, 0.15),
      erase: await imageAt(page, 0.6, 0.45),
      arrowFrom: await imageAt(page, 0.4, 0.9),
      arrowTo: await imageAt(page, 0.7, 0.85),
      // Clear of the toast the settings page leaves at the bottom-left.
      newFrom: await imageAt(page, 0.5, 0.5),
      newTo: await imageAt(page, 0.85, 0.5),
    };
    const pair = (p: { x: number; y: number }): Pair => [p.x, p.y];

    // Pen: the film does not pan under it.
    await drag(page, P.penFrom, P.penTo);
    const v1 = await view(page);
    expect([v1.scale, v1.tx, v1.ty], 'drawing does not pan the film').toStrictEqual([v0.scale, v0.tx, v0.ty]);
    await expectCount(page, 1, 'the pen stroke drawn');

    await page.getByTestId('drawing-tool-line').click();
    await drag(page, P.lineFrom, P.lineTo);
    await page.getByTestId('drawing-tool-rectangle').click();
    await drag(page, P.rectFrom, P.rectTo);
    await page.getByTestId('drawing-tool-text').click();
    const textAt = await toClient(page, P.text);
    await page.mouse.click(textAt.x, textAt.y);
    await page.getByTestId('drawing-text-input').fill('Check the airway');
    await page.getByTestId('drawing-text-input').press('Enter');
    await expectCount(page, 4, 'pen, line, rectangle and text');

    // Undo/redo: the buttons and the keys (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y).
    await page.getByTestId('drawing-undo').click();
    await expectCount(page, 3, 'undo removed the text');
    await page.keyboard.press('Control+z');
    await expectCount(page, 2, 'Ctrl+Z removed the rectangle');
    await page.keyboard.press('Control+Shift+z');
    await expectCount(page, 3, 'Ctrl+Shift+Z brought the rectangle back');
    await page.getByTestId('drawing-redo').click();
    await expectCount(page, 4, 'redo brought the text back');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    await expectCount(page, 4, 'Ctrl+Y redoes');
    await saved(page);
    await t.screenshot(page, 'drawing-en');

    const first = await storedDrawing(page, patient.chartUuid);
    expect(first.coords.map((s) => s.tool)).toStrictEqual(['pen', 'line', 'rectangle', 'text']);
    expect(first.measurements, 'the measurements key is kept').toStrictEqual(measurements);
    const line = first.coords[1];
    near(line?.from, pair(P.lineFrom), tolerance, 'line start');
    near(line?.to, pair(P.lineTo), tolerance, 'line end');
    near(first.coords[2]?.to, pair(P.rectTo), tolerance, 'rectangle corner');
    near(first.coords[3]?.at, pair(P.text), tolerance, 'text position');
    expect(first.coords[3]?.text).toBe('Check the airway');
    const pen = first.coords[0];
    expectTruthy(pen && pen.opacity === 1 && pen.scales, 'spec defaults: opacity 1, stroke scales with the zoom');
    // Pixel size 3 at ratio 100 is 3 screen px at zoom 100%: 3 / fitted scale in image px.
    expect(Math.abs(pen.width - 3 / v0.scale), `pen width ${pen.width} = 3 / ${v0.scale}`).toBeLessThan(0.05);

    // Reload: the same shapes at the same image positions, on screen where the image points are.
    await page.reload();
    await page.getByTestId('viewer-image').waitFor();
    await expectCount(page, 4, 'the drawings are back after a reload');
    const lineEl = page.locator('[data-testid="drawing-shape"][data-tool="line"]');
    await expect(lineEl).toHaveAttribute('data-from', String(line?.from?.join(',')));
    const box = await lineEl.boundingBox();
    const start = await toClient(page, { x: line?.from?.[0] ?? 0, y: line?.from?.[1] ?? 0 });
    expectTruthy(box && Math.abs(box.x - start.x) < 3, `the line starts on screen where its image point is (${box?.x} vs ${start.x})`);

    // Eraser: one touch removes the line only.
    await page.getByTestId('drawing-mode').click();
    await page.getByTestId('drawing-tool-eraser').click();
    const mid = await toClient(page, P.erase);
    await page.mouse.click(mid.x, mid.y);
    await expectCount(page, 3, 'the eraser removed one shape');
    await saved(page);
    const erased = await storedDrawing(page, patient.chartUuid);
    expect(erased.coords.map((s) => s.tool)).toStrictEqual(['pen', 'rectangle', 'text']);

    // On the Superimposition tab: the same film drawings, and one drawn there joins them.
    await page.getByTestId('panel-tab-superimposition').click();
    await expectCount(page, 3, 'the film drawings are on the Superimposition tab too');
    await page.getByTestId('drawing-tool-arrow').click();
    await drag(page, P.arrowFrom, P.arrowTo);
    await expectCount(page, 4, 'the arrow drawn on the Superimposition tab');
    await page.getByTestId('panel-tab-landmarks').click();
    await expectCount(page, 4, 'back on Landmarks: the arrow is there too');
    await saved(page);
    const routed = await storedDrawing(page, patient.chartUuid);
    expect(routed.coords.map((s) => s.tool)).toStrictEqual(['pen', 'rectangle', 'text', 'arrow']);
    expect(routed.superimpositionCoords).toStrictEqual([]);
    expect(routed.measurements, 'the measurements key is still kept').toStrictEqual(measurements);

    // In the report: the printed film (drawn with the drawings on it) and the server PDF are made.
    await page.getByTestId('panel-tab-report').click();
    // An image's natural size is not in the DOM's attributes: polled.
    await expect
      .poll(() => page.getByTestId('report-film').evaluate((el) => (el as HTMLImageElement).naturalWidth), {
        message: 'the printed film is drawn',
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    const printedFilm = await page.getByTestId('report-film').evaluate((el) => {
      const img = el as HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d')?.drawImage(img, 0, 0);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    writeFileSync(join(screensDir, 'drawing-print-film.png'), Buffer.from(printedFilm, 'base64'));
    // The server renders the PDF: more than the context's 10 s default on a loaded machine.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.getByTestId('download-pdf').click()]);
    const serverPdf = join(screensDir, 'drawing-server-report.pdf');
    await download.saveAs(serverPdf);
    expect(readFileSync(serverPdf).subarray(0, 5).toString('latin1'), 'the server PDF is made').toBe('%PDF-');
    pdfPagePng(serverPdf, 1, screensDir, 'drawing-server-page1');

    // The settings page: no placeholder; its defaults are saved and a new drawing uses them.
    await page.goto('/drawing-pad');
    await page.getByTestId('drawing-pad-form').waitFor();
    await expect(page.getByTestId('placeholder'), 'the placeholder is gone').toHaveCount(0);
    await t.screenshot(page, 'drawing-pad-en');
    await page.getByTestId('drawing-pad-tool').selectOption('line');
    await page.getByTestId('drawing-pad-size').fill('5');
    await page.getByTestId('drawing-pad-opacity').fill('0.5');
    await page.getByTestId('drawing-pad-color').fill('#00aa00');
    await page.getByTestId('drawing-pad-ratio').fill('200');
    await page.getByTestId('drawing-pad-scale').uncheck();
    await expect(page.getByTestId('drawing-pad-preview'), 'the preview follows the form').toHaveAttribute('data-width', '10');
    await page.getByTestId('drawing-pad-save').click();
    await expect(page.getByTestId('drawing-pad-save'), 'saved (the form is clean again)').toBeDisabled();
    const { user_config } = await pageGraphql<{ user_config: { drawing_config: Record<string, unknown> } }>(
      page,
      'query { user_config { drawing_config } }',
      {},
    );
    expect(user_config.drawing_config).toStrictEqual({
      version: 1,
      tool: 'line',
      size: 5,
      opacity: 0.5,
      color: '#00aa00',
      ratio: 200,
      scaleWithZoom: false,
    });

    await openViewer(page, patient.chartUuid);
    await expectCount(page, 4, 'the film drawings');
    await page.getByTestId('drawing-mode').click();
    await expect(page.getByTestId('drawing-tool-line'), 'the saved default tool').toHaveAttribute('aria-checked', 'true');
    await drag(page, P.newFrom, P.newTo);
    await expectCount(page, 5, 'the new line drawn');
    await saved(page);
    const withDefaults = await storedDrawing(page, patient.chartUuid);
    const added = withDefaults.coords[4];
    expect(
      { tool: added?.tool, color: added?.color, opacity: added?.opacity, width: added?.width, scales: added?.scales },
      'the new drawing uses the saved defaults (5 px x 200%, constant on screen)',
    ).toStrictEqual({ tool: 'line', color: '#00aa00', opacity: 0.5, width: 10, scales: false });

    // Another language: the pad and its settings page translated.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ja'));
    await page.reload();
    await page.getByTestId('viewer-image').waitFor();
    await expectCount(page, 5, 'the drawings after switching language');
    await page.getByTestId('drawing-mode').click();
    await expect(page.getByTestId('drawing-tool-eraser')).toHaveAttribute('aria-label', '消しゴム');
    await t.screenshot(page, 'drawing-ja');
    await page.goto('/drawing-pad');
    await page.getByTestId('drawing-pad-form').waitFor();
    await page.getByText('線幅をフィルムのズームに合わせる').waitFor();
    await t.screenshot(page, 'drawing-pad-ja');
  },
  { timeoutMs: 240_000 },
);

test(
  'drawing pad: drawings belong to the film: one made on the Superimposition tab ' +
    '(and an older one stored apart) shows on every tab after a reload',
  async (t) => {
    const { user, api } = await datasetUser(t, 'drawing-film');
    const patient = await api.createPatient(
      { first_name: 'Film Draw', birth_info: '2011-03-02', gender: false },
      { ceph: cephalogramPath(4), shootDate: '2022-02-01' },
    );
    const { charts } = await api.graphql<{ charts: Array<{ analysis_record_id: number }> }>(
      'query($u: String!) { charts(filter: { uuid: $u }) { analysis_record_id } }',
      { u: patient.chartUuid },
    );
    const recordId = charts[0]?.analysis_record_id;
    expectTruthy(recordId, 'the chart has an analysis record');
    // What an older version stored: a line drawn on the Superimposition tab, kept apart from the film's set.
    const older = {
      id: 'older-line',
      tool: 'line',
      color: '#ff00ff',
      opacity: 1,
      width: 6,
      scales: true,
      from: [200, 300],
      to: [700, 300],
    };
    await api.saveRecordDocuments(recordId, { drawing_result: { version: 1, coords: [], superimpositionCoords: [older] } });

    mkdirSync(screensDir, { recursive: true });
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await openViewer(page, patient.chartUuid);
    await expectCount(page, 1, 'the older drawing is shown on the Landmarks tab');

    // Drawn with the Superimposition tab open.
    await page.getByTestId('panel-tab-superimposition').click();
    await page.getByTestId('drawing-mode').click();
    await page.getByTestId('drawing-tool-arrow').click();
    const from = await imageAt(page, 0.4, 0.6);
    const to = await imageAt(page, 0.7, 0.7);
    await drag(page, from, to);
    await expectCount(page, 2, 'the arrow drawn on the Superimposition tab, beside the older line');
    await saved(page);
    const stored = await storedDrawing(page, patient.chartUuid);
    expect(
      stored.coords.map((s) => s.tool),
      'the new drawing is stored with the film',
    ).toStrictEqual(['arrow']);

    // After a reload, every tab shows both.
    await page.reload();
    await page.getByTestId('viewer-image').waitFor();
    for (const tab of ['landmarks', 'analysis', 'profilogram', 'superimposition']) {
      await page.getByTestId(`panel-tab-${tab}`).click();
      await expectCount(page, 2, `both drawings on the ${tab} tab after a reload`);
      await expect(page.locator('[data-testid="drawing-shape"][data-tool="arrow"]'), `the arrow on the ${tab} tab`).toHaveCount(1);
    }
    await page.getByTestId('panel-tab-landmarks').click();
    await t.screenshot(page, 'drawing-film-set-en');

    // The eraser on the Landmarks tab reaches the older line too.
    await page.getByTestId('drawing-mode').click();
    await page.getByTestId('drawing-tool-eraser').click();
    const onLine = await toClient(page, { x: 450, y: 300 });
    await page.mouse.click(onLine.x, onLine.y);
    await expectCount(page, 1, 'the older line erased from the Landmarks tab');
    await saved(page);
    const erased = await storedDrawing(page, patient.chartUuid);
    expect(erased.superimpositionCoords, 'the older line is gone from the store').toStrictEqual([]);
    expect(erased.coords.map((s) => s.tool)).toStrictEqual(['arrow']);

    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.reload();
    await page.getByTestId('viewer-image').waitFor();
    await page.getByTestId('panel-tab-superimposition').click();
    await expectCount(page, 1, 'the arrow on the Superimposition tab in Korean');
    await t.screenshot(page, 'drawing-film-set-ko');
  },
  { timeoutMs: 180_000 },
);
