import { expect, type Page } from '@playwright/test';
import { animationsDone, expectAiLandmarks } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughApi, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser, dragLandmarkBy, graphqlAnswer, landmarkOn, numberAttr } from '../src/viewer-steps.ts';

/*
 * Issue 29 item 1 / issue 25 item 4: every document of the analysis record is saved from the revision
 * the tab last saw. One user has a chart open in two tabs and moves the VTO plan in both: the first
 * save lands, the second is refused, that tab says someone else changed the chart and shows the newer
 * plan instead of its own. Then the other way round with both tabs in Korean. Screenshots of the
 * message in English and Korean. The same for the Superimposition tab's choices, and for the landmarks
 * (whose save names the record's revision).
 */

const MOVE = 'vto-move-Pogonion-horizontal';

/** Opens the chart's VTO/STO tab once the tab has read the stored plan (and its revision). */
async function openVto(page: Page, chartUuid: string): Promise<void> {
  const read = graphqlAnswer(page, 'query VtoStoConfig', { timeout: 20_000 });
  await page.goto(`/viewer/${chartUuid}`);
  await read;
  await page.getByTestId('viewer-image').waitFor();
  await page.getByTestId('panel-tab-vto').click();
  await page.getByTestId('vto-panel').waitFor();
  await expect(page.getByTestId('vto-save-state')).toBeVisible();
}

async function moveAndSave(page: Page, mm: string): Promise<void> {
  await page.getByTestId(MOVE).fill(mm);
  await expect(page.getByTestId('vto-save-state'), `the plan (${mm} mm) is saved`).toHaveAttribute('data-state', 'saved', {
    timeout: 15_000,
  });
}

/** The tab's save is refused: the message, and the other tab's plan in place of this one's. */
async function refusedShowingNewer(page: Page, title: string, newer: string): Promise<void> {
  const toast = page.locator('[data-testid="toast"][data-kind="warning"]').filter({ hasText: title });
  await expect(toast, 'the conflict message').toBeVisible({ timeout: 15_000 });
  await animationsDone(toast);
  await expect(page.getByTestId(MOVE), 'the newer plan is shown').toHaveValue(newer, { timeout: 15_000 });
  await expect(page.getByTestId('vto-save-state')).not.toHaveAttribute('data-state', 'saving');
}

/** What is stored: the tab opened afresh reads it (the session's own API; a second sign-in would end this one). */
async function expectStoredMove(page: Page, chartUuid: string, mm: string, message: string): Promise<void> {
  await openVto(page, chartUuid);
  await expect(page.getByTestId(MOVE), message).toHaveValue(mm, { timeout: 15_000 });
}

test(
  'document conflict: one user moves the VTO plan in two tabs; the second save is refused with a message and the newer plan shown',
  async (t) => {
    const { user, api } = await datasetUser(t, 'doctabs');
    // Movements in mm need the calibration (the ISBI 2015 films are 0.2 mm per pixel).
    await api.graphql('mutation { update_user_config(input: { default_ppm: 5 }) { default_ppm } }');
    const patient = await api.createPatient(
      { first_name: 'Two Tabs', birth_info: '2010-05-06', gender: true },
      { ceph: cephalogramPath(2) },
    );

    // Two tabs of one browser: one session, one user.
    const { page: first, context } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughUi(first, user);
    const second = await context.newPage();
    await openVto(first, patient.chartUuid);
    await openVto(second, patient.chartUuid);

    // The first tab saves; the second, which read the plan before, is refused and shows the first's plan.
    await moveAndSave(first, '5');
    await second.getByTestId(MOVE).fill('-3');
    await refusedShowingNewer(second, 'Chart changed by someone else', '5');
    await t.screenshot(second, 'document-conflict-vto-en');
    await expectStoredMove(second, patient.chartUuid, '5', "the stored plan is the first tab's");

    // In Korean, the other way round: the second tab, now current, saves; the first tab is refused.
    await first.evaluate(() => window.localStorage.setItem('ceppro.language', 'ko'));
    await expectStoredMove(first, patient.chartUuid, '5', 'the first tab, reopened in Korean, reads the stored plan');
    await moveAndSave(second, '2');
    await first.getByTestId(MOVE).fill('7');
    await refusedShowingNewer(first, '다른 사람이 차트를 변경함', '2');
    await t.screenshot(first, 'document-conflict-vto-ko');
    await expectStoredMove(first, patient.chartUuid, '2', "the stored plan is the second tab's");
  },
  { timeoutMs: 150_000 },
);

/** Opens the chart's Superimposition tab once the tab has read the stored document (and its revision). */
async function openSuperimposition(page: Page, chartUuid: string): Promise<void> {
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  const read = graphqlAnswer(page, 'query SuperimpositionData', { timeout: 20_000 });
  await page.getByTestId('panel-tab-superimposition').click();
  await read;
  await page.getByTestId('superimposition-panel').waitFor();
  await expect(page.getByTestId('superimposition-blending')).toBeVisible();
}

/** The tab's superimposition save, answered without errors. */
const superimpositionSaved = (page: Page) => graphqlAnswer(page, 'UpdateSuperimpositionData', { timeout: 15_000, ok: true });

