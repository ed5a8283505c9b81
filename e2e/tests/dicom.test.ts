import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildDicom, encodeJpegLossless, SYNTAX, uint16Samples } from '../../apps/server/test/images/dicom-builder.ts';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { skip, test } from '../src/harness.ts';
import { serverDataDir } from '../src/outbox.ts';
import { PatientsApi, cephalogramPath, datasetDir, storedObjects } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';
import { expect, type Locator } from '@playwright/test';

/**
 * DICOM in (Step 10 item 6): a dataset film written as a DICOM file (no extension, Pixel Spacing
 * 0.1 mm, UTF-8 patient name) goes through the new-patient form: the form offers the file's
 * details and keeps what the user typed, the film uploads, and the viewer measures in mm with the
 * DICOM calibration badge.
 */

/** The dataset film as 8-bit MONOCHROME2 explicit VR little endian, identity window. */
function writeTemp(name: string, bytes: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ceppro-dicom-')), name);
  writeFileSync(file, bytes);
  return file;
}

async function dicomFromDatasetFilm(): Promise<string> {
  const { data, info } = await sharp(cephalogramPath(0)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const bytes = buildDicom({
    rows: info.height,
    columns: info.width,
    pixelData: data,
    pixelSpacing: [0.1, 0.1],
    window: { center: 128, width: 256 },
    charset: 'ISO_IR 192',
    patient: { name: '홍^길동', birthDate: '19900506', sex: 'F' },
    studyDate: '20250110',
  });
  return writeTemp('IM000001', bytes);
}

test(
  'dicom: a DICOM film (Pixel Spacing 0.1 mm) prefills the new-patient form on confirm, uploads, ' +
    'and the viewer measures in mm with the DICOM badge',
  async (t) => {
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const file = await dicomFromDatasetFilm();
    const user = newUser('dicom');
    await createActivatedUser(t.baseUrl, user);
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughUi(page, user);
    await page.goto('/create');

    // The user has typed a name before choosing the file: the offer must not replace it.
    await page.getByTestId('np-name').fill('Hong Typed');
    await page.getByTestId('drop-ceph-input').setInputFiles(file);
    const offer = page.getByTestId('dicom-prefill');
    await offer.waitFor();
    await page.getByTestId('drop-ceph-dicom').waitFor();
    await expect(page.getByTestId('dicom-prefill-name')).toContainText(/홍길동/, { useInnerText: true });
    await expect(page.getByTestId('dicom-prefill-name'), 'the typed name is listed as kept').toContainText(/Hong Typed/, {
      useInnerText: true,
    });
    await expect(page.getByTestId('dicom-prefill-birth')).toContainText(/1990-05-06/, { useInnerText: true });
    await expect(page.getByTestId('dicom-prefill-shootDate')).toContainText(/2025-01-10/, { useInnerText: true });
    // Nothing is filled before the user confirms.
    await expect(page.getByTestId('np-birth')).toHaveValue('');
    await t.screenshot(page, 'dicom-prefill-offer');
    await page.getByTestId('dicom-prefill-use').click();
    await offer.waitFor({ state: 'detached' });
    await expect(page.getByTestId('np-name'), 'what the user typed is kept').toHaveValue('Hong Typed');
    await expect(page.getByTestId('np-birth')).toHaveValue('1990-05-06');
    await expect(page.getByTestId('np-shoot-date')).toHaveValue('2025-01-10');
    await expect(page.getByTestId('np-gender-female')).toBeChecked();
    const save = page.getByTestId('save');
    await expect(save, 'Save enabled by the confirmed details').toBeEnabled();
    await t.screenshot(page, 'dicom-prefilled');
    await save.click();
    await page.waitForURL((u) => u.pathname === '/list/0', { timeout: 60_000 });

    await page.getByTestId('patient-row').first().click();
    await page.waitForURL((u) => u.pathname.startsWith('/viewer/'));
    await page.getByTestId('viewer-image').waitFor();
    await expectAiLandmarks(page, 30_000, 'AI landmarks drawn on the DICOM film');
    await page.getByTestId('panel-tab-analysis').click();
    const status = page.getByTestId('calibration-status');
    await expect(status, 'calibrated from the DICOM Pixel Spacing').toHaveAttribute('data-source', 'dicom');
    await expect.poll(async () => Number(await status.getAttribute('data-ppm')), { message: '0.1 mm per pixel is 10 px/mm' }).toBe(10);
    await expect(status).toContainText(/DICOM · 10\.00 px\/mm/, { useInnerText: true });
    await expect(status).toHaveAttribute('title', /Pixel Spacing 0\.1 × 0\.1 mm/);
    const table = page.getByTestId('analysis-table');
    await expect(table, 'lengths in mm').toContainText(/\d mm/, { useInnerText: true });
    await expect(table, 'no length in px').not.toContainText(/\d px/, { useInnerText: true });
    await t.screenshot(page, 'dicom-viewer-en');
    // The report states the calibration and where it came from.
    await page.getByTestId('panel-tab-report').click();
    await expect(page.locator('body'), 'the report names the DICOM calibration').toContainText('DICOM pixel spacing, 10.00 px/mm', {
      useInnerText: true,
    });
    await t.screenshot(page, 'dicom-report-en');

    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.reload();
    await page.getByTestId('panel-tab-analysis').click();
    await expect(page.getByTestId('calibration-status'), 'DICOM badge after reload').toHaveAttribute('data-source', 'dicom');
    await expect(page.getByTestId('analysis-table'), 'lengths in mm (ko)').toContainText(/\d mm/, { useInnerText: true });
    await t.screenshot(page, 'dicom-viewer-ko');
  },
  { timeoutMs: 180_000 },
);

test(
  'dicom: change image takes a JPEG Baseline DICOM calibrated by Imager Pixel Spacing / ' +
    'magnification, offers its study date, and refuses a multi-frame file in the drop zone',
  async (t) => {
    const { user, api } = await datasetUser(t, 'dicom-change');
    const created = await api.createPatient(
      { first_name: 'Change Dicom', birth_info: '2001-02-03', gender: false },
      { ceph: cephalogramPath(1) },
    );
    const { data, info } = await sharp(cephalogramPath(2)).greyscale().raw().toBuffer({ resolveWithObject: true });
    const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const baseline = writeTemp(
      'film.dcm',
      buildDicom({
        transferSyntax: SYNTAX.jpegBaseline,
        rows: info.height,
        columns: info.width,
        pixelData: { encapsulated: [jpeg] },
        imagerPixelSpacing: [0.11, 0.11],
        magnification: 1.1,
        studyDate: '20250203',
      }),
    );
    const multiFrame = writeTemp(
      'cine.dcm',
      buildDicom({ rows: 700, columns: 700, frames: 2, pixelData: Buffer.alloc(700 * 700 * 2, 60) }),
    );

    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughUi(page, user);
    await page.getByTestId('patient-row').filter({ hasText: 'Change Dicom' }).getByTestId('row-edit').click();
    const modal = page.getByTestId('edit-modal');
    await modal.waitFor();
    await modal.getByTestId('tile-change').first().click();
    const upload = page.getByTestId('upload-form');
    await upload.waitFor();

    await upload.getByTestId('drop-ceph-input').setInputFiles(multiFrame);
    await expect(upload.getByTestId('drop-ceph-error'), 'multi-frame refused with its message').toContainText(/several frames/, {
      useInnerText: true,
    });
    await expect(upload.getByTestId('save'), 'nothing to save').toBeDisabled();
    await t.screenshot(page, 'dicom-multiframe-refused');

    await upload.getByTestId('drop-ceph-input').setInputFiles(baseline);
    await upload.getByTestId('drop-ceph-dicom').waitFor();
    await expect(upload.getByTestId('drop-ceph-error'), 'the refusal is gone').toHaveCount(0);
    await upload.getByTestId('dicom-prefill').waitFor();
    await expect(upload.getByTestId('dicom-prefill-shootDate')).toContainText(/2025-02-03/, { useInnerText: true });
    await upload.getByTestId('dicom-prefill-use').click();
    await expect(upload.getByTestId('upload-shoot-date')).toHaveValue('2025-02-03');
    await upload.getByTestId('save').click();
    await page.getByText('The image was changed.').waitFor({ timeout: 60_000 });

    await page.goto(`/viewer/${created.chartUuid}`);
    await page.getByTestId('viewer-image').waitFor();
    await page.getByTestId('panel-tab-analysis').click();
    const status = page.getByTestId('calibration-status');
    await expect(status, 'calibrated from Imager Pixel Spacing').toHaveAttribute('data-source', 'dicom');
    // 0.11 mm at the detector / magnification 1.1 = 0.1 mm at the patient: 10 px/mm.
    await expect
      .poll(async () => Math.abs(Number(await status.getAttribute('data-ppm')) - 10), { message: 'px/mm within 1e-9 of 10' })
      .toBeLessThan(1e-9);
    await expect(status).toHaveAttribute('title', /Imager Pixel Spacing 0\.11 × 0\.11 mm.*magnification 1\.1/);
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'vi'));
    await page.reload();
    await page.getByTestId('panel-tab-analysis').click();
    await expect(page.getByTestId('calibration-status'), 'DICOM badge (vi)').toHaveAttribute('data-source', 'dicom');
    await t.screenshot(page, 'dicom-change-viewer-vi');
  },
  { timeoutMs: 180_000 },
);

