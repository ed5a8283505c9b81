import { DICOM_CONTENT_TYPE, DICOM_OUT_ENDPOINTS } from '@ceppro/contract';
import { desc, eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartStudyUid, uidFromUuid } from '../../src/features/dicom-out/dicom-uids';
import { ENCAPSULATED_PDF_SOP_CLASS } from '../../src/features/dicom-out/encapsulated-pdf';
import { SECONDARY_CAPTURE_SOP_CLASS } from '../../src/features/dicom-out/secondary-capture';
import { FILM_300_SIZE } from '../fixtures/film-300';
import { makeDicom } from '../helpers/orthanc';
import { auditEvents } from '../../src/db/schema/index';
import { createImageHarness, eventually, type ImageHarness, type TestChart } from '../images/image-harness';
import { pdfText } from '../reports/poppler';
import { binary, dciodvfy, filmJpeg, personName, post, readDicom, reportableChart } from './dicom-out-harness';

/**
 * DICOM out through HTTP on a real database: the report as an Encapsulated PDF and the traced film as
 * a Secondary Capture, read back with dcmjs and checked with dicom3tools' dciodvfy; for a JPEG film a
 * study of the chart's own, for a DICOM film the film's own patient, study and instance.
 */

let t: ImageHarness;
let owner: string;
let stranger: string;
let jpegChart: TestChart;
let dicomChart: TestChart;
let outDir: string;

const SOURCE = {
  patientName: 'Hong^Gildong',
  patientId: 'PACS-0042',
  studyDate: '20250314',
  modality: 'DX',
  patientBirthDate: '20100402',
  patientSex: 'M' as const,
  studyInstanceUid: '1.2.826.0.1.3680043.8.498.1234567890',
};

