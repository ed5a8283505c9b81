import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DICOM_CONTENT_TYPE, PACS_ENDPOINTS, pacsSeriesResponseSchema, pacsStudySearchResponseSchema } from '@ceppro/contract';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, chartData, patients } from '../../src/db/schema/index';
import { parseDicomInfo } from '../../src/features/images/dicom/dicom-info';
import { makeDicom, makePdfDicom, startOrthanc, type RunningOrthanc } from '../helpers/orthanc';
import { CEPH_SKIP_REASON, cephalogram, createImageHarness, hasCephDataset, plainImage, type ImageHarness } from '../images/image-harness';

/**
 * Import from a PACS against a real Orthanc with its DICOMweb plugin (docs/pacs.md): QIDO-RS search by
 * name, ID, date range and modality; series with thumbnails; WADO-RS retrieve; the retrieved file
 * through the same upload path as a dropped one (calibration from Pixel Spacing, AI, commit); and the
 * PACS's failures (wrong credentials, stopped, too slow, a PDF instead of a film) as PACS_* or DICOM_*
 * codes with no patient left behind.
 */

const AUTH = { username: 'ceppro', password: 'pacs-secret' };
/** The uids of an instance that no PACS of the tests holds. */
const NO_INSTANCE = { study_uid: '1.2.3', series_uid: '1.2.3.4', instance_uid: '1.2.3.4.5' };
let pacs: RunningOrthanc;
let stopped: RunningOrthanc;
let silent: Server;
let t: ImageHarness;
let token: string;
const db = () => t.h.services.database.db;

async function uploadTo(orthanc: RunningOrthanc, jpeg: Buffer, header: Parameters<typeof makeDicom>[1]) {
  return orthanc.upload(await makeDicom(jpeg, header));
}

async function pacsPost(path: string, body: unknown) {
  const response = await t.h.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json')
    ? (response.json() as Record<string, unknown>)
    : null;
  return { status: response.statusCode, json, raw: response.rawPayload, headers: response.headers };
}

async function search(body: Record<string, unknown>) {
  const reply = await pacsPost(PACS_ENDPOINTS.studies.path, { server: 'main', ...body });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return pacsStudySearchResponseSchema.parse(reply.json?.['data']);
}

async function seriesOf(studyUid: string) {
  const reply = await pacsPost(PACS_ENDPOINTS.series.path, { server: 'main', study_uid: studyUid });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return pacsSeriesResponseSchema.parse(reply.json?.['data']).series;
}

async function committedPatients(): Promise<number> {
  return (await db().select().from(patients).where(isNull(patients.draftExpiresAt))).length;
}

async function allPatients(): Promise<number> {
  return (await db().select().from(patients)).length;
}

beforeAll(async () => {
  [pacs, stopped] = await Promise.all([startOrthanc({ auth: AUTH }), startOrthanc()]);
  // A server that takes connections and never answers: the PACS that is too slow.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const slowUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/dicom-web`;
  const servers = [
    { id: 'main', name: 'Clinic PACS', url: pacs.dicomWebUrl, auth: { type: 'basic', ...AUTH } },
    { id: 'wrong', name: 'Wrong password', url: pacs.dicomWebUrl, auth: { type: 'basic', username: AUTH.username, password: 'nope' } },
    { id: 'down', name: 'Stopped PACS', url: stopped.dicomWebUrl, auth: null },
    { id: 'slow', name: 'Slow PACS', url: slowUrl, auth: null, timeoutMs: 1000 },
  ];
  t = await createImageHarness({ PACS_SERVERS: JSON.stringify(servers) });
  token = await t.signIn('pacs');
  const grey = await plainImage(800, 640);
  await uploadTo(pacs, grey, {
    patientName: 'Kim^Minji',
    patientId: 'PACS-002',
    studyDate: '20230115',
    modality: 'DX',
    pixelSpacingMm: 0.12,
  });
  await uploadTo(pacs, grey, { patientName: 'Kimura^Taro', patientId: 'PACS-003', studyDate: '20220610', modality: 'OT' });
  await pacs.upload(await makePdfDicom({ patientName: 'Report^Only', patientId: 'PACS-009', studyDate: '20240101' }));
  await stopped.stop();
}, 120_000);

