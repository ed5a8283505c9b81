import { DICOM_CONTENT_TYPE, DICOM_OUT_ENDPOINTS, REPORT_ENDPOINTS, pacsStoreBackResponseSchema } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartStudyUid } from '../../src/features/dicom-out/dicom-uids';
import { ENCAPSULATED_PDF_SOP_CLASS } from '../../src/features/dicom-out/encapsulated-pdf';
import { SECONDARY_CAPTURE_SOP_CLASS } from '../../src/features/dicom-out/secondary-capture';
import { boundaryOf, parseMultipartRelated } from '../../src/features/pacs/multipart-related';
import { StowRefusedError, stowRs } from '../../src/features/pacs/stow';
import { makeDicom, startOrthanc, type RunningOrthanc } from '../helpers/orthanc';
import { freePort } from '../support/free-port';
import { createImageHarness, type ImageHarness, type TestChart } from '../images/image-harness';
import { ManualClock } from '../support/manual-clock';
import { binary, dciodvfy, filmJpeg, personName, post, readDicom, reportableChart } from './dicom-out-harness';

/**
 * Store back against a real PACS: Debian's Orthanc with its DICOMweb plugin, started by the test. The
 * report and the traced film are STOW-RS'd into the film's study, then read back from Orthanc with
 * QIDO-RS and WADO-RS: the PDF's bytes, the identifiers and the references; and the PACS's failures
 * (down, refused credentials, refused instances) come back as their codes.
 */

let pacs: RunningOrthanc;
let locked: RunningOrthanc;
let t: ImageHarness;
let token: string;
let dicomChart: TestChart;
let jpegChart: TestChart;
const clock = new ManualClock(Date.parse('2026-05-04T01:02:03.000Z'));

const SOURCE = {
  patientName: 'Park^Minji',
  patientId: 'PACS-7',
  studyDate: '20250601',
  modality: 'DX',
  patientBirthDate: '20120115',
  patientSex: 'F' as const,
  studyInstanceUid: '1.2.826.0.1.3680043.8.498.777001',
};

async function pacsJson(url: string): Promise<Array<Record<string, { Value?: unknown[] }>>> {
  const answer = await fetch(url, { headers: { accept: 'application/dicom+json' } });
  expect(answer.status, url).toBe(200);
  return (await answer.json()) as Array<Record<string, { Value?: unknown[] }>>;
}

/** WADO-RS retrieve of one instance from Orthanc: its Part 10 bytes. */
async function retrieve(study: string, series: string, instance: string): Promise<Buffer> {
  const answer = await fetch(`${pacs.dicomWebUrl}/studies/${study}/series/${series}/instances/${instance}`, {
    headers: { accept: 'multipart/related; type="application/dicom"' },
  });
  expect(answer.status).toBe(200);
  const boundary = boundaryOf(answer.headers.get('content-type') ?? '');
  expect(boundary).not.toBeNull();
  const parts = parseMultipartRelated(Buffer.from(await answer.arrayBuffer()), boundary!);
  expect(parts).toHaveLength(1);
  return parts[0]!.body;
}

const value = (object: Record<string, { Value?: unknown[] }>, tag: string) => object[tag]?.Value?.[0];

beforeAll(async () => {
  [pacs, locked] = await Promise.all([startOrthanc(), startOrthanc({ auth: { username: 'ceppro', password: 'right' } })]);
  const servers = [
    { id: 'main', name: 'Main PACS', url: pacs.dicomWebUrl, auth: null, timeoutMs: 30_000 },
    { id: 'locked', name: 'Locked PACS', url: locked.dicomWebUrl, auth: { type: 'basic', username: 'ceppro', password: 'wrong' } },
    { id: 'down', name: 'Down PACS', url: `http://127.0.0.1:${await freePort()}/dicom-web`, timeoutMs: 5_000 },
  ];
  t = await createImageHarness({ PACS_SERVERS: JSON.stringify(servers) }, { clock });
  token = await t.signIn('storeback');
  const jpeg = await filmJpeg();
  const film = await makeDicom(jpeg, SOURCE);
  // The film is in the PACS (as a clinic's would be) and in Ceppro.
  await pacs.upload(film);
  dicomChart = await reportableChart(t, token, 'Park Minji', film, DICOM_CONTENT_TYPE);
  jpegChart = await reportableChart(t, token, 'Lee Jpeg', jpeg);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([pacs?.stop(), locked?.stop()]);
});

