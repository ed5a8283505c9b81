import { createActivatedUser, newUser } from '../src/accounts.ts';
import { assert, eventually } from '../src/expect.ts';
import { skip, test } from '../src/harness.ts';
import { PatientsApi, cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

/**
 * Audit trail: a user signs in, opens a patient's film in the viewer and exports its measurements
 * as CSV; My info's activity log then lists the viewer visit and the export (and the sign-in),
 * with the patient's name, in English and in Korean, and downloads the trail as CSV.
 */
test('audit: the activity log under My info lists the viewer visit and the CSV export', async (t) => {
  if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
  const user = newUser('audit');
  await createActivatedUser(t.baseUrl, user);
  const api = new PatientsApi(t.baseUrl, user);
  await api.login();
  const patient = await api.createPatient(
    { first_name: '김감사', birth_info: '2011-05-06', gender: true },
    { ceph: cephalogramPath(0), shootDate: '2025-09-01' },
  );

  const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await signInThroughUi(page, user);
  await page.goto(`/viewer/${patient.chartUuid}`);
  await eventually(
    () => page.getByTestId('landmark').count(),
    (n) => n >= 19,
    'AI landmarks drawn',
    30_000,
  );
  await page.getByTestId('panel-tab-analysis').click();
  await page.getByTestId('chart-exports').waitFor();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  assert.match(csv.suggestedFilename(), /\.csv$/);

  await page.goto('/myinfo');
  const log = page.getByTestId('activity-log');
  await log.waitFor();
  const rows = log.getByTestId('audit-row');
  await eventually(
    () => rows.count(),
    (n) => n >= 3,
    'trail rows',
  );
  const view = log.locator('[data-testid="audit-row"][data-action="chart.view"]').first();
  const exported = log.locator('[data-testid="audit-row"][data-action="export.csv"]').first();
  assert.match(await view.innerText(), /Viewer opened[\s\S]*김감사/);
  assert.match(await exported.innerText(), /Measurements exported \(CSV\)[\s\S]*김감사[\s\S]*Success/);
  assert.ok((await log.locator('[data-testid="audit-row"][data-action="auth.sign_in"]').count()) >= 1, 'the sign-in is listed');
  await log.scrollIntoViewIfNeeded();
  await t.screenshot(page, 'audit-trail-en', { fullPage: true });

  // Filter to exports only: the viewer visit leaves the table.
  await page.getByTestId('audit-action').selectOption('export');
  await log.getByRole('button', { name: 'Apply' }).click();
  await eventually(
    () => log.locator('[data-testid="audit-row"][data-action="chart.view"]').count(),
    (n) => n === 0,
    'filtered to exports',
  );
  assert.ok((await exported.count()) === 1, 'the export stays');
  const [trailCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
  const path = await trailCsv.path();
  assert.ok(path, 'the CSV was saved');
  const text = (await import('node:fs')).readFileSync(path, 'utf8');
  assert.ok(text.startsWith('\uFEFFtime_utc,action,outcome'), 'CSV with BOM and header');
  assert.match(text, /export\.csv,success,me,[^,]*,김감사/);

  await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
  await page.reload();
  await log.waitFor();
  await eventually(
    () => log.getByTestId('audit-row').count(),
    (n) => n >= 3,
    'trail rows (ko)',
  );
  assert.match(await log.locator('[data-testid="audit-row"][data-action="chart.view"]').first().innerText(), /뷰어 열기/);
  assert.match(await log.innerText(), /활동 기록/);
  await t.screenshot(page, 'audit-trail-ko', { fullPage: true });
});