test(
  'dicom: a DICOM film the server cannot decode (truncated pixel data) gets its own message and leaves no patient, chart or object behind',
  async (t) => {
    // The header is sound (the browser takes it); the pixel data is cut short, which only a decode finds.
    const truncated = writeTemp(
      'cut.dcm',
      buildDicom({ rows: 700, columns: 800, pixelData: Buffer.alloc(1000, 90), patient: { name: 'Cut^Film' } }),
    );
    const user = newUser('dicom-bad');
    await createActivatedUser(t.baseUrl, user);
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughUi(page, user);
    const before = storedObjects(serverDataDir());
    await page.goto('/create');
    await page.getByTestId('drop-ceph-input').setInputFiles(truncated);
    await page.getByTestId('dicom-prefill-use').click();
    await expect(page.getByTestId('np-name')).toHaveValue('Cut Film');
    await page.getByTestId('np-birth').fill('2010-10-10');
    await page.getByTestId('np-gender-male').check();
    const check = page.waitForResponse((r) => r.url().endsWith('/minio/chart_data_request'));
    await page.getByTestId('save').click();
    const refused = await check;
    expect(refused.status()).toBe(415);
    expect(((await refused.json()) as { code?: string }).code).toBe('DICOM_UNREADABLE');
    const popup = page.getByTestId('confirm-popup');
    await popup.getByText('This DICOM file could not be read.', { exact: false }).waitFor({ timeout: 20_000 });
    await expect(popup).toContainText(/DICOM file not accepted/, { useInnerText: true });
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await t.screenshot(page, 'dicom-server-refusal');
    await popup.getByRole('button', { name: 'Confirm' }).click();

    // The server's object store (files, not DOM): polled until the refused upload's objects are gone.
    await expect
      .poll(() => storedObjects(serverDataDir()).filter((f) => !before.includes(f)), { message: 'no new stored objects', timeout: 10_000 })
      .toEqual([]);
    const api = new PatientsApi(t.baseUrl, user);
    await api.login();
    const data = await api.graphql<{ patients: { pagination: { total: number } }; charts: unknown[] }>(
      '{ patients(filter: { image_type_cd: [] }) { pagination { total } } charts { id } }',
    );
    expect(data.patients.pagination.total, 'no patient').toBe(0);
    expect(data.charts.length, 'no chart').toBe(0);
  },
  { timeoutMs: 120_000 },
);

