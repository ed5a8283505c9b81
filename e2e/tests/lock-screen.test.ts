import { expect, type Page } from '@playwright/test';
import { createActivatedUser, newUser, type TestUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks, expectAtLeast } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { cephalogramPath, nonCephPath } from '../src/patients-api.ts';
import { fromIp, signInThroughApi, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * The lock screen (spec: the screen locks after long inactivity and unlocks with the account
 * password; the viewer has a Lock button): while locked the page holds no patient data (the
 * patient's name, the film, the landmarks are out of the document, not merely blurred, even after
 * a reload); unlocking brings back the same view: zoom and pan, the open tab, an open editor with
 * what was typed in it, and landmark edits not saved yet.
 */

const PATIENT = 'Lockwood Yun';

/** What of the patient's data the document holds, as a person with the page's DOM could read it. */
async function patientDataInPage(page: Page): Promise<string[]> {
  const html = await page.content();
  const found: string[] = [];
  if (html.includes(PATIENT)) found.push('the patient name');
  if (html.includes('data-testid="landmark"')) found.push('landmarks');
  if (html.includes('data-testid="viewer-stage"')) found.push('the film');
  if (html.includes('data-testid="landmark-item"')) found.push('the landmark list');
  return found;
}

async function unlock(page: Page, user: TestUser): Promise<void> {
  const lock = page.getByTestId('lock-screen');
  await page.getByTestId('lock-password').fill(user.password);
  await lock.getByRole('button', { name: /Unlock|잠금 해제/ }).click();
  await lock.waitFor({ state: 'detached' });
}

async function viewState(page: Page) {
  return {
    transform: await page.getByTestId('overlay-root').getAttribute('transform'),
    zoom: await page.getByTestId('viewer-zoom').innerText(),
    tab: await page.locator('[role="tab"][aria-selected="true"]').getAttribute('data-testid'),
  };
}

test(
  'lock screen: locked, the page holds no patient data (also after a reload); ' +
    'unlocking restores zoom, tab, typed text and unsaved landmark edits',
  async (t) => {
    const { user, api } = await datasetUser(t, 'lock-viewer');
    const { chartUuid } = await api.createPatient(
      { first_name: PATIENT, birth_info: '1988-07-09', gender: true },
      { ceph: cephalogramPath(3), shootDate: '2024-05-01' },
    );
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${chartUuid}`);
    await page.getByTestId('viewer-image').waitFor();
    await expectAiLandmarks(page, 20_000);

    // Zoomed in, and landmark A moved (not saved yet: the Landmarks tab saves when it is left).
    const stage = await page.getByTestId('viewer-stage').boundingBox();
    expectTruthy(stage);
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
    for (let i = 0; i < 3; i += 1) await page.mouse.wheel(0, -100);
    const a = page.locator('[data-testid="landmark"][data-id="A"]');
    const x0 = Number(await a.getAttribute('data-x'));
    const dot = await a.locator('.landmark__dot').boundingBox();
    expectTruthy(dot, 'A on screen');
    await page.mouse.move(dot.x + dot.width / 2, dot.y + dot.height / 2);
    await page.mouse.down();
    await page.mouse.move(dot.x + dot.width / 2 + 30, dot.y + dot.height / 2, { steps: 10 });
    await page.mouse.up();
    // A number read from an attribute: no web-first matcher compares it, so it is polled.
    await expect.poll(async () => Number(await a.getAttribute('data-x')), { message: 'A moved' }).toBeGreaterThan(x0 + 5);
    const moved = Number(await a.getAttribute('data-x'));
    await expect(page.getByTestId('save-state'), 'the move is not saved yet').toHaveAttribute('data-state', 'unsaved');
    const before = await viewState(page);
    expect(before.zoom).toMatch(/\d+%/);
    expect(before.zoom.replace(/\D/g, ''), 'zoomed in').not.toBe('100');
    await expect.poll(() => patientDataInPage(page)).toStrictEqual(['the patient name', 'landmarks', 'the film', 'the landmark list']);

    await page.getByTestId('viewer-lock').click();
    await page.getByTestId('lock-screen').waitFor();
    await expect.poll(() => patientDataInPage(page), { message: 'locked: no patient data left in the page' }).toStrictEqual([]);
    await t.screenshot(page, 'lock-screen-viewer-en');
    await unlock(page, user);
    await expect.poll(() => viewState(page), { message: 'the same zoom, pan and tab after unlocking' }).toStrictEqual(before);
    await expect.poll(async () => Number(await a.getAttribute('data-x')), { message: 'the unsaved move is still there' }).toBe(moved);
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'unsaved');

    // Another tab with an editor open and a name typed in it.
    await page.getByTestId('panel-tab-analysis').click();
    await page.locator('.analysis-panel__customise').click();
    await page.getByTestId('custom-group-name').fill('Ortho check');
    const onAnalysis = await viewState(page);
    await page.getByTestId('viewer-lock').click();
    await page.getByTestId('lock-screen').waitFor();
    await expect.poll(() => patientDataInPage(page)).toStrictEqual([]);
    await unlock(page, user);
    await expect.poll(() => viewState(page), { message: 'the Analysis tab, the same zoom and pan' }).toStrictEqual(onAnalysis);
    await expect(page.getByTestId('custom-group-name'), 'the typed name is kept').toHaveValue('Ortho check');

    // A reload while locked (Korean): still nothing of the patient in the page until unlocked.
    await page.getByTestId('viewer-lock').click();
    await page.getByTestId('lock-screen').waitFor();
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.reload();
    await page.getByTestId('lock-screen').waitFor();
    await page.getByText('화면이 잠겼습니다', { exact: false }).first().waitFor();
    await expect.poll(() => patientDataInPage(page), { message: 'after a reload while locked: no patient data' }).toStrictEqual([]);
    await t.screenshot(page, 'lock-screen-viewer-ko');
    await unlock(page, user);
    await page.getByTestId('viewer-image').waitFor();
    await expectAtLeast(page.getByText(PATIENT), 1, { message: 'the viewer is back after unlocking' });
  },
  { timeoutMs: 150_000 },
);

test('lock screen: a question open when the screen locks is out of the page, and asked again as a modal after unlocking', async (t) => {
  const user = newUser('lock-question');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await page.addInitScript({ content: "localStorage.setItem('ceppro.lockAfterMs', '2000');" });
  await page.clock.install();
  await signInThroughUi(page, user);
  await page.getByTestId('new-patient').click();
  await page.getByTestId('drop-ceph-input').setInputFiles(nonCephPath('coffee'));
  await page.getByTestId('back-to-list').click();
  const popup = page.getByTestId('confirm-popup');
  await popup.waitFor();

  await page.clock.fastForward(2500); // the page's clock: 2.5 s without input
  await page.getByTestId('lock-screen').waitFor();
  await expect(popup, 'the question is out of the page while locked').toHaveCount(0);
  await expect(page.getByTestId('drop-ceph-name'), 'so is the form').toHaveCount(0);
  await unlock(page, user);
  await popup.waitFor();
  await expect.poll(() => popup.evaluate((el) => el.matches(':modal')), { message: 'asked again as a modal' }).toBe(true);
  await popup.getByRole('button', { name: 'Stay' }).click();
  await popup.waitFor({ state: 'detached' });
  await expect(page.getByTestId('drop-ceph-name'), 'the chosen film is still there').toHaveText('coffee.jpg', { useInnerText: true });
  expect(new URL(page.url()).pathname).toBe('/create');
});
