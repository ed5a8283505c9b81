import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expect } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks, expectAtLeast } from '../src/expect.ts';
import { E2E_SERVER_BUILD } from '../src/global-setup.ts';
import { skip, test } from '../src/harness.ts';
import { serverDataDir, setOutboxDir } from '../src/outbox.ts';
import { PatientsApi, cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { startServer } from '../src/server.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Audit trail: a user signs in, opens a patient's film in the viewer and exports its measurements
 * as CSV; My info's activity log then lists the viewer visit and the export (and the sign-in),
 * with the patient's name, in English and in Korean, and downloads the trail as CSV.
 */
// Upload + AI (createPatient), up to 30 s for the landmarks, two downloads and a reload: more than the default 45 s under load.
test(
  'audit: the activity log under My info lists the viewer visit and the CSV export',
  async (t) => {
    const { user, api } = await datasetUser(t, 'audit');
    const patient = await api.createPatient(
      { first_name: '김감사', birth_info: '2011-05-06', gender: true },
      { ceph: cephalogramPath(0), shootDate: '2025-09-01' },
    );

    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await signInThroughUi(page, user);
    await page.goto(`/viewer/${patient.chartUuid}`);
    await expectAiLandmarks(page, 30_000);
    await page.getByTestId('panel-tab-analysis').click();
    await page.getByTestId('chart-exports').waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);

    await page.goto('/myinfo');
    const log = page.getByTestId('activity-log');
    await log.waitFor();
    const rows = log.getByTestId('audit-row');
    await expectAtLeast(rows, 3, { message: 'trail rows' });
    const view = log.locator('[data-testid="audit-row"][data-action="chart.view"]').first();
    const exported = log.locator('[data-testid="audit-row"][data-action="export.csv"]').first();
    await expect(view).toContainText(/Viewer opened[\s\S]*김감사/, { useInnerText: true });
    await expect(exported).toContainText(/Measurements exported \(CSV\)[\s\S]*김감사[\s\S]*Success/, { useInnerText: true });
    expect(
      await log.locator('[data-testid="audit-row"][data-action="auth.sign_in"]').count(),
      'the sign-in is listed',
    ).toBeGreaterThanOrEqual(1);
    await log.scrollIntoViewIfNeeded();
    await t.screenshot(page, 'audit-trail-en', { fullPage: true });

    // Filter to exports only: the viewer visit leaves the table.
    await page.getByTestId('audit-action').selectOption('export');
    await log.getByRole('button', { name: 'Apply' }).click();
    await expect(log.locator('[data-testid="audit-row"][data-action="chart.view"]'), 'filtered to exports').toHaveCount(0);
    await expect(exported, 'the export stays').toHaveCount(1);
    const [trailCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
    const path = await trailCsv.path();
    expectTruthy(path, 'the CSV was saved');
    const text = readFileSync(path, 'utf8');
    expectTruthy(text.startsWith('\uFEFFtime_utc,action,outcome'), 'CSV with BOM and header');
    expect(text).toMatch(/export\.csv,success,me,[^,]*,김감사/);

    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.reload();
    await log.waitFor();
    await expectAtLeast(log.getByTestId('audit-row'), 3, { message: 'trail rows (ko)' });
    await expect(log.locator('[data-testid="audit-row"][data-action="chart.view"]').first()).toContainText(/뷰어 열기/, {
      useInnerText: true,
    });
    await expect(log).toContainText(/활동 기록/, { useInnerText: true });
    await t.screenshot(page, 'audit-trail-ko', { fullPage: true });
  },
  { timeoutMs: 120_000 },
);

/**
 * The administrators' audit view: on its own server (the admin is made by the operator's command
 * before it starts), a clinic account reads its patient list and opens a film in the viewer; the
 * administrator opens Administration > Audit log, filters by that account's e-mail, finds the
 * patient-list read and the film's fetch, downloads the CSV, and sees the view in English and Korean.
 */
test(
  'audit: an administrator filters the audit view by account, finds a patient list read and a film fetch, downloads CSV (en + ko)',
  async (t) => {
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const admin = newUser('audit-ops');
    const clinic = newUser('audit-clinic');
    const server = await startServer(root, {
      prepare: (dataDir) => {
        const cli = [join(E2E_SERVER_BUILD, 'admin.js'), 'create', '--email', admin.email, '--name', 'Auditor', '--password-stdin'];
        const env = { ...process.env, DATA_DIR: dataDir };
        const created = spawnSync(process.execPath, cli, { cwd: root, env, input: `${admin.password}\n`, encoding: 'utf8' });
        expect(created.status, `admin create failed: ${created.stderr}`).toBe(0);
      },
    });
    const workerData = serverDataDir();
    try {
      // The clinic's account and its patient, made on this server (its mail lands in this server's outbox).
      setOutboxDir(server.dataDir);
      await createActivatedUser(server.baseUrl, clinic);
      const api = new PatientsApi(server.baseUrl, clinic);
      await api.login();
      const patient = await api.createPatient(
        { first_name: 'Audit Film', birth_info: '2012-03-04', gender: false },
        { ceph: cephalogramPath(1), shootDate: '2025-10-01' },
      );

      // The clinic reads its list (sign-in lands there) and opens the film: its bytes come from a signed /files URL.
      const user = await t.newPage({ ...fromIp(clinic.ip), baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
      await signInThroughUi(user.page, clinic);
      await user.page.getByTestId('patient-row').first().waitFor();
      const film = user.page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/files/') && r.status() === 200);
      await user.page.goto(`/viewer/${patient.chartUuid}`);
      await film;

      const ops = await t.newPage({
        ...fromIp(admin.ip),
        baseURL: server.baseUrl,
        viewport: { width: 1440, height: 900 },
        acceptDownloads: true,
      });
      const { page } = ops;
      await signInThroughUi(page, admin);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('admin-link').click();
      await page.getByTestId('admin-tab-audit').click();
      await page.waitForURL((u) => u.pathname === '/admin/audit');
      const view = page.getByTestId('admin-audit');
      await view.waitFor();
      await expect(page.getByTestId('admin-audit-retention')).toContainText(/kept for 2190 days/, { useInnerText: true });
      await page.getByTestId('admin-audit-account').fill(clinic.email);
      await page.getByTestId('admin-audit-apply').click();
      const listRead = view.locator('[data-testid="audit-row"][data-action="patient.list"]').first();
      const fetched = view.locator('[data-testid="audit-row"][data-action="image.fetch"]').first();
      await listRead.waitFor();
      await fetched.waitFor();
      // Right after Apply the unfiltered rows may still be on screen (they hold these actions too): wait for the filter.
      const otherAccounts = view.getByTestId('audit-row').filter({ hasNotText: clinic.email });
      await expect(otherAccounts, 'only the clinic account’s events').toHaveCount(0);
      await expect(listRead).toContainText(/Patient list viewed[\s\S]*Patients listed: 1 \(page 1\)/, { useInnerText: true });
      await expect(fetched).toContainText(/Image file fetched[\s\S]*Success[\s\S]*The original film/, { useInnerText: true });
      await expect(view, 'no patient names in the administrators’ view').not.toHaveText(/Audit Film/, { useInnerText: true });
      await t.screenshot(page, 'admin-audit-en', { fullPage: true });

      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
      const path = await csv.path();
      expectTruthy(path, 'the CSV was saved');
      const text = readFileSync(path, 'utf8');
      expectTruthy(text.startsWith('\uFEFFtime_utc,action,outcome,actor_user_id,actor_email'), 'CSV with BOM and header');
      expect(text).toMatch(/,patient\.list,success,\d+,e2e-audit-clinic/);
      expect(text).toMatch(/,image\.fetch,success,\d+,e2e-audit-clinic/);

      await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
      await page.reload();
      await view.waitFor();
      await page.getByTestId('admin-audit-account').fill(clinic.email);
      await page.getByTestId('admin-audit-apply').click();
      await view.locator('[data-testid="audit-row"][data-action="image.fetch"]').first().waitFor();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/감사 기록/, { useInnerText: true });
      await expect(view.locator('[data-testid="audit-row"][data-action="patient.list"]').first()).toContainText(/환자 목록 조회/, {
        useInnerText: true,
      });
      await t.screenshot(page, 'admin-audit-ko', { fullPage: true });
    } finally {
      setOutboxDir(workerData);
      await server.stop();
    }
  },
  { timeoutMs: 240_000 },
);
