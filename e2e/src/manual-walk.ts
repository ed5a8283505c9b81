import type { BrowserContext, Page } from 'playwright-core';
import { createActivatedUser, newUser, type TestUser } from './accounts.ts';
import { expectAiLandmarks } from './expect.ts';
import { PatientsApi, cephalogramPath } from './patients-api.ts';

/**
 * The walk through the real product that the manual's screenshots (e2e/tests/manual.test.ts) and
 * the tutorial video (e2e/src/record-tutorial.ts) share: an account with one patient and two
 * dataset films, the interface in a chosen language, sign-in through the form and the viewer's tabs.
 */
export type ManualLang = 'en' | 'ko';

export interface ManualAccount {
  user: TestUser;
  patientId: number;
  /** The newest chart's uuid (the viewer's URL). */
  chartUuid: string;
  /** The older chart's id, to superimpose on the newest. */
  olderChartId: string;
}

/** A new activated account with a patient whose two films (2024, 2025) have AI landmarks. */
export async function manualAccount(baseUrl: string, label: string, lang: ManualLang): Promise<ManualAccount> {
  const user = newUser(label);
  await createActivatedUser(baseUrl, user);
  const api = new PatientsApi(baseUrl, user);
  await api.login();
  // The ISBI 2015 films as shipped here are 0.2 mm per pixel (968 x 1200, downscaled by 2): a default PPM of 5
  // shows lengths in mm, as a clinic would.
  await api.graphql('mutation($i: UserConfigInput!) { update_user_config(input: $i) { default_ppm } }', { i: { default_ppm: 5 } });
  const name = lang === 'ko' ? '김민지' : 'Minji Kim';
  const patient = { first_name: name, birth_info: '2011-05-14', gender: true };
  const first = await api.createPatient(patient, { ceph: cephalogramPath(0), shootDate: '2024-03-02' });
  const second = await api.addChart(first.patientId, { ceph: cephalogramPath(1), shootDate: '2025-09-15' });
  return { user, patientId: first.patientId, chartUuid: second.chartUuid, olderChartId: first.chartId };
}

/** The interface language, stored as the language picker stores it, before any page loads. */
export async function useLanguage(context: BrowserContext, lang: ManualLang): Promise<void> {
  await context.addInitScript((l) => {
    if (window.localStorage.getItem('ceppro.language') === null) window.localStorage.setItem('ceppro.language', l);
  }, lang);
}

/** Fills and sends the sign-in form (any language: by field id) and waits for the list. */
export async function signInByForm(page: Page, user: TestUser, options: { typeDelayMs?: number } = {}): Promise<void> {
  await page.goto('/');
  await page.locator('#sign-in-email').pressSequentially(user.email, { delay: options.typeDelayMs ?? 0 });
  await page.locator('#sign-in-password').pressSequentially(user.password, { delay: options.typeDelayMs ?? 0 });
  await page.getByTestId('sign-in-form').locator('button[type="submit"]').click();
  await page.waitForURL((u) => u.pathname === '/list/0');
}

/** The viewer with the film drawn and the AI landmarks on it. */
export async function openViewer(page: Page, chartUuid: string): Promise<void> {
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, 30_000);
  await settled(page);
}

/** The viewer's side-panel tabs, in the manual's order. */
export const VIEWER_TABS = ['landmarks', 'measure', 'analysis', 'profilogram', 'vto', 'superimposition', 'report'] as const;

export async function openTab(page: Page, id: (typeof VIEWER_TABS)[number]): Promise<void> {
  await page.getByTestId(`panel-tab-${id}`).click();
  await page.getByTestId(`panel-tab-${id}`).and(page.locator('[aria-selected="true"]')).waitFor();
  await settled(page);
}

/**
 * A tab as a user first sees it working: the profilogram measured once (its first use asks for
 * it), the older film ticked for the superimposition.
 */
export async function showTab(page: Page, id: (typeof VIEWER_TABS)[number], account: ManualAccount): Promise<void> {
  await openTab(page, id);
  if (id === 'superimposition') {
    const older = page.getByTestId(`superimposition-film-${account.olderChartId}`);
    if (!(await older.locator('input').isChecked())) await older.click();
    await page.getByTestId('movement-row').first().waitFor({ timeout: 30_000 });
    await settled(page);
  }
  if (id === 'profilogram') {
    const measure = page.getByTestId('profilogram-measure');
    if (await measure.isVisible()) {
      await measure.click();
      await page.getByTestId('profilogram-table').waitFor();
      await settled(page);
    }
  }
}

/** Before a picture: fonts loaded, no spinner on the stage, no request in flight. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
}