test('dicom: the prefill offer and a drop-zone refusal in Korean', async (t) => {
  const film = writeTemp(
    'kor.dcm',
    buildDicom({
      rows: 700,
      columns: 800,
      pixelData: Buffer.alloc(800 * 700, 90),
      charset: 'ISO_IR 192',
      patient: { name: '김^민준', birthDate: '20080915', sex: 'M' },
      studyDate: '20250301',
    }),
  );
  const report = writeTemp('sr.dcm', buildDicom({ sopClass: '1.2.840.10008.5.1.4.1.1.88.11', rows: 700, columns: 800 }));
  const user = newUser('dicom-ko');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
  await signInThroughUi(page, user);
  await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
  await page.goto('/create');
  await page.getByTestId('drop-face-input').setInputFiles(report);
  await expect(page.getByTestId('drop-face-error'), 'a report is refused in Korean').toContainText(/방사선 영상이 아닙니다/, {
    useInnerText: true,
  });
  await page.getByTestId('drop-ceph-input').setInputFiles(film);
  await page.getByTestId('dicom-prefill').waitFor();
  await expect(page.getByTestId('dicom-prefill')).toHaveText(
    /DICOM 파일에서 찾은 정보[\s\S]*김민준[\s\S]*2008-09-15[\s\S]*남[\s\S]*2025-03-01/,
    { useInnerText: true },
  );
  await t.screenshot(page, 'dicom-prefill-ko');
  await page.getByTestId('dicom-prefill-use').click();
  await expect(page.getByTestId('np-name')).toHaveValue('김민준');
  await expect(page.getByTestId('np-gender-male')).toBeChecked();
});

/** Grey levels (0..255) of a preview image at fractions of its width, halfway down. */
async function previewGreys(preview: Locator, xs: number[]): Promise<number[]> {
  return preview.evaluate((el, xs) => {
    const img = el as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx || canvas.width === 0) return [];
    ctx.drawImage(img, 0, 0);
    const y = Math.floor(canvas.height / 2);
    return xs.map((f) => ctx.getImageData(Math.min(canvas.width - 1, Math.floor(canvas.width * f)), y, 1, 1).data[0] ?? -1);
  }, xs);
}

