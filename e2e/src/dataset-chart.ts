import type { Page } from '@playwright/test';
import { createActivatedUser, newUser } from './accounts.ts';
import { expectAiLandmarks } from './expect.ts';
import { skip, type TestContext } from './harness.ts';
import { PatientsApi, cephalogramPath, datasetDir } from './patients-api.ts';
import { signInThroughApi } from './api-session.ts';
import { fromIp } from './sign-in.ts';

/**
 * A new account with one patient on a dataset film (made through the API), signed in through the API
 * (`signInThroughApi`: sign-in is not what the tracing tests check) in `language`, with the chart's
 * viewer open and the AI landmarks drawn. Skips the test when the dataset is absent. What the tracing
 * tests start from. The viewer is the context's first and only page load: no sign-in page, no list.
 */
export async function openDatasetChart(
  t: TestContext,
  options: {
    label: string;
    language: string;
    patient: Parameters<PatientsApi['createPatient']>[0];
    shootDate: string;
    landmarksTimeoutMs?: number;
  },
): Promise<{ page: Page; chartUuid: string }> {
  if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
  const user = newUser(options.label);
  await createActivatedUser(t.baseUrl, user);
  const api = new PatientsApi(t.baseUrl, user);
  await api.login();
  const { chartUuid } = await api.createPatient(options.patient, { ceph: cephalogramPath(1), shootDate: options.shootDate });
  // The language the app reads at start (localStorage), set once when the context is made: a test that
  // changes it later and reloads keeps its own choice.
  const language = { name: 'ceppro.language', value: options.language };
  const storageState = { cookies: [], origins: [{ origin: new URL(t.baseUrl).origin, localStorage: [language] }] };
  const { page, context } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 }, storageState });
  // After the seeding above: the API's own login would end this session (J005) if it came later.
  await signInThroughApi(t.baseUrl, context, user);
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, options.landmarksTimeoutMs ?? 30_000);
  return { page, chartUuid };
}
