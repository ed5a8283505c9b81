import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { StoredLandmark } from '@ceppro/contract';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { pdfPagePng, pdfText, printToPdf } from '../src/pdf-files.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * The viewer's Profilogram and Measure tabs on a dataset film at the user's default PPM (5 px/mm,
 * the dataset films' 0.2 mm pixels): the deviations shown match a hand computation from the record's
 * landmarks; the options change the drawing and survive a reload; the profilogram is in the printed
 * report and the server PDF; with "auto measurement" on, a second film is measured without asking;
 * a distance clicked on the film shows its length in mm and survives a reload.
 */

const screensDir = process.env.E2E_SCREENS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../tmp/screens');
// The dataset's films are 968x1200 px at 0.2 mm/px (its README): 5 px/mm.
const PPM = 5;

/** Model output indices (v1 order: Sella, Nasion, ..., Menton 7, Gonion 9, Articulare 18). */
const CNAME = { S: 0, N: 1, Me: 7, Go: 9, Ar: 18 } as const;
type Id = keyof typeof CNAME;

/**
 * The Björk polygon of the reference's norms, by hand (mm, origin S, x along S→N, y up):
 * Ar = 32·(cos −123°, sin −123°); Go = Ar + 44·(cos −86°, sin −86°); Me = Go + 71·(cos −36°, sin −36°).
 */
const TEMPLATE: Record<Id, { x: number; y: number }> = {
  S: { x: 0, y: 0 },
  N: { x: 71, y: 0 },
  Ar: { x: -17.428, y: -26.837 },
  Go: { x: -14.359, y: -70.73 },
  Me: { x: 43.081, y: -112.463 },
};

/** dx, dy of each point from the template, frame SN registered at S, true size, in mm. */
function handDeviations(landmarks: StoredLandmark[]): Record<Id, { dx: number; dy: number }> {
  const at = (id: Id) => {
    const l = landmarks.find((m) => m.cname === CNAME[id]);
    expectTruthy(l, `the AI placed ${id}`);
    return l;
  };
  const s = at('S');
  const n = at('N');
  const facing = Math.sign(n.x - s.x);
  // Patient frame: X anterior = facing·x/PPM, Y superior = −y/PPM.
  const rel = (p: StoredLandmark) => ({ x: (facing * (p.x - s.x)) / PPM, y: -(p.y - s.y) / PPM });
  const sn = rel(n);
  const len = Math.hypot(sn.x, sn.y);
  const u = { x: sn.x / len, y: sn.y / len };
  const out = {} as Record<Id, { dx: number; dy: number }>;
  for (const id of Object.keys(CNAME) as Id[]) {
    const d = rel(at(id));
    const along = d.x * u.x + d.y * u.y;
    const across = -d.x * u.y + d.y * u.x;
    out[id] = { dx: along - TEMPLATE[id].x, dy: across - TEMPLATE[id].y };
  }
  return out;
}

type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

async function record(gql: Gql, uuid: string) {
  const { charts } = await gql<{ charts: Array<{ analysis_record_id: number | null }> }>(
    'query($u: String!) { charts(filter: { uuid: $u }) { analysis_record_id } }',
    { u: uuid },
  );
  const id = charts[0]?.analysis_record_id;
  expectTruthy(id, 'the chart has an analysis record');
  const { analysis_records } = await gql<{
    analysis_records: {
      items: Array<{ infer_result: { landmarks: StoredLandmark[] } | null; profilogram_result: unknown; drawing_result: unknown }>;
    };
  }>('query($id: Int!) { analysis_records(filter: { id: $id }) { items { infer_result profilogram_result drawing_result } } }', { id });
  const item = analysis_records.items[0];
  expectTruthy(item?.infer_result, 'the AI found landmarks');
  return {
    id,
    landmarks: item.infer_result.landmarks,
    profilogram: item.profilogram_result as { options?: Record<string, unknown> } | null,
    drawing: item.drawing_result as Record<string, unknown> | null,
  };
}

async function openTab(page: Page, id: 'profilogram' | 'measure'): Promise<void> {
  await page.getByTestId('viewer-image').waitFor();
  await page.getByTestId(`panel-tab-${id}`).click();
  await page.getByTestId(`${id}-panel`).waitFor();
}

async function shownDeviations(page: Page): Promise<Record<string, { dx: number; dy: number }>> {
  await page.getByTestId('profilogram-table').waitFor();
  const out: Record<string, { dx: number; dy: number }> = {};
  for (const id of Object.keys(CNAME)) {
    out[id] = {
      dx: Number(await page.getByTestId(`profilogram-dx-${id}`).textContent()),
      dy: Number(await page.getByTestId(`profilogram-dy-${id}`).textContent()),
    };
  }
  return out;
}

