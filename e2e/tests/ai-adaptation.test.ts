import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromSkullOffset, imagePoint, skullFrame, type ImagePoint } from '@ceppro/ceph';
import {
  IMAGE_TYPE,
  readRecordLandmarks,
  saveModifiedLandmarksMutation,
  storedAiLandmarkId,
  toModifiedResult,
  viewerAnalysisRecordQuery,
  viewerChartQuery,
  type LandmarkResponse,
  type ViewerAnalysisRecord,
  type ViewerChart,
} from '@ceppro/contract';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { skip, test } from '../src/harness.ts';
import { PatientsApi, cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

/**
 * Clinic adaptation (apps/server/src/features/ai-adaptation) as a reviewer checks it by hand: a new
 * account uploads films of one device and corrects porion on the first four the way a clinic with
 * another porion convention would (3 mm posterior, 2 mm superior of the dataset's Po, in the film's
 * S-N frame): three saves through the viewer's own GraphQL mutation and one real drag in the viewer.
 * Its next films come back with Po moved towards that convention (the model's own point kept as
 * `raw`); Settings says what was learned (English and Korean), the viewer marks Po as adapted, the
 * switch turns it off for the next detection, and Reset forgets it.
 */

const POSTERIOR_MM = 3;
const SUPERIOR_MM = 2;
const CORRECTED = 4;
const CHECKED = 2;

interface Film {
  ceph: string;
  /** The dataset's porion (image px of the uploaded film). */
  po: ImagePoint;
  /** Where this clinic puts porion: the dataset's Po moved by the convention's offset. */
  clinicPo: ImagePoint;
}

/** The film `fromEnd` places from the end of the dataset's manifest (as `cephalogramPath`), with its clinic porion. */
function film(fromEnd: number): Film {
  const manifest = JSON.parse(readFileSync(join(datasetDir()!, 'manifest.json'), 'utf8')) as {
    pixel_spacing_mm: number;
    images: Array<{ landmarks: Array<[number, number]> }>;
  };
  const points = manifest.images[manifest.images.length - 1 - fromEnd]!.landmarks;
  const at = (i: number) => imagePoint(points[i]![0], points[i]![1]);
  const [s, n, po] = [at(0), at(1), at(3)]; // Sella, Nasion, Porion in the manifest's order
  const frame = skullFrame(s, n)!;
  const inSn = (mm: number) => mm / manifest.pixel_spacing_mm / frame.snPx;
  const d = fromSkullOffset(frame, { u: -inSn(POSTERIOR_MM), v: -inSn(SUPERIOR_MM) });
  return { ceph: cephalogramPath(fromEnd), po, clinicPo: imagePoint(po.x + d.x, po.y + d.y) };
}

const offsetPx = (f: Film) => Math.hypot(f.clinicPo.x - f.po.x, f.clinicPo.y - f.po.y);
const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

/** The chart (by uuid) and its analysis record, read with the viewer's own queries. */
async function record(api: PatientsApi, uuid: string): Promise<{ chart: ViewerChart; rec: ViewerAnalysisRecord }> {
  const { charts } = await api.graphql<{ charts: ViewerChart[] }>(viewerChartQuery.document, { uuid });
  const chart = charts[0]!;
  const found = await api.graphql<{ analysis_records: { items: ViewerAnalysisRecord[] } }>(viewerAnalysisRecordQuery.document, {
    chartId: chart.id,
  });
  return { chart, rec: found.analysis_records.items[0]! };
}

const landmark = (page: Page, id: string): Locator => page.locator(`[data-testid="landmark"][data-id="${id}"]`);
const imagePointOf = async (l: Locator) => ({ x: Number(await l.getAttribute('data-x')), y: Number(await l.getAttribute('data-y')) });
async function dotCentre(l: Locator): Promise<{ x: number; y: number }> {
  const box = await l.locator('.landmark__dot').boundingBox();
  expectTruthy(box, 'landmark on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags Po in the open viewer onto `target` (image px): the screen scale from S and N as drawn. */
async function dragPoTo(page: Page, target: ImagePoint): Promise<void> {
  const [s, n, po] = [landmark(page, 'S'), landmark(page, 'N'), landmark(page, 'Po')];
  const scale = dist(await dotCentre(s), await dotCentre(n)) / dist(await imagePointOf(s), await imagePointOf(n));
  const from = await dotCentre(po);
  const now = await imagePointOf(po);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (target.x - now.x) * scale, from.y + (target.y - now.y) * scale, { steps: 12 });
  await page.mouse.up();
}

/** A detection rerun in the browser's own session (its refresh cookie), as an API client of that session would. */
async function detectAgain(context: BrowserContext, chartId: string): Promise<LandmarkResponse> {
  const refreshed = (await (await context.request.post('/api/refresh-token')).json()) as { data?: { token: string } };
  expectTruthy(refreshed.data, 'refreshed through the session cookie');
  const res = await context.request.post('/ai/ceppro/ceph-landmark', {
    headers: { authorization: `Bearer ${refreshed.data.token}` },
    data: { chart_id: chartId },
  });
  const body = (await res.json()) as { success: boolean; data: LandmarkResponse };
  expectTruthy(body.success, `detection -> ${res.status()}`);
  return body.data;
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/setting');
  await page.getByTestId('ai-adaptation-films').waitFor();
}

test(
  'ai adaptation: Po corrected on four films by another convention comes back closer on the next films; Settings shows it; off and Reset',
  async (t) => {
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const films = Array.from({ length: CORRECTED + CHECKED }, (_, i) => film(i));
    const user = newUser('adaptation');
    await createActivatedUser(t.baseUrl, user);
    const api = new PatientsApi(t.baseUrl, user);
    await api.login();
    // Signed in by the form later (no tutorial to close). Each sign-in ends the account's other
    // session (J005), so the API and the browser take turns: API, browser, API again, browser.
    await api.graphql('mutation($p: UserPermissionInput!) { update_user(user_permission: $p) { uuid } }', {
      p: { version: 1, tutorial: false },
    });
    const upload = (f: Film, i: number) =>
      api.createPatient(
        { first_name: `Adapt ${i + 1}`, birth_info: '1990-01-01', gender: i % 2 === 0 },
        { ceph: f.ceph, shootDate: '2025-10-01' },
      );

    // The first films, corrected as the viewer saves: only the moved landmark, bound to its film, from the record's revision.
    const corrected = [];
    for (const [i, f] of films.slice(0, CORRECTED).entries()) corrected.push(await upload(f, i));
    for (const [i, f] of films.slice(0, CORRECTED - 1).entries()) {
      const { chart, rec } = await record(api, corrected[i]!.chartUuid);
      const ceph = chart.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram)!;
      await api.graphql(saveModifiedLandmarksMutation.document, {
        id: rec.id,
        input: { modified_result: toModifiedResult({ Po: f.clinicPo }, ceph.id) },
        base: rec.revision,
      });
    }

    // The fourth by hand: Po dragged in the viewer, saved when the landmark menu is left.
    const { page: viewer, context: viewerContext } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughUi(viewer, user, { keepTutorial: true });
    await viewer.goto(`/viewer/${corrected[CORRECTED - 1]!.chartUuid}`);
    await expectAiLandmarks(viewer, 20_000);
    await viewer.getByTestId('panel-tab-landmarks').click();
    const target = films[CORRECTED - 1]!.clinicPo;
    await dragPoTo(viewer, target);
    await expect
      .poll(async () => dist(await imagePointOf(landmark(viewer, 'Po')), target), { message: 'Po dropped on the clinic point' })
      .toBeLessThan(1);
    await viewer.getByTestId('panel-tab-analysis').click();
    await expect(viewer.getByTestId('save-state'), 'landmarks saved').toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await viewerContext.close(); // the next sign-in ends this session

    // Later films of the same device: detected with what the four taught.
    await api.login();
    const checked = [];
    for (const [i, f] of films.slice(CORRECTED).entries()) {
      const created = await upload(f, CORRECTED + i);
      const { rec } = await record(api, created.chartUuid);
      const read = readRecordLandmarks(rec.infer_result, null);
      const po = read.ai.Po!;
      expectTruthy(po.raw, 'the model’s own Po is kept as raw');
      expect(read.adaptation?.films, 'infer_result.adaptation counts the corrected films').toBe(CORRECTED);
      const before = dist(po.raw, f.clinicPo);
      const after = dist(po.point, f.clinicPo);
      expect(
        before - after,
        `Po moved towards the clinic's point by at least half the offset (${before.toFixed(1)} -> ${after.toFixed(1)} px)`,
      ).toBeGreaterThanOrEqual(offsetPx(f) / 2);
      checked.push({ ...created, raw: po.raw });
    }

    // What the user sees: Settings in English and Korean, then the adapted Po in the viewer.
    const { page, context } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1280, height: 900 } });
    await signInThroughUi(page, user, { keepTutorial: true });
    await openSettings(page);
    const section = page.getByTestId('ai-adaptation');
    await expect(page.getByTestId('ai-adaptation-films')).toHaveText(`Learned from ${CORRECTED} corrected films`, { useInnerText: true });
    const poRow = page.locator('[data-testid="ai-adaptation-row"][data-id="Po"]');
    await expect(poRow.getByTestId('ai-adaptation-shift')).toContainText(/^[\d.]+ mm posterior, [\d.]+ mm superior$/, {
      useInnerText: true,
    });
    await expect(poRow, 'Po learned from every corrected film').toHaveText(new RegExp(`\\s${CORRECTED}$`), { useInnerText: true });
    await section.scrollIntoViewIfNeeded();
    await t.screenshot(page, 'ai-adaptation-settings-en');
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.reload();
    await page
      .getByTestId('ai-adaptation-films')
      .filter({ hasText: `수정한 필름 ${CORRECTED}장에서 학습함` })
      .waitFor();
    await expect(poRow.getByTestId('ai-adaptation-shift')).toContainText(/^후방 [\d.]+ mm, 상방 [\d.]+ mm$/, { useInnerText: true });
    await section.scrollIntoViewIfNeeded();
    await t.screenshot(page, 'ai-adaptation-settings-ko');
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'en'));

    await page.goto(`/viewer/${checked[0]!.chartUuid}`);
    const poItem = page.locator('[data-testid="landmark-item"][data-id="Po"]');
    await page.getByTestId('panel-tab-landmarks').click();
    await poItem
      .getByTestId('landmark-badge')
      .filter({ hasText: /adapted/ })
      .waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('viewer-adaptation')).toHaveText(new RegExp(`learned from ${CORRECTED} films`), { useInnerText: true });
    await poItem.locator('.landmark-item__main').click();
    await expect(page.getByTestId('landmark-source')).toHaveAttribute('data-source', 'adapted');
    await t.screenshot(page, 'ai-adaptation-viewer');

    // Off: the next detection is the model's own Po; learning is kept until Reset.
    await openSettings(page);
    const off = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ai/adaptation' && r.request().method() === 'PUT');
    await page.getByTestId('ai-adaptation-switch').click();
    expect((await off).status(), 'switched off').toBe(200);
    const again = await detectAgain(context, checked[0]!.chartId);
    const box = again.output.boxs.find((b) => storedAiLandmarkId(b) === 'Po')!;
    expect(dist(box.bbox, checked[0]!.raw), `switched off, Po is the model's own point (${JSON.stringify(box.bbox)})`).toBeLessThan(0.05);
    await page.reload();
    await expect(page.getByTestId('ai-adaptation-films')).toHaveText(`Learned from ${CORRECTED} corrected films`, { useInnerText: true });
    await page.getByTestId('ai-adaptation-reset').click();
    await page.getByTestId('confirm-popup').getByRole('button', { name: 'Reset' }).click();
    await page.getByTestId('ai-adaptation-films').filter({ hasText: 'Nothing learned yet.' }).waitFor();
    await expect(page.getByTestId('ai-adaptation-table'), 'no shifts after Reset').toHaveCount(0);
  },
  { timeoutMs: 120_000 },
);