afterAll(async () => {
  await Promise.all([pacs?.stop(), stopped?.stop(), t?.close()]);
  silent?.closeAllConnections();
  await new Promise((resolve) => silent?.close(resolve));
});

describe('the configured servers', () => {
  it('lists names and ids only, never the address or credentials', async () => {
    const response = await t.h.app.inject({
      method: 'GET',
      url: PACS_ENDPOINTS.servers.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        servers: [
          { id: 'main', name: 'Clinic PACS' },
          { id: 'wrong', name: 'Wrong password' },
          { id: 'down', name: 'Stopped PACS' },
          { id: 'slow', name: 'Slow PACS' },
        ],
      },
    });
    expect(response.body).not.toContain('pacs-secret');
    expect(response.body).not.toContain('127.0.0.1');
  });

  it('refuses a search without a session', async () => {
    const response = await t.h.app.inject({ method: 'POST', url: PACS_ENDPOINTS.studies.path, payload: { server: 'main' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('QIDO-RS study search', () => {
  it('finds by patient name as a prefix and with wildcards, case-insensitively', async () => {
    const kim = await search({ patient_name: 'Kim' });
    expect(kim.studies.map((s) => s.patient_id).sort()).toEqual(['PACS-002', 'PACS-003']);
    const exact = await search({ patient_name: 'kim^minji' });
    expect((await search({ patient_name: 'Kim Min' })).studies.map((s) => s.patient_id)).toEqual(['PACS-002']);
    expect(exact.studies.map((s) => s.patient_id)).toEqual(['PACS-002']);
    const wildcard = await search({ patient_name: '*Taro' });
    expect(wildcard.studies.map((s) => s.patient_id)).toEqual(['PACS-003']);
    expect(exact.studies[0]).toMatchObject({
      patient_name: 'Kim Minji',
      study_date: '2023-01-15',
      description: 'Lateral ceph',
      modalities: ['DX'],
      series_count: 1,
      instance_count: 1,
    });
  });

  it('finds by patient ID, date range and modality, and nothing for a name nobody has', async () => {
    expect((await search({ patient_id: 'PACS-003' })).studies.map((s) => s.patient_name)).toEqual(['Kimura Taro']);
    const in2023 = await search({ date_from: '2023-01-01', date_to: '2023-12-31' });
    expect(in2023.studies.map((s) => s.patient_id)).toEqual(['PACS-002']);
    const since2022 = await search({ date_from: '2022-06-10' });
    expect(since2022.studies.map((s) => s.patient_id).sort()).toEqual(['PACS-002', 'PACS-003', 'PACS-009']);
    expect((await search({ modality: 'DX' })).studies.map((s) => s.patient_id)).toEqual(['PACS-002']);
    expect((await search({ patient_name: 'Nobody' })).studies).toEqual([]);
  });

  it('refuses a date range that ends before it starts, unsent', async () => {
    const reply = await pacsPost(PACS_ENDPOINTS.studies.path, { server: 'main', date_from: '2024-01-02', date_to: '2024-01-01' });
    expect(reply.status).toBe(400);
  });

  it('records every search in the audit trail without the typed name', async () => {
    await search({ patient_name: 'Kim^Minji' });
    const events = await db().select().from(auditEvents).where(eq(auditEvents.action, 'pacs.search'));
    expect(events.length).toBeGreaterThan(0);
    const last = events.at(-1)!;
    expect(last.outcome).toBe('success');
    expect(last.detail).toMatchObject({ server: 'main', byName: true, studies: 1 });
    expect(JSON.stringify(last.detail)).not.toContain('Minji');
  });
});

describe('series, thumbnails and retrieve', () => {
  it('lists a study series with its instance and a JPEG thumbnail rendered by the PACS', async () => {
    const [study] = (await search({ patient_id: 'PACS-002' })).studies;
    const series = await seriesOf(study!.study_uid);
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({ modality: 'DX', description: 'LAT', instance_count: 1 });
    expect(series[0]!.instances).toEqual([expect.objectContaining({ rows: 640, columns: 800, is_image: true })]);
    const thumbnail = series[0]!.thumbnail ?? '';
    expect(thumbnail.startsWith('data:image/jpeg;base64,')).toBe(true);
    const meta = await sharp(Buffer.from(thumbnail.split(',')[1]!, 'base64')).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(160);
  });

  it('retrieves the instance as the DICOM file Orthanc stored (WADO-RS, multipart)', async () => {
    const [study] = (await search({ patient_id: 'PACS-002' })).studies;
    const [series] = await seriesOf(study!.study_uid);
    const instance = series!.instances[0]!;
    const reply = await pacsPost(PACS_ENDPOINTS.retrieve.path, {
      server: 'main',
      study_uid: study!.study_uid,
      series_uid: series!.series_uid,
      instance_uid: instance.instance_uid,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(DICOM_CONTENT_TYPE);
    const stored = await fetch(`${pacs.restUrl}/instances/${await orthancIdOf(instance.instance_uid)}/file`, {
      headers: { authorization: `Basic ${Buffer.from(`${AUTH.username}:${AUTH.password}`).toString('base64')}` },
    });
    expect(Buffer.compare(reply.raw, Buffer.from(await stored.arrayBuffer()))).toBe(0);
    const retrieves = await db().select().from(auditEvents).where(eq(auditEvents.action, 'pacs.retrieve'));
    expect(retrieves.at(-1)).toMatchObject({ outcome: 'success', detail: expect.objectContaining({ instanceUid: instance.instance_uid }) });
  });

  it('refuses a DICOM PDF as not an image, with no thumbnail for it', async () => {
    const [study] = (await search({ patient_id: 'PACS-009' })).studies;
    const [series] = await seriesOf(study!.study_uid);
    expect(series!.instances[0]?.is_image).toBe(false);
    expect(series!.thumbnail).toBeNull();
    const reply = await pacsPost(PACS_ENDPOINTS.retrieve.path, {
      server: 'main',
      study_uid: study!.study_uid,
      series_uid: series!.series_uid,
      instance_uid: series!.instances[0]!.instance_uid,
    });
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({ success: false, code: 'DICOM_NOT_IMAGE' });
  });
});

async function orthancIdOf(sopInstanceUid: string): Promise<string> {
  const answer = await fetch(`${pacs.restUrl}/tools/lookup`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${AUTH.username}:${AUTH.password}`).toString('base64')}` },
    body: sopInstanceUid,
  });
  const [found] = (await answer.json()) as Array<{ ID: string }>;
  return found!.ID;
}

describe('PACS failures give a clear code and leave no patient', () => {
  it('maps wrong credentials to PACS_AUTH', async () => {
    const reply = await pacsPost(PACS_ENDPOINTS.studies.path, { server: 'wrong', patient_name: 'Kim' });
    expect(reply.status).toBe(502);
    expect(reply.json).toMatchObject({ success: false, code: 'PACS_AUTH' });
    expect(JSON.stringify(reply.json)).not.toContain('nope');
  });

  it('maps a stopped PACS to PACS_UNAVAILABLE for search and retrieve, and no patient is created', async () => {
    const before = await allPatients();
    const found = await pacsPost(PACS_ENDPOINTS.studies.path, { server: 'down', patient_name: 'Kim' });
    expect(found.status).toBe(503);
    expect(found.json).toMatchObject({ success: false, code: 'PACS_UNAVAILABLE' });
    const retrieved = await pacsPost(PACS_ENDPOINTS.retrieve.path, { server: 'down', ...NO_INSTANCE });
    expect(retrieved.json).toMatchObject({ success: false, code: 'PACS_UNAVAILABLE' });
    expect(await allPatients()).toBe(before);
    const failed = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'pacs.retrieve'), eq(auditEvents.outcome, 'failed')));
    expect(failed.at(-1)?.detail).toMatchObject({ server: 'down', code: 'PACS_UNAVAILABLE' });
  });

  it('maps a PACS that does not answer within its timeoutMs to PACS_TIMEOUT', async () => {
    const reply = await pacsPost(PACS_ENDPOINTS.studies.path, { server: 'slow', patient_name: 'Kim' });
    expect(reply.status).toBe(504);
    expect(reply.json).toMatchObject({ success: false, code: 'PACS_TIMEOUT' });
  });

  it('counts PACS calls as heavy requests of the per-user budget (USER_MAX_HEAVY = 2 by default)', async () => {
    const replies = await Promise.all([1, 2, 3].map(() => pacsPost(PACS_ENDPOINTS.studies.path, { server: 'slow', patient_name: 'Kim' })));
    const codes = replies.map((reply) => String(reply.json?.['code'])).sort();
    expect(codes).toEqual(['PACS_TIMEOUT', 'PACS_TIMEOUT', 'RATE_LIMITED']);
  });

  it('answers PACS_NOT_FOUND for a server id that is not configured and for an instance the PACS lacks', async () => {
    const unknown = await pacsPost(PACS_ENDPOINTS.studies.path, { server: 'other' });
    expect(unknown.json).toMatchObject({ success: false, code: 'PACS_NOT_FOUND' });
    const missing = await pacsPost(PACS_ENDPOINTS.retrieve.path, { server: 'main', ...NO_INSTANCE });
    expect(missing.json).toMatchObject({ success: false, code: 'PACS_NOT_FOUND' });
  });
});

describe.skipIf(!hasCephDataset)(`a cephalogram imported from the PACS${hasCephDataset ? '' : ` (${CEPH_SKIP_REASON})`}`, () => {
  it('goes through the dropped-file path: calibrated from Pixel Spacing, landmarks detected, patient committed', async () => {
    const jpeg = await sharp(await cephalogram('151'))
      .greyscale()
      .jpeg({ quality: 95 })
      .toBuffer();
    await uploadTo(pacs, jpeg, {
      patientName: 'Hong^Gildong',
      patientId: 'PACS-001',
      studyDate: '20240304',
      modality: 'CR',
      pixelSpacingMm: 0.1,
    });
    const [study] = (await search({ patient_name: 'Hong', modality: 'CR' })).studies;
    expect(study).toMatchObject({ patient_id: 'PACS-001', study_date: '2024-03-04' });
    const [series] = await seriesOf(study!.study_uid);
    const retrieved = await pacsPost(PACS_ENDPOINTS.retrieve.path, {
      server: 'main',
      study_uid: study!.study_uid,
      series_uid: series!.series_uid,
      instance_uid: series!.instances[0]!.instance_uid,
    });
    expect(retrieved.status).toBe(200);

    // What the browser does with a dropped DICOM file: draft patient and chart, upload, check, AI.
    const committedBefore = await committedPatients();
    const chart = await t.chart(token, { draft: true, name: 'Hong Gildong' });
    const checked = await t.uploadImage(token, chart.chartId, retrieved.raw, { contentType: DICOM_CONTENT_TYPE, shootDate: '2024-03-04' });
    expect(checked.status, checked.raw).toBe(200);
    const ai = await t.call(token, '/ai/ceppro/ceph-landmark', { chart_id: chart.chartId });
    expect(ai.status, ai.raw).toBe(200);
    expect(await committedPatients()).toBe(committedBefore + 1);
    const [film] = await db().select().from(chartData).where(eq(chartData.chartRef, chart.chartRef));
    expect(parseDicomInfo(film!.dicomInfo)?.calibration).toEqual({
      row_spacing_mm: 0.1,
      column_spacing_mm: 0.1,
      tag: 'pixel-spacing',
      magnification: null,
    });
  }, 120_000);
});