test(
  'document conflict: one user changes the superimposition in two tabs; the second save is refused and the newer choices shown',
  async (t) => {
    const { user, api } = await datasetUser(t, 'docsup');
    const patient = await api.createPatient(
      { first_name: 'Two Tabs', birth_info: '2010-05-06', gender: false },
      { ceph: cephalogramPath(3) },
    );

    const { page: first, context } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughUi(first, user);
    const second = await context.newPage();
    await openSuperimposition(first, patient.chartUuid);
    await openSuperimposition(second, patient.chartUuid);

    // The first tab turns blending on and is saved; the second chooses best fit from the older state.
    await Promise.all([superimpositionSaved(first), first.getByTestId('superimposition-blending').check()]);
    await second.getByTestId('superimposition-method-best-fit').check();
    const toast = second.locator('[data-testid="toast"][data-kind="warning"]').filter({ hasText: 'Chart changed by someone else' });
    await expect(toast, 'the conflict message').toBeVisible({ timeout: 15_000 });
    // The first tab's choices replace the refused one.
    await expect(second.getByTestId('superimposition-blending'), "the first tab's blending is shown").toBeChecked({ timeout: 15_000 });
    await expect(second.getByTestId('superimposition-method-sn-at-s')).toBeChecked();
    await animationsDone(toast);
    await t.screenshot(second, 'document-conflict-superimposition-en');
    // Stored: the first tab's document.
    await openSuperimposition(second, patient.chartUuid);
    await expect(second.getByTestId('superimposition-blending')).toBeChecked();
    await expect(second.getByTestId('superimposition-method-sn-at-s')).toBeChecked();
  },
  { timeoutMs: 120_000 },
);

/** Opens the chart's viewer on the Analysis tab once the AI's landmarks are drawn: a drag there is saved at once. */
async function openLandmarks(page: Page, chartUuid: string): Promise<void> {
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, 20_000);
  await page.getByTestId('panel-tab-analysis').click();
}

/** The tab's landmark save, answered (with or without errors). */
const landmarksSaveAnswered = (page: Page) => graphqlAnswer(page, 'SaveModifiedLandmarks', { timeout: 15_000 });

/** Where landmark `id` is drawn in the tab: its image pixels. */
const positionOf = async (page: Page, id: string) => ({
  x: await numberAttr(landmarkOn(page, id), 'data-x'),
  y: await numberAttr(landmarkOn(page, id), 'data-y'),
});

/** Landmark `id` is drawn at `at` (image pixels) in the tab, waited for. */
async function expectAt(page: Page, id: string, at: { x: number; y: number }, message: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const now = await positionOf(page, id);
        return Math.max(Math.abs(now.x - at.x), Math.abs(now.y - at.y));
      },
      { message, timeout: 15_000 },
    )
    .toBeLessThan(0.05);
}

test(
  'document conflict: one user drags landmarks in two tabs; the second save is refused with a message and the newer landmarks shown',
  async (t) => {
    const { user, api } = await datasetUser(t, 'doclmk');
    const patient = await api.createPatient(
      { first_name: 'Two Tabs', birth_info: '2009-07-08', gender: true },
      { ceph: cephalogramPath(4) },
    );

    // Two tabs of one browser: one session (the API's sign-in after the seeding), one user.
    const { page: first, context } = await t.newPage({ viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, context, user);
    const second = await context.newPage();
    await openLandmarks(first, patient.chartUuid);
    await openLandmarks(second, patient.chartUuid);
    const ai = { A: await positionOf(second, 'A'), B: await positionOf(second, 'B') };

    // The first tab moves A point and is saved.
    const firstSaved = landmarksSaveAnswered(first);
    await dragLandmarkBy(first, landmarkOn(first, 'A'), 30, 0);
    expect(await (await firstSaved).text(), "the first tab's save is stored").not.toContain('"errors"');
    await expect(first.getByTestId('save-state'), 'the first tab is saved').toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    const moved = await positionOf(first, 'A');
    expect(moved.x - ai.A.x, 'A point moved right in the first tab').toBeGreaterThan(5);

    // The second tab, which read the landmarks before, moves B point: refused, told, and shown the first tab's landmarks.
    const secondRefused = landmarksSaveAnswered(second);
    await dragLandmarkBy(second, landmarkOn(second, 'B'), -30, 0);
    expect(await (await secondRefused).text(), "the second tab's save is refused as stale").toContain('CONFLICT');
    const toast = second.locator('[data-testid="toast"][data-kind="warning"]').filter({ hasText: 'Landmarks not saved' });
    await expect(toast, 'the conflict message').toBeVisible({ timeout: 15_000 });
    await toast.hover(); // a hovered toast stays (it hides itself after 3 s otherwise)
    await expect(toast).toContainText('The stored landmarks have been reloaded.');
    await expectAt(second, 'A', moved, "the second tab shows the first tab's A point");
    await expectAt(second, 'B', ai.B, "the second tab's refused B point is dropped");
    await expect(second.getByTestId('save-state'), 'nothing left unsaved').toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await animationsDone(toast);
    await t.screenshot(second, 'document-conflict-landmarks-en');

    // Stored: the first tab's landmarks, as both tabs read them afresh.
    for (const page of [first, second]) {
      await openLandmarks(page, patient.chartUuid);
      await expectAt(page, 'A', moved, 'after a reload A point is where the first tab put it');
      await expectAt(page, 'B', ai.B, 'after a reload B point is where the AI put it');
    }
  },
  { timeoutMs: 120_000 },
);