test('dicom: the drop zone previews an uncompressed 8/16-bit DICOM film, and shows its size and spacing on a card otherwise', async (t) => {
  const columns = 800;
  const rows = 600;
  // A left-to-right ramp: dark at the left, bright at the right.
  const ramp8 = Buffer.alloc(columns * rows);
  const ramp12 = new Uint16Array(columns * rows);
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      ramp8[y * columns + x] = Math.round((x / (columns - 1)) * 255);
      ramp12[y * columns + x] = Math.round((x / (columns - 1)) * 4095);
    }
  const eightBit = writeTemp('ramp8', buildDicom({ rows, columns, pixelData: ramp8, pixelSpacing: [0.1, 0.1] }));
  // 12 bits stored in 16, MONOCHROME1 (low values white), a window over the whole range.
  const sixteenBit = writeTemp(
    'ramp16.dcm',
    buildDicom({
      transferSyntax: SYNTAX.implicitLE,
      rows,
      columns,
      bitsAllocated: 16,
      bitsStored: 12,
      photometric: 'MONOCHROME1',
      window: { center: 2048, width: 4096 },
      pixelData: uint16Samples(ramp12),
      imagerPixelSpacing: [0.14, 0.14],
    }),
  );
  const lossless = writeTemp(
    'lossless.dcm',
    buildDicom({
      transferSyntax: SYNTAX.jpegLossless70,
      rows,
      columns,
      bitsAllocated: 16,
      bitsStored: 12,
      pixelData: { encapsulated: [encodeJpegLossless(ramp12, columns, rows, 12)] },
      pixelSpacing: [0.125, 0.125],
    }),
  );
  const user = newUser('dicom-preview');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
  await signInThroughUi(page, user);
  await page.goto('/create');
  const preview = page.getByTestId('drop-ceph-preview');

  await page.getByTestId('drop-ceph-input').setInputFiles(eightBit);
  await preview.waitFor();
  await expect(preview).toHaveAttribute('data-kind', 'dicom');
  // Canvas pixels are not in the DOM: polled.
  await expect.poll(async () => (await previewGreys(preview, [0.05, 0.5, 0.95])).length, { message: 'the 8-bit preview drawn' }).toBe(3);
  const greys8 = await previewGreys(preview, [0.05, 0.5, 0.95]);
  expectTruthy(greys8[0]! < 40 && greys8[1]! > 100 && greys8[1]! < 160 && greys8[2]! > 215, `8-bit ramp: ${greys8.join(', ')}`);
  await expect(page.getByTestId('drop-ceph-dicom-info')).toContainText(/800 × 600 px[\s\S]*0\.1 × 0\.1 mm/, { useInnerText: true });
  await t.screenshot(page, 'dicom-preview-8bit-en');

  await page.getByTestId('drop-ceph-input').setInputFiles(sixteenBit);
  await expect
    .poll(
      async () => {
        const g = await previewGreys(preview, [0.05, 0.5, 0.95]);
        return g.length === 3 && g[0]! > 215;
      },
      { message: 'the 16-bit MONOCHROME1 preview drawn (inverted: white at the left)' },
    )
    .toBe(true);
  const greys16 = await previewGreys(preview, [0.05, 0.5, 0.95]);
  expectTruthy(greys16[1]! > 100 && greys16[1]! < 160 && greys16[2]! < 40, `16-bit MONOCHROME1 ramp: ${greys16.join(', ')}`);
  await expect(page.getByTestId('drop-ceph-dicom-info')).toContainText(/0\.14 × 0\.14 mm/, { useInnerText: true });

  // JPEG Lossless: a browser cannot draw it; the card names the file, its size and spacing.
  await page.getByTestId('drop-ceph-input').setInputFiles(lossless);
  const info = page.getByTestId('drop-ceph-dicom-info');
  for (const part of [/lossless\.dcm/, /800 × 600 px/, /0\.125 × 0\.125 mm/]) {
    await expect(info, 'the DICOM card with name, size and spacing').toContainText(part, { useInnerText: true });
  }
  await expect(preview, 'no broken preview for a film the browser cannot draw').toHaveCount(0);
  await t.screenshot(page, 'dicom-preview-card-en');

  await page.evaluate(() => localStorage.setItem('ceppro.language', 'zh'));
  await page.reload();
  await page.getByTestId('drop-ceph-input').setInputFiles(lossless);
  await page.getByTestId('drop-ceph-dicom-info').waitFor();
  await page.getByTestId('drop-face-input').setInputFiles(eightBit);
  await page.getByTestId('drop-face-preview').waitFor();
  await t.screenshot(page, 'dicom-preview-zh');
});