beforeAll(async () => {
  t = await createImageHarness();
  owner = await t.signIn('dicomout');
  stranger = await t.signIn('dicomoutb');
  const jpeg = await filmJpeg();
  jpegChart = await reportableChart(t, owner, 'Kim Dicom', jpeg);
  dicomChart = await reportableChart(t, owner, 'Hong Gildong', await makeDicom(jpeg, SOURCE), DICOM_CONTENT_TYPE);
  outDir = await mkdtemp(path.join(tmpdir(), 'ceppro-dicom-out-'));
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('UIDs', () => {
  it('turns a UUID into its 2.25 UID (ITU-T X.667) and a chart into a stable study', () => {
    expect(uidFromUuid('00000000-0000-0000-0000-000000000001')).toBe('2.25.1');
    expect(uidFromUuid('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe('2.25.340282366920938463463374607431768211455');
    expect(chartStudyUid('f81d4fae-7dec-11d0-a765-00a0c91e6bf6')).toBe('2.25.329800735698586629295641978511506172918');
    expect(() => uidFromUuid('not-a-uuid')).toThrow();
  });
});

describe('POST /api/report/dicom/report and /tracing for a JPEG film', () => {
  it('answers the report as an Encapsulated PDF in a study of the chart, with the patient record and a valid IOD', async () => {
    const r = await post(t, owner, DICOM_OUT_ENDPOINTS.report.path, { chart_id: jpegChart.chartId, lang: 'en' });
    expect(r.status, r.bytes.toString('latin1').slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe(DICOM_CONTENT_TYPE);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="ceppro-report-${jpegChart.chartId}.dcm"`);
    const d = readDicom(r.bytes);
    expect(d['SOPClassUID']).toBe(ENCAPSULATED_PDF_SOP_CLASS);
    expect(d.meta['MediaStorageSOPInstanceUID']).toBe(d['SOPInstanceUID']);
    expect(d.meta['TransferSyntaxUID']).toBe('1.2.840.10008.1.2.1');
    expect(d['StudyInstanceUID']).toBe(chartStudyUid(jpegChart.chartId));
    expect(String(d['SOPInstanceUID'])).toMatch(/^2\.25\.\d+$/);
    expect(String(d['SeriesInstanceUID'])).toMatch(/^2\.25\.\d+$/);
    expect(personName(d['PatientName'])).toBe('Kim Dicom');
    expect(d).toMatchObject({ Modality: 'DOC', Manufacturer: 'Ceppro', ConversionType: 'WSD', BurnedInAnnotation: 'YES' });
    expect(d).toMatchObject({ MIMETypeOfEncapsulatedDocument: 'application/pdf', DocumentTitle: 'Cephalometric report' });
    expect(d['ConceptNameCodeSequence']).toMatchObject([{ CodeValue: '18748-4', CodingSchemeDesignator: 'LN' }]);
    expect(d['SourceInstanceSequence']).toBeUndefined();
    const length = Number(d['EncapsulatedDocumentLength']);
    const pdf = binary(d['EncapsulatedDocument']).subarray(0, length);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(await pdfText(pdf, outDir)).toContain('Kim Dicom');
    const check = await dciodvfy(r.bytes);
    expect(check.errors, check.output).toEqual([]);
    expect(check.output).toContain('EncapsulatedPDF');
  }, 180_000);

  it('answers the traced film as an RGB Secondary Capture: the film with the tracing drawn over it', async () => {
    const r = await post(t, owner, DICOM_OUT_ENDPOINTS.tracing.path, { chart_id: jpegChart.chartId });
    expect(r.status, r.bytes.toString('latin1').slice(0, 300)).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="ceppro-tracing-${jpegChart.chartId}.dcm"`);
    const d = readDicom(r.bytes);
    expect(d).toMatchObject({
      SOPClassUID: SECONDARY_CAPTURE_SOP_CLASS,
      StudyInstanceUID: chartStudyUid(jpegChart.chartId),
      Modality: 'OT',
      ConversionType: 'WSD',
      SamplesPerPixel: 3,
      PhotometricInterpretation: 'RGB',
      BitsAllocated: 8,
      Rows: FILM_300_SIZE.height,
      Columns: FILM_300_SIZE.width,
      LossyImageCompression: '01',
    });
    expect(d['ImageType']).toEqual(['DERIVED', 'SECONDARY']);
    expect(d['SourceImageSequence']).toBeUndefined();
    const pixels = binary(d['PixelData']);
    expect(pixels.length).toBe(FILM_300_SIZE.width * FILM_300_SIZE.height * 3);
    // The film is grey: a pixel far from every landmark stays grey, and the tracing (yellow) and the
    // model's landmarks (red) add colour the film never had.
    const at = (x: number, y: number) => [...pixels.subarray((y * FILM_300_SIZE.width + x) * 3, (y * FILM_300_SIZE.width + x) * 3 + 3)];
    const [r0, g0, b0] = at(20, 20);
    expect(Math.max(Math.abs(r0! - g0!), Math.abs(g0! - b0!))).toBeLessThan(12);
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 3) if (pixels[i]! - pixels[i + 2]! > 80) coloured += 1;
    expect(coloured).toBeGreaterThan(200);
    // The landmark S (391, 514) is drawn as a red marker.
    const [rs, gs, bs] = at(391, 514);
    expect(rs!).toBeGreaterThan(200);
    expect(gs!).toBeLessThan(120);
    expect(bs!).toBeLessThan(120);
    const check = await dciodvfy(r.bytes);
    expect(check.errors, check.output).toEqual([]);
    expect(check.output).toContain('SCImage');
  }, 180_000);

  it('puts every download of a chart in the same study, each object in a new series and instance', async () => {
    const a = readDicom((await post(t, owner, DICOM_OUT_ENDPOINTS.report.path, { chart_id: jpegChart.chartId })).bytes);
    const b = readDicom((await post(t, owner, DICOM_OUT_ENDPOINTS.report.path, { chart_id: jpegChart.chartId })).bytes);
    expect(a['StudyInstanceUID']).toBe(b['StudyInstanceUID']);
    expect(a['SeriesInstanceUID']).not.toBe(b['SeriesInstanceUID']);
    expect(a['SOPInstanceUID']).not.toBe(b['SOPInstanceUID']);
  }, 180_000);
});

describe('a DICOM film', () => {
  it("carries the film's patient and study identifiers, and the tracing refers to the film's instance", async () => {
    const report = readDicom((await post(t, owner, DICOM_OUT_ENDPOINTS.report.path, { chart_id: dicomChart.chartId })).bytes);
    const tracingAnswer = await post(t, owner, DICOM_OUT_ENDPOINTS.tracing.path, { chart_id: dicomChart.chartId });
    expect(tracingAnswer.status).toBe(200);
    const tracing = readDicom(tracingAnswer.bytes);
    for (const d of [report, tracing]) {
      expect(personName(d['PatientName'])).toBe(SOURCE.patientName);
      expect(d).toMatchObject({
        PatientID: SOURCE.patientId,
        PatientBirthDate: SOURCE.patientBirthDate,
        PatientSex: SOURCE.patientSex,
        StudyInstanceUID: SOURCE.studyInstanceUid,
        StudyDate: SOURCE.studyDate,
      });
    }
    // img2dcm makes a Secondary Capture of the JPEG with its own SOP Instance UID: the film's instance.
    const sourceUid = String(
      report['SourceInstanceSequence'] &&
        (report['SourceInstanceSequence'] as Array<Record<string, unknown>>)[0]?.['ReferencedSOPInstanceUID'],
    );
    expect(sourceUid).toMatch(/^[0-9.]+$/);
    expect(tracing['SourceImageSequence']).toMatchObject([{ ReferencedSOPInstanceUID: sourceUid }]);
    expect(tracing['ReferencedImageSequence']).toMatchObject([{ ReferencedSOPInstanceUID: sourceUid }]);
    expect((await dciodvfy(tracingAnswer.bytes)).errors).toEqual([]);
  }, 180_000);
});

describe('refusals, as for the report PDF', () => {
  it("answers NOT_FOUND for another account's chart and the PDF's codes for a chart with nothing to report", async () => {
    for (const url of [DICOM_OUT_ENDPOINTS.report.path, DICOM_OUT_ENDPOINTS.tracing.path]) {
      const r = await post(t, stranger, url, { chart_id: jpegChart.chartId });
      expect(r.status).toBe(404);
      expect(r.json?.code).toBe('NOT_FOUND');
    }
    const empty = await t.chart(owner, { name: 'No Film' });
    const r = await post(t, owner, DICOM_OUT_ENDPOINTS.tracing.path, { chart_id: empty.chartId });
    expect(r.json?.code).toBe('REPORT_NO_IMAGE');
    const bad = await post(t, owner, DICOM_OUT_ENDPOINTS.report.path, { chart_id: 'nope' });
    expect(bad.json?.code).toBe('VALIDATION_FAILED');
  }, 180_000);

  it('records each download in the audit trail as report.dicom', async () => {
    await post(t, owner, DICOM_OUT_ENDPOINTS.tracing.path, { chart_id: jpegChart.chartId });
    const row = await eventually(async () => {
      const rows = await t.h.services.database.db
        .select({ detail: auditEvents.detail, outcome: auditEvents.outcome })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'report.dicom'))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      return rows[0];
    });
    expect(row).toMatchObject({ outcome: 'success', detail: { object: 'tracing' } });
  }, 180_000);
});
