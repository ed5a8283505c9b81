import dcmjs from 'dcmjs';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Download, type Page } from '@playwright/test';
import { startOrthanc } from '../../apps/server/test/helpers/orthanc.ts';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expectAiLandmarks } from '../src/expect.ts';
import { skip, test } from '../src/harness.ts';
import { serverDataDir, setOutboxDir } from '../src/outbox.ts';
import { PatientsApi, cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { startServer } from '../src/server.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';

/**
 * DICOM out from the viewer's Report tab (docs/dicom-out.md): "Download report (DICOM)" and "Download
 * tracing (DICOM)" give .dcm files that read back (dcmjs) as an Encapsulated PDF holding the report PDF
 * and an RGB Secondary Capture of the traced film; "Send to PACS", shown because PACS_SERVERS names a
 * real Orthanc (DICOMweb) started here, stores both into the chart's study, which Orthanc then lists.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

function readDicom(file: string): Record<string, unknown> {
  const bytes = readFileSync(file);
  const own = new Uint8Array(bytes.byteLength);
  own.set(bytes);
  return dcmjs.data.DicomMetaDictionary.naturalizeDataset(dcmjs.data.DicomMessage.readFile(own.buffer).dict);
}

async function download(page: Page, testId: string, file: string): Promise<Download> {
  const [done] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId(testId).click()]);
  await done.saveAs(file);
  return done;
}

test(
  'dicom out: the report panel downloads the report and the tracing as DICOM and sends both to the PACS (en, ko)',
  async (t) => {
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const pacs = await startOrthanc();
    const servers = [{ id: 'clinic', name: 'Clinic PACS', url: pacs.dicomWebUrl, auth: null, timeoutMs: 60_000 }];
    const server = await startServer(root, { env: { PACS_SERVERS: JSON.stringify(servers) } });
    const sharedOutbox = serverDataDir();
    setOutboxDir(server.dataDir);
    try {
      const user = newUser('dicom-out');
      await createActivatedUser(server.baseUrl, user);
      const api = new PatientsApi(server.baseUrl, user);
      await api.login();
      const patient = { first_name: 'Dicom Kim', birth_info: '2011-06-02', gender: false };
      const { chartId, chartUuid } = await api.createPatient(patient, { ceph: cephalogramPath(1), shootDate: '2025-10-07' });
      const { page } = await t.newPage({ baseURL: server.baseUrl, ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
      await signInThroughApi(server.baseUrl, page.context(), user);
      await page.goto(`/viewer/${chartUuid}`);
      await expectAiLandmarks(page, 30_000);
      await page.getByTestId('panel-tab-report').click();
      const panel = page.getByTestId('report-dicom');
      await panel.getByRole('button', { name: 'Download report (DICOM)' }).waitFor();
      await panel.getByRole('button', { name: 'Send to PACS (Clinic PACS)' }).waitFor();

      // The report: an Encapsulated PDF holding the report PDF, for this patient.
      const reportFile = join(server.dataDir, 'report.dcm');
      const report = await download(page, 'download-report-dicom', reportFile);
      expect(report.suggestedFilename()).toBe(`ceppro-report-${chartId}.dcm`);
      const pdfObject = readDicom(reportFile);
      expect(pdfObject['SOPClassUID']).toBe('1.2.840.10008.5.1.4.1.1.104.1');
      expect(pdfObject['MIMETypeOfEncapsulatedDocument']).toBe('application/pdf');
      expect(JSON.stringify(pdfObject['PatientName'])).toMatch(/Dicom Kim/);
      const document = Buffer.from((pdfObject['EncapsulatedDocument'] as ArrayBuffer[])[0]!);
      expect(document.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The tracing: an RGB Secondary Capture in the same study.
      const tracingFile = join(server.dataDir, 'tracing.dcm');
      const tracing = await download(page, 'download-tracing-dicom', tracingFile);
      expect(tracing.suggestedFilename()).toBe(`ceppro-tracing-${chartId}.dcm`);
      const scObject = readDicom(tracingFile);
      expect(scObject['SOPClassUID']).toBe('1.2.840.10008.5.1.4.1.1.7');
      expect(scObject['PhotometricInterpretation']).toBe('RGB');
      expect(scObject['StudyInstanceUID']).toBe(pdfObject['StudyInstanceUID']);
      const pixels = (scObject['PixelData'] as ArrayBuffer[])[0]!;
      expect(pixels.byteLength).toBe(Number(scObject['Rows']) * Number(scObject['Columns']) * 3);
      await t.screenshot(page, 'dicom-out-report-panel-en');

      // Send to PACS: the result names the PACS, and Orthanc lists the two new series in the chart's study.
      await page.getByTestId('send-to-pacs').click();
      await page.getByTestId('pacs-result').waitFor({ timeout: 60_000 });
      await expect(page.getByTestId('pacs-result')).toContainText(/Stored in Clinic PACS: the report and the tracing \(2 objects\)/, {
        useInnerText: true,
      });
      const study = String(pdfObject['StudyInstanceUID']);
      const listed = await fetch(`${pacs.dicomWebUrl}/studies/${study}/series`, { headers: { accept: 'application/dicom+json' } });
      expect(listed.status).toBe(200);
      const series = (await listed.json()) as Array<Record<string, { Value?: unknown[] }>>;
      expect(series.map((s) => s['00080060']?.Value?.[0]).sort()).toStrictEqual(['DOC', 'OT']);
      await t.screenshot(page, 'dicom-out-pacs-sent-en');

      // Korean: the same panel in the user's language.
      await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
      await page.reload();
      await page.getByTestId('panel-tab-report').click();
      await page.getByTestId('report-dicom').getByRole('button', { name: '리포트 다운로드 (DICOM)' }).waitFor();
      await page.getByTestId('report-dicom').getByRole('button', { name: 'PACS로 전송 (Clinic PACS)' }).waitFor();
      await t.screenshot(page, 'dicom-out-report-panel-ko');
    } finally {
      setOutboxDir(sharedOutbox);
      await server.stop();
      await pacs.stop();
    }
  },
  { timeoutMs: 240_000 },
);
