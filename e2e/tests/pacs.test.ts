import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { makeDicom, makePdfDicom, startOrthanc } from '../../apps/server/test/helpers/orthanc.ts';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { skip, test } from '../src/harness.ts';
import { serverDataDir, setOutboxDir } from '../src/outbox.ts';
import { cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { startServer } from '../src/server.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

/**
 * Import from a PACS (Step 18, docs/pacs.md): a real Orthanc with DICOMweb, started here, holds a
 * dataset film stored as DICOM (img2dcm, Pixel Spacing 0.1 mm) and a DICOM PDF. In New patient,
 * "Search PACS" finds the study by a piece of the name, shows its series with a thumbnail, refuses
 * the PDF, and Import hands the film to the drop zone: the DICOM details are offered, Save creates the
 * patient, and the viewer shows the AI landmarks on the film calibrated from the DICOM. A PACS that is
 * down is explained in plain words.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const AUTH = { username: 'ceppro', password: 'e2e-pacs' };

async function searchByName(page: Page, name: string): Promise<void> {
  await page.getByTestId('pacs-name').fill(name);
  await page.getByTestId('pacs-search').click();
}

test(
  'pacs: search the PACS from New patient, import a cephalogram, and the patient is created with the film and AI landmarks (en, ko)',
  async (t) => {
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const pacs = await startOrthanc({ auth: AUTH });
    const servers = [
      { id: 'clinic', name: 'Clinic PACS', url: pacs.dicomWebUrl, auth: { type: 'basic', ...AUTH }, timeoutMs: 60_000 },
      // Nothing listens on port 1: the PACS that is down.
      { id: 'down', name: 'Old PACS', url: 'http://127.0.0.1:1/dicom-web', auth: null, timeoutMs: 5_000 },
    ];
    const server = await startServer(root, { env: { PACS_SERVERS: JSON.stringify(servers) } });
    const sharedOutbox = serverDataDir();
    setOutboxDir(server.dataDir);
    try {
      const jpeg = await sharp(cephalogramPath(0)).greyscale().jpeg({ quality: 95 }).toBuffer();
      const header = { patientName: 'Hong^Gildong', patientId: 'E2E-001', studyDate: '20250110', modality: 'CR' };
      await pacs.upload(await makeDicom(jpeg, { ...header, pixelSpacingMm: 0.1, patientBirthDate: '19900506', patientSex: 'F' }));
      await pacs.upload(await makePdfDicom({ patientName: 'Hong^Report', patientId: 'E2E-002', studyDate: '20250111' }));

      const user = newUser('pacs');
      await createActivatedUser(server.baseUrl, user);
      const { page } = await t.newPage({ baseURL: server.baseUrl, ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
      await signInThroughUi(page, user);
      await page.goto('/create');

      // The PACS that is down: a plain message, nothing else happens.
      await page.getByTestId('pacs-open').click();
      const dialog = page.getByTestId('pacs-dialog');
      await dialog.waitFor();
      await page.getByTestId('pacs-server').selectOption('down');
      await searchByName(page, 'hong');
      const down = page.getByTestId('pacs-search-error');
      await down.waitFor({ timeout: 30_000 });
      await expect(down).toHaveAttribute('data-code', 'PACS_UNAVAILABLE');
      await expect(down).toContainText(/cannot be reached/, { useInnerText: true });
      await t.screenshot(page, 'pacs-down-en');

      // Search the clinic's PACS by a piece of the name: both studies, the film's opened by its button.
      await page.getByTestId('pacs-server').selectOption('clinic');
      await searchByName(page, 'hong');
      const rows = page.getByTestId('pacs-study');
      await expect(rows, 'two studies found').toHaveCount(2, { timeout: 30_000 });
      const film = rows.filter({ hasText: 'E2E-001' });
      await expect(film).toContainText(/Hong Gildong\s+E2E-001\s+2025-01-10\s+Lateral ceph\s+CR\s+1/, { useInnerText: true });
      await rows.filter({ hasText: 'E2E-002' }).getByTestId('pacs-open-study').click();
      const pdfSeries = page.getByTestId('pacs-series-item');
      await pdfSeries.first().waitFor({ timeout: 30_000 });
      await expect(pdfSeries.getByTestId('pacs-import'), 'a PDF cannot be imported').toBeDisabled();
      await expect(pdfSeries).toContainText(/Not an image/, { useInnerText: true });
      await film.getByTestId('pacs-open-study').click();
      const series = page.getByTestId('pacs-series-item');
      await series.locator('img').waitFor({ timeout: 30_000 });
      expectTruthy(
        await series.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        'thumbnail drawn',
      );
      await t.screenshot(page, 'pacs-dialog-en');

      // Import: the file takes the dropped-file path (DICOM preview, details offered from its header).
      await series.getByTestId('pacs-import').click();
      await dialog.waitFor({ state: 'detached', timeout: 60_000 });
      await page.getByTestId('drop-ceph-dicom').waitFor();
      const offer = page.getByTestId('dicom-prefill');
      await offer.waitFor();
      await expect(page.getByTestId('dicom-prefill-name')).toContainText(/Hong Gildong/, { useInnerText: true });
      await t.screenshot(page, 'pacs-imported-en');
      await page.getByTestId('dicom-prefill-use').click();
      await offer.waitFor({ state: 'detached' });
      await expect(page.getByTestId('np-birth')).toHaveValue('1990-05-06');
      await expect(page.getByTestId('np-shoot-date')).toHaveValue('2025-01-10');
      const save = page.getByTestId('save');
      await expect(save, 'Save enabled by the imported details').toBeEnabled();
      await save.click();
      await page.waitForURL((u) => u.pathname === '/list/0', { timeout: 90_000 });

      // The patient exists with the film, the AI landmarks and the DICOM calibration.
      const row = page.getByTestId('patient-row').first();
      await expect(row).toContainText(/Hong Gildong/, { useInnerText: true });
      await row.click();
      await page.waitForURL((u) => u.pathname.startsWith('/viewer/'));
      await page.getByTestId('viewer-image').waitFor();
      await expectAiLandmarks(page, 30_000, 'AI landmarks drawn on the imported film');
      await page.getByTestId('panel-tab-analysis').click();
      const status = page.getByTestId('calibration-status');
      await expect(status, 'calibrated from the DICOM Pixel Spacing').toHaveAttribute('data-source', 'dicom');
      await expect.poll(async () => Number(await status.getAttribute('data-ppm')), { message: '0.1 mm per pixel is 10 px/mm' }).toBe(10);

      // The dialog in Korean.
      await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
      await page.goto('/create');
      await page.getByTestId('pacs-open').click();
      await page.getByTestId('pacs-dialog').waitFor();
      await searchByName(page, 'hong gil');
      await page.getByTestId('pacs-series-item').locator('img').waitFor({ timeout: 30_000 });
      await expect(page.getByTestId('pacs-dialog')).toContainText(/PACS 검색/, { useInnerText: true });
      await t.screenshot(page, 'pacs-dialog-ko');
      await page.getByTestId('pacs-close').click();
      await page.getByTestId('pacs-dialog').waitFor({ state: 'detached' });

      // The patient modal's change-image form has the same button and takes the file the same way.
      await page.goto('/list/0');
      await page.getByTestId('patient-row').filter({ hasText: 'Hong Gildong' }).getByTestId('row-edit').click();
      await page.getByTestId('edit-modal').waitFor();
      await page.getByTestId('edit-modal').getByTestId('tile-change').first().click();
      const upload = page.getByTestId('upload-form');
      await upload.waitFor();
      await upload.getByTestId('pacs-open').click();
      await page.getByTestId('pacs-patient-id').fill('E2E-001');
      await page.getByTestId('pacs-search').click();
      await page.getByTestId('pacs-series-item').getByTestId('pacs-import').click({ timeout: 30_000 });
      await page.getByTestId('pacs-dialog').waitFor({ state: 'detached', timeout: 60_000 });
      await upload.getByTestId('drop-ceph-dicom').waitFor();
      await upload.getByTestId('dicom-prefill').waitFor();
      await expect(upload.getByTestId('dicom-prefill-shootDate')).toContainText(/2025-01-10/, { useInnerText: true });
      await t.screenshot(page, 'pacs-modal-ko');
    } finally {
      setOutboxDir(sharedOutbox);
      await server.stop();
      await pacs.stop();
    }
  },
  { timeoutMs: 240_000 },
);