/** Image point under a screen point: the overlay group's transform and the overlay's place on the page. */
async function toImage(page: Page, p: { x: number; y: number }): Promise<{ x: number; y: number }> {
  return page.getByTestId('landmark-overlay').evaluate((svg, q) => {
    const g = svg.querySelector('[data-testid="overlay-root"]');
    const m = /matrix\(([^ ]+) 0 0 [^ ]+ ([^ ]+) ([^ )]+)\)/.exec(g?.getAttribute('transform') ?? '');
    const box = svg.getBoundingClientRect();
    const [scale, tx, ty] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [1, 0, 0];
    return { x: (q.x - box.left - tx) / scale, y: (q.y - box.top - ty) / scale };
  }, p);
}

test(
  'profilogram: deviations match a hand computation; options redraw and survive reload; printed ' +
    'and in the PDF; auto measurement; a clicked distance in mm',
  async (t) => {
    const { user, api } = await datasetUser(t, 'profilogram');
    await api.graphql('mutation { update_user_config(input: { default_ppm: 5, auto_measurement_NY: false }) { default_ppm } }');
    const first = await api.createPatient(
      { first_name: 'Profil Kim', birth_info: '2009-05-04', gender: true },
      { ceph: cephalogramPath(2), shootDate: '2021-06-01' },
    );
    // The second film (for auto measurement) is uploaded now: the API's session ends at the UI sign-in.
    const second = await api.addChart(first.patientId, { ceph: cephalogramPath(3), shootDate: '2023-06-01' });
    const apiGql: Gql = (query, variables) => api.graphql(query, variables);
    const rec = await record(apiGql, first.chartUuid);
    expect(rec.profilogram, 'nothing measured before the viewer asks').toBe(null);
    const expected = handDeviations(rec.landmarks);
    mkdirSync(screensDir, { recursive: true });

    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${first.chartUuid}`);
    await openTab(page, 'profilogram');

    // Auto measurement off: the tab asks first.
    await page.getByTestId('profilogram-measure').click();
    const shown = await shownDeviations(page);
    for (const id of Object.keys(CNAME) as Id[]) {
      expect(
        Math.abs((shown[id]?.dx ?? NaN) - expected[id].dx),
        `${id} dx ${shown[id]?.dx} vs hand ${expected[id].dx.toFixed(3)}`,
      ).toBeLessThanOrEqual(0.051);
      expect(
        Math.abs((shown[id]?.dy ?? NaN) - expected[id].dy),
        `${id} dy ${shown[id]?.dy} vs hand ${expected[id].dy.toFixed(3)}`,
      ).toBeLessThanOrEqual(0.051);
    }
    await expect(page.getByTestId('profilogram-source')).toHaveText(/Björk/);
    await page.getByTestId('profilogram-film-template').waitFor();
    await t.screenshot(page, 'profilogram-en');
    const panel = page.getByTestId('profilogram-panel');
    await expect(panel, 'the profilogram stored').toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });

    // Options change the drawing (and the frame changes the deviations).
    const mandible = page.getByTestId('profilogram-patient-mandible');
    const before = await mandible.getAttribute('data-points');
    await page.getByTestId('profilogram-rotate').fill('20');
    // "Changed from what it was": no web-first matcher says that, so the attribute is polled.
    await expect.poll(() => mandible.getAttribute('data-points'), { message: 'rotation redraws the profilogram' }).not.toBe(before);
    const rotated = await mandible.getAttribute('data-points');
    await page.getByTestId('profilogram-scale').fill('150');
    await expect.poll(() => mandible.getAttribute('data-points'), { message: 'scale redraws the profilogram' }).not.toBe(rotated);
    await expect.poll(() => shownDeviations(page), { message: 'scale and rotation leave the true-size deviations' }).toStrictEqual(shown);
    await page.getByTestId('profilogram-line').selectOption('SN-7');
    await expect
      .poll(() => page.getByTestId('profilogram-dy-N').textContent(), { message: 'SN−7 moves N off the axis' })
      .not.toBe(shown.N?.dy.toFixed(1));
    await expect(panel, 'options stored').toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });

    // Reload: the options and values come back.
    const afterOptions = await shownDeviations(page);
    await page.reload();
    await openTab(page, 'profilogram');
    await expect(page.getByTestId('profilogram-line')).toHaveValue('SN-7');
    await expect(page.getByTestId('profilogram-scale')).toHaveValue('150');
    await expect(page.getByTestId('profilogram-rotate')).toHaveValue('20');
    await expect.poll(() => shownDeviations(page)).toStrictEqual(afterOptions);

    // A distance clicked on the film, in mm at 5 px/mm.
    await openTab(page, 'measure');
    await page.getByTestId('measure-distance').click();
    const stage = await page.getByTestId('viewer-stage').boundingBox();
    expectTruthy(stage);
    const a = { x: Math.round(stage.x + stage.width * 0.3), y: Math.round(stage.y + stage.height * 0.4) };
    const b = { x: a.x + 180, y: a.y + 140 };
    const aimed = [await toImage(page, a), await toImage(page, b)];
    await page.mouse.click(a.x, a.y);
    await page.mouse.click(b.x, b.y);
    await page.getByTestId('measure-row').waitFor();
    const measurePanel = page.getByTestId('measure-panel');
    await expect(measurePanel, 'the distance stored with the chart').toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
    const drawn = JSON.parse((await page.getByTestId('measure-item').getAttribute('data-points')) ?? '[]') as Array<{
      x: number;
      y: number;
    }>;
    const [p, q] = drawn;
    expectTruthy(p && q, 'two points drawn');
    for (const [i, point] of [p, q].entries()) {
      const want = aimed[i];
      expectTruthy(
        want && Math.hypot(point.x - want.x, point.y - want.y) < 2,
        `point ${i + 1} placed where clicked: ${JSON.stringify(point)} vs ${JSON.stringify(want)}`,
      );
    }
    const mm = Math.hypot(q.x - p.x, q.y - p.y) / PPM;
    await expect(page.getByTestId('measure-value')).toHaveText(`${mm.toFixed(1)} mm`);
    await page.getByTestId('measure-name').fill('Ramus check');
    await page.getByTestId('measure-name').press('Enter');
    await expect(measurePanel, 'the name stored').toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
    await t.screenshot(page, 'measure-en');
    await page.reload();
    await openTab(page, 'measure');
    await expect(page.getByTestId('measure-value'), 'the distance survives a reload').toHaveText(`${mm.toFixed(1)} mm`);
    await expect(page.getByTestId('measure-name'), 'the name survives a reload').toHaveValue('Ramus check');

    // Printed report and server PDF.
    await page.getByTestId('panel-tab-report').click();
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByTestId('report-profilogram').waitFor({ state: 'attached' });
    await page.getByTestId('report-measurements').waitFor({ state: 'attached' });
    const printedPath = join(screensDir, 'profilogram-print.pdf');
    await printToPdf(page, printedPath);
    // The server renders the PDF: more than the context's 10 s default on a loaded machine.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.getByTestId('download-pdf').click()]);
    const serverPath = join(screensDir, 'profilogram-server-report.pdf');
    await download.saveAs(serverPath);
    const me = afterOptions.Me;
    expectTruthy(me);
    const row = new RegExp(`\\bMe\\s+${me.dx.toFixed(1)}\\s+${me.dy.toFixed(1)}`);
    const browserText = pdfText(printedPath);
    expect(browserText).toMatch(/Profilogram/);
    expect(browserText).toMatch(row);
    expect(browserText).toMatch(new RegExp(`Ramus check\\s+${mm.toFixed(1)} mm`));
    const serverText = pdfText(serverPath);
    expect(serverText).toMatch(/Profilogram/);
    expect(serverText).toMatch(/SN - 7°, registered at Sella, scale 150%, rotation 20°/);
    expect(serverText).toMatch(row);
    expect(serverText).toMatch(new RegExp(`Ramus check\\s+${mm.toFixed(1)} mm`));
    pdfPagePng(serverPath, 2, screensDir, 'profilogram-server-page2');

    // Auto measurement on (Settings): the second film gets its profilogram without asking.
    await page.goto('/setting');
    await page.getByTestId('settings-form').waitFor();
    await page.getByTestId('settings-auto-measurement').check();
    await page.getByTestId('settings-save').click();
    await page.getByTestId('toast').filter({ hasText: 'Settings saved' }).waitFor();
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ja'));
    await page.goto(`/viewer/${second.chartUuid}`);
    await openTab(page, 'profilogram');
    await page.getByTestId('profilogram-table').waitFor();
    await expect(page.getByTestId('profilogram-measure'), 'no Measure button when measured automatically').toHaveCount(0);
    await expect(panel, 'auto measurement stored').toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
    await t.screenshot(page, 'profilogram-ja');
    await openTab(page, 'measure');
    await t.screenshot(page, 'measure-ja');

    // What the server holds (the API signs in again, which ends the browser's session).
    await api.login();
    const firstStored = await record(apiGql, first.chartUuid);
    expect(firstStored.profilogram?.options).toStrictEqual({ standardLine: 'SN-7', point: 'S', scale: 150, rotate: 20 });
    // Only the user's choices are stored (version 2): the polylines and deviations shown were computed.
    expect(Object.keys(firstStored.profilogram ?? {}).sort()).toStrictEqual(['options', 'version']);
    const items =
      (
        firstStored.drawing as {
          measurements?: { items?: Array<{ name: string; kind: string; points: Array<{ x: number; y: number }> }> };
        } | null
      )?.measurements?.items ?? [];
    expect(items.length).toBe(1);
    expect(items[0]?.name).toBe('Ramus check');
    expect(items[0]?.kind).toBe('distance');
    expect(items[0]?.points).toStrictEqual(drawn);
    expect(
      (await record(apiGql, second.chartUuid)).profilogram?.options?.standardLine,
      'the auto-measured profilogram is stored with the defaults',
    ).toBe('SN');
  },
  { timeoutMs: 300_000 },
);

test(
  'profilogram: Scale (%) visibly resizes the drawing, in the panel and on the film, about the registration point',
  async (t) => {
    const { user, api } = await datasetUser(t, 'profilogram-scale');
    await api.graphql('mutation { update_user_config(input: { default_ppm: 5, auto_measurement_NY: true }) { default_ppm } }');
    const patient = await api.createPatient(
      { first_name: 'Scale Park', birth_info: '2010-01-20', gender: false },
      { ceph: cephalogramPath(5), shootDate: '2022-03-01' },
    );
    mkdirSync(screensDir, { recursive: true });
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${patient.chartUuid}`);
    await openTab(page, 'profilogram');
    await page.getByTestId('profilogram-table').waitFor();
    const panel = page.getByTestId('profilogram-panel');
    const storedAt = async (scale: number) => {
      await page.getByTestId('profilogram-scale').fill(String(scale));
      await expect(panel, `scale ${scale} stored`).toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
    };
    /**
     * Width and height on screen of the drawn geometry, in CSS px: its SVG bounding box times the
     * element's screen scale (the page's bounding box would add a constant for the stroke's joins).
     */
    const size = (testId: string) =>
      page.getByTestId(testId).evaluate((el) => {
        const shape = el as SVGGraphicsElement;
        const box = shape.getBBox();
        const m = shape.getScreenCTM();
        return m === null
          ? { width: NaN, height: NaN }
          : { width: box.width * Math.hypot(m.a, m.b), height: box.height * Math.hypot(m.c, m.d) };
      });
    const sizes = async () => ({
      chart: await size('profilogram-patient-mandible'),
      chartTemplate: await size('profilogram-template'),
      film: await size('profilogram-film-template'),
    });
    const near = (value: number, want: number, what: string) =>
      expect(Math.abs(value - want), `${what}: ${value.toFixed(1)} px, want ${want.toFixed(1)} px`).toBeLessThanOrEqual(
        Math.max(1, want * 0.02),
      );

    await storedAt(100);
    const at100 = await sizes();
    await t.screenshot(page, 'profilogram-scale-100-en');
    await storedAt(150);
    const at150 = await sizes();
    await t.screenshot(page, 'profilogram-scale-150-en');
    for (const key of ['chart', 'chartTemplate', 'film'] as const) {
      near(at150[key].width, at100[key].width * 1.5, `${key} width at 150%`);
      near(at150[key].height, at100[key].height * 1.5, `${key} height at 150%`);
    }
    await storedAt(50);
    const at50 = await sizes();
    for (const key of ['chart', 'chartTemplate', 'film'] as const) {
      near(at50[key].width, at100[key].width * 0.5, `${key} width at 50%`);
      near(at50[key].height, at100[key].height * 0.5, `${key} height at 50%`);
    }

    // The same in Japanese, after a reload: the stored scale is drawn again.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ja'));
    await page.reload();
    await openTab(page, 'profilogram');
    await page.getByTestId('profilogram-table').waitFor();
    const reloaded = await sizes();
    near(reloaded.chart.width, at50.chart.width, 'the panel drawing at 50% after a reload');
    near(reloaded.film.width, at50.film.width, 'the film drawing at 50% after a reload');
    await t.screenshot(page, 'profilogram-scale-50-ja');
  },
  { timeoutMs: 180_000 },
);
