import { DEFAULT_FILM_ADJUSTMENTS, filmToneCurve } from '@ceppro/ceph';
import { expect, type Page } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { datasetUser, graphqlAnswer } from '../src/viewer-steps.ts';

/**
 * The viewer's image panel (issue 28, item 3): invert and gamma change the film's pixels as the
 * tone curve says (read back from the film canvas, drawn by the GPU), the choice is kept with the
 * chart across a reload and is the chart's own (another chart opens as stored), and Reset restores
 * the film. The panel is worked from the keyboard. Screenshots in English and Japanese.
 */

const FLOW = { timeoutMs: 180_000 };

/** Grey values of a 5 x 5 grid over the middle of the film canvas (the film fills it there in the fitted view). */
function filmSamples(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="viewer-image"]');
    if (!canvas || canvas.width === 0) return [];
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d');
    if (!ctx) return [];
    ctx.drawImage(canvas, 0, 0);
    const samples: number[] = [];
    for (let j = 0; j < 5; j++) {
      for (let i = 0; i < 5; i++) {
        const x = Math.round(canvas.width * (0.4 + 0.05 * i));
        const y = Math.round(canvas.height * (0.3 + 0.1 * j));
        samples.push(ctx.getImageData(x, y, 1, 1).data[0] ?? -1);
      }
    }
    return samples;
  });
}

/** The largest difference between two sample grids (Infinity when they do not pair up). */
const deviation = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.length > 0 ? Math.max(...a.map((v, i) => Math.abs(v - (b[i] as number)))) : Infinity;
const within = (a: readonly number[], b: readonly number[], tolerance: number) => deviation(a, b) <= tolerance;

/**
 * Canvas pixels are not in the DOM, so no web-first assertion reads them: the samples are polled until
 * they are within `tolerance` of `expected`.
 */
async function expectSamples(page: Page, expected: readonly number[], tolerance: number, message: string): Promise<number[]> {
  await expect.poll(async () => deviation(await filmSamples(page), expected), { message, timeout: 10_000 }).toBeLessThanOrEqual(tolerance);
  return filmSamples(page);
}

async function waitForFilm(page: Page): Promise<number[]> {
  await page.locator('[data-testid="viewer-image"][data-rendering="gpu"]').waitFor();
  // The film is drawn once it has loaded: the grid is not all transparent black.
  await expect
    .poll(
      async () => {
        const s = await filmSamples(page);
        return s.length === 25 && s.some((v) => v > 10);
      },
      { message: 'the film drawn on its canvas', timeout: 30_000 },
    )
    .toBe(true);
  return filmSamples(page);
}

/**
 * Waits until the viewer shows the chart's landmarks: its record, and with it the chart's film display
 * (read in the same first request, or by its own query just after), has arrived.
 */
async function chartLoaded(page: Page): Promise<void> {
  await expectAiLandmarks(page, 30_000);
}

/** Resolves when the viewer has stored the film display with the chart. */
function filmSaved(page: Page): Promise<unknown> {
  return graphqlAnswer(page, 'MergeDrawingResult', { timeout: 20_000, ok: true });
}

test(
  'image tools: invert and gamma change the film pixels, are kept per chart across a reload, and Reset restores the film',
  async (t) => {
    const { user, api } = await datasetUser(t, 'image-tools');
    const first = await api.createPatient(
      { first_name: 'Film Kim', birth_info: '1992-03-04', gender: true },
      { ceph: cephalogramPath(2), shootDate: '2025-09-01' },
    );
    const second = await api.addChart(first.patientId, { ceph: cephalogramPath(3), shootDate: '2025-12-01' });
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${first.chartUuid}`);
    await chartLoaded(page);
    const stored = await waitForFilm(page);
    expect(new Set(stored).size, `the grid samples several greys: ${stored.join(',')}`).toBeGreaterThan(3);

    // Invert from the keyboard: focus the checkbox, Space.
    const invert = page.getByTestId('film-invert');
    let saved = filmSaved(page);
    await invert.focus();
    await page.keyboard.press('Space');
    await expect(invert, 'invert is on').toBeChecked();
    const inverted = await expectSamples(
      page,
      stored.map((v) => 255 - v),
      1,
      'every sample inverted (255 - grey)',
    );
    await saved;

    // Gamma 1.50: ten steps of 0.05 with the arrow key, behind "More tools".
    await page.getByTestId('film-more').click();
    const gamma = page.getByTestId('film-gamma');
    saved = filmSaved(page);
    await gamma.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await expect(gamma).toHaveValue('1.5');
    const lut = filmToneCurve({ ...DEFAULT_FILM_ADJUSTMENTS, invert: true, gamma: 1.5 });
    const expected = stored.map((v) => lut[v] as number);
    const adjusted = await expectSamples(
      page,
      expected,
      2,
      `samples on the tone curve (invert, gamma 1.5): expected ${expected.join(',')}`,
    );
    expect(within(adjusted, inverted, 2), 'gamma changed the inverted film').toBeFalsy();
    await saved;
    await t.screenshot(page, 'image-tools-en');

    // Kept with the chart: a reload shows the same settings and the same pixels.
    await page.reload();
    await chartLoaded(page);
    await waitForFilm(page);
    await page.locator('[data-testid="film-invert"]:checked').waitFor();
    await expect(page.getByTestId('film-gamma'), 'gamma kept (its row shown at once: a filter is on)').toHaveValue('1.5');
    await expectSamples(page, expected, 2, 'the reloaded film drawn with the stored settings');

    // Per chart: the patient's other chart opens as stored.
    await page.goto(`/viewer/${second.chartUuid}`);
    await chartLoaded(page);
    await waitForFilm(page);
    await expect(page.getByTestId('film-invert'), 'the other chart is not inverted').not.toBeChecked();
    await expect(page.getByTestId('film-reset'), 'the other chart has nothing to reset').toBeDisabled();
    await expect(page.getByTestId('film-gamma'), 'no filter on: the more tools stay folded').toHaveCount(0);

    // Back on the first chart (Japanese): still adjusted; Reset restores the film as stored and is kept too.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ja'));
    await page.goto(`/viewer/${first.chartUuid}`);
    await waitForFilm(page);
    await page.locator('[data-testid="film-invert"]:checked').waitFor();
    await page.getByRole('button', { name: 'ツールを隠す' }).waitFor();
    await t.screenshot(page, 'image-tools-ja');
    saved = filmSaved(page);
    await page.getByTestId('film-reset').click();
    await expectSamples(page, stored, 1, 'Reset: the film as stored');
    await saved;
    await page.reload();
    await chartLoaded(page);
    await waitForFilm(page);
    await expect(page.getByTestId('film-invert'), 'the reset is kept with the chart').not.toBeChecked();
    expectTruthy(within(await filmSamples(page), stored, 1), 'the film as stored after the reload');
  },
  FLOW,
);