describe('POST /api/pacs/store-back to a real Orthanc', () => {
  it("stores the report and the traced film into the film's study; Orthanc gives back the PDF and the references", async () => {
    const pdf = await post(t, token, REPORT_ENDPOINTS.pdf.path, { chart_id: dicomChart.chartId, lang: 'en' });
    expect(pdf.status).toBe(200);
    const r = await post(t, token, DICOM_OUT_ENDPOINTS.storeBack.path, { chart_id: dicomChart.chartId, lang: 'en', server: 'main' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const result = pacsStoreBackResponseSchema.parse(r.json?.data);
    expect(result.study_uid).toBe(SOURCE.studyInstanceUid);
    expect(result.instances.map((i) => i.kind)).toEqual(['report', 'tracing']);

    // QIDO-RS: the study now has the film's series and the two new ones.
    const series = await pacsJson(`${pacs.dicomWebUrl}/studies/${SOURCE.studyInstanceUid}/series`);
    expect(series).toHaveLength(3);
    const filmSeries = series.find((s) => !result.instances.some((i) => i.series_uid === value(s, '0020000E')));
    const filmInstances = await pacsJson(
      `${pacs.dicomWebUrl}/studies/${SOURCE.studyInstanceUid}/series/${value(filmSeries!, '0020000E')}/instances`,
    );
    const filmUid = String(value(filmInstances[0]!, '00080018'));

    // WADO-RS: the report's PDF is byte for byte the report PDF (same clock, same record).
    const report = result.instances.find((i) => i.kind === 'report')!;
    const reportBytes = await retrieve(result.study_uid, report.series_uid, report.instance_uid);
    const d = readDicom(reportBytes);
    expect(d['SOPClassUID']).toBe(ENCAPSULATED_PDF_SOP_CLASS);
    expect(d['SOPInstanceUID']).toBe(report.instance_uid);
    const stored = binary(d['EncapsulatedDocument']).subarray(0, Number(d['EncapsulatedDocumentLength']));
    expect(stored.equals(pdf.bytes)).toBe(true);
    expect(d['SourceInstanceSequence']).toMatchObject([{ ReferencedSOPInstanceUID: filmUid }]);
    expect(personName(d['PatientName'])).toBe(SOURCE.patientName);
    expect(d).toMatchObject({ PatientID: SOURCE.patientId, PatientBirthDate: SOURCE.patientBirthDate, StudyDate: SOURCE.studyDate });
    expect((await dciodvfy(reportBytes)).errors).toEqual([]);

    const tracing = result.instances.find((i) => i.kind === 'tracing')!;
    const tracingBytes = await retrieve(result.study_uid, tracing.series_uid, tracing.instance_uid);
    const sc = readDicom(tracingBytes);
    expect(sc).toMatchObject({
      SOPClassUID: SECONDARY_CAPTURE_SOP_CLASS,
      SOPInstanceUID: tracing.instance_uid,
      PatientID: SOURCE.patientId,
    });
    expect(sc['SourceImageSequence']).toMatchObject([{ ReferencedSOPInstanceUID: filmUid }]);
    expect(sc['ReferencedImageSequence']).toMatchObject([{ ReferencedSOPInstanceUID: filmUid }]);
    expect((await dciodvfy(tracingBytes)).errors).toEqual([]);
  }, 180_000);

  it("stores a JPEG film's objects in the chart's own study with the patient record", async () => {
    const r = await post(t, token, DICOM_OUT_ENDPOINTS.storeBack.path, { chart_id: jpegChart.chartId, server: 'main' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const result = pacsStoreBackResponseSchema.parse(r.json?.data);
    expect(result.study_uid).toBe(chartStudyUid(jpegChart.chartId));
    const studies = await pacsJson(`${pacs.dicomWebUrl}/studies?StudyInstanceUID=${result.study_uid}&includefield=00100010`);
    expect(studies).toHaveLength(1);
    expect(JSON.stringify(value(studies[0]!, '00100010'))).toContain('Lee Jpeg');
  }, 180_000);

  it('answers the PACS failures with their codes: refused credentials, down, unknown server', async () => {
    const auth = await post(t, token, DICOM_OUT_ENDPOINTS.storeBack.path, { chart_id: jpegChart.chartId, server: 'locked' });
    expect([auth.status, auth.json?.code]).toEqual([502, 'PACS_AUTH']);
    const down = await post(t, token, DICOM_OUT_ENDPOINTS.storeBack.path, { chart_id: jpegChart.chartId, server: 'down' });
    expect([down.status, down.json?.code]).toEqual([503, 'PACS_UNAVAILABLE']);
    const unknown = await post(t, token, DICOM_OUT_ENDPOINTS.storeBack.path, { chart_id: jpegChart.chartId, server: 'nope' });
    expect([unknown.status, unknown.json?.code]).toEqual([404, 'PACS_NOT_FOUND']);
    // A chart that is not the caller's is refused before anything is sent.
    const other = await t.signIn('storebackb');
    const foreign = await post(t, other, DICOM_OUT_ENDPOINTS.storeBack.path, { chart_id: jpegChart.chartId, server: 'main' });
    expect(foreign.json?.code).toBe('NOT_FOUND');
  }, 180_000);

  it('names the instances a PACS refuses (STOW-RS Failed SOP Sequence) as PACS_STORE_REFUSED', async () => {
    // Orthanc refuses an instance posted to a study it does not belong to.
    const answer = await post(t, token, DICOM_OUT_ENDPOINTS.report.path, { chart_id: jpegChart.chartId });
    const object = readDicom(answer.bytes);
    const server = { id: 'main', name: 'Main PACS', url: pacs.dicomWebUrl, auth: null, timeoutMs: 30_000 };
    const sent = stowRs(server, '1.2.3.999', [{ sopInstanceUid: String(object['SOPInstanceUID']), bytes: answer.bytes }]);
    await expect(sent).rejects.toBeInstanceOf(StowRefusedError);
    const error = (await sent.catch((e: unknown) => e)) as StowRefusedError;
    expect(error.code).toBe('PACS_STORE_REFUSED');
    expect(error.refused.map((r) => r.sopInstanceUid)).toEqual([object['SOPInstanceUID']]);
  }, 180_000);
});
