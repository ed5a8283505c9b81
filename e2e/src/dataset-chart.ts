import type { Page } from '@playwright/test';
import { createActivatedUser, newUser } from './accounts.ts';
import { expectAiLandmarks } from './expect.ts';
import { skip, type TestContext } from './harness.ts';
import { PatientsApi, cephalogramPath, datasetDir } from './patients-api.ts';
import { fromIp, signInThroughUi } from './sign-in.ts';

/**
 * A new account with one patient on a dataset film (made through the API), signed in through the form in
 * `language`, with the chart's viewer open and the AI landmarks drawn. Skips the test when the dataset is
 * absent. What the tracing tests start from.
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
  const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
  await signInThroughUi(page, user);
  await page.evaluate((lang) => localStorage.setItem('ceppro.language', lang), options.language);
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  await expectAiLandmarks(page, options.landmarksTimeoutMs ?? 30_000);
  return { page, chartUuid };
}
