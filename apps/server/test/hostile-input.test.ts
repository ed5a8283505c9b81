import { MODEL_OUTPUT_NAMES_V1 } from '@ceppro/ceph';
import { REPORT_ENDPOINTS } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData } from '../src/db/schema/index';
import { sha256Of } from '../src/features/images/stored-image';
import { createImageHarness, plainImage, type ImageHarness } from './images/image-harness';

/**
 * Bad input never gives a 500 and never writes anything: NUL bytes in text, deeply nested JSON,
 * oversized stored documents, a PNG whose checksum is wrong, a report over an unreadable film.
 * Sign-up proofs work once; the bearer scheme is case-insensitive.
 */

let t: ImageHarness;
let token: string;

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('hostile');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const CREATE_PATIENT = 'mutation($i: CreatePatientInput!) { create_patient(input: $i) { id } }';
const CREATE_RECORD = 'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }';

/** A PNG whose first IDAT chunk has a wrong CRC: the header reads fine, the pixels do not. */
async function pngWithBadCrc(): Promise<Buffer> {
  const png = Buffer.from(await plainImage(800, 640, 'png'));
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    if (png.toString('ascii', offset + 4, offset + 8) === 'IDAT') {
      png[offset + 8 + length] = (png[offset + 8 + length] ?? 0) ^ 0xff;
      return png;
    }
    offset += 12 + length;
  }
  throw new Error('no IDAT chunk');
}

describe('NUL bytes in text', () => {
  it.each([
    ['a GraphQL variable', () => t.gql(token, CREATE_PATIENT, { i: { first_name: 'Kim\u0000', birth_info: '1990-05-06', gender: true } })],
    [
      'a GraphQL string literal',
      () => t.gql(token, 'mutation { create_patient(input: { first_name: "Kim\\u0000", birth_info: "1990-05-06", gender: true }) { id } }'),
    ],
    [
      'an object key in a variable',
      () => t.gql(token, CREATE_PATIENT, { i: { first_name: 'Kim', birth_info: '1990-05-06', gender: true, 'x\u0000': 1 } }),
    ],
  ])('in %s is refused with VALIDATION_FAILED and creates no patient', async (_label, send) => {
    const before = await t.h.count('patients');
    const reply = await send();
    expect(reply.status, reply.raw).toBe(400);
    expect(reply.body.code ?? reply.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(await t.h.count('patients')).toBe(before);
  });

  it('in a stored document, a REST field or a form field is refused the same way', async () => {
    const chart = await t.chart(token);
    const records = await t.h.count('analysis_records');
    const doc = await t.gql(token, CREATE_RECORD, { c: chart.chartRef, i: { drawing_result: { version: 1, text: 'a\u0000b' } } });
    expect([doc.status, doc.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await t.h.count('analysis_records')).toBe(records);

    const uploads = await t.h.count('uploads');
    const upload = await t.call(token, '/minio/upload', {
      chart_id: chart.chartId,
      image_type_cd: '00700',
      original_name: 'film\u0000.jpg',
      content_type: 'image/jpeg',
      size: 10,
    });
    expect([upload.status, upload.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await t.h.count('uploads')).toBe(uploads);

    const form = await t.h.post('/public/find-id', { name: 'Kim\u0000', mobileNumber: '01012345678' });
    expect([form.status, form.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('deeply nested JSON', () => {
  it('is refused with 400 BAD_REQUEST before anything runs', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const url of ['/graphql', '/minio/upload', '/public/login']) {
      const before = await t.h.count('patients');
      const reply = await t.h.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: `{"query":"{ users { uuid } }","variables":{"i":${deep}}}`,
      });
      expect(reply.statusCode, `${url}: ${reply.body}`).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(await t.h.count('patients')).toBe(before);
    }
  });
});

describe('stored JSON documents', () => {
  it('over 256 KB are refused with VALIDATION_FAILED and not stored', async () => {
    const chart = await t.chart(token);
    const before = await t.h.count('analysis_records');
    const big = { version: 1, strokes: 'x'.repeat(300_000) };
    const reply = await t.gql(token, CREATE_RECORD, { c: chart.chartRef, i: { drawing_result: big } });
    expect(reply.body.errors?.[0]?.extensions?.code, reply.raw.slice(0, 300)).toBe('VALIDATION_FAILED');
    expect(await t.h.count('analysis_records')).toBe(before);
    const config = await t.gql(token, 'mutation($i: UserConfigInput!) { update_user_config(input: $i) { hard_tissue_color } }', {
      i: { drawing_config: big },
    });
    expect(config.body.errors?.[0]?.extensions?.code, config.raw.slice(0, 300)).toBe('VALIDATION_FAILED');
    // A document of an ordinary size still goes in.
    expect(
      (await t.gql(token, CREATE_RECORD, { c: chart.chartRef, i: { drawing_result: { version: 1, strokes: 'x'.repeat(1000) } } })).body
        .errors,
    ).toBeUndefined();
  });
});

describe('a PNG with a bad checksum', () => {
  it('is refused at the upload check, so no chart data (and no thumbnail job) is made', async () => {
    const chart = await t.chart(token);
    const rows = await t.h.count('chart_data');
    const jobs = await t.h.count('jobs');
    const reply = await t.uploadImage(token, chart.chartId, await pngWithBadCrc(), { contentType: 'image/png' });
    expect([reply.status, reply.body.code]).toEqual([415, 'IMAGE_NOT_SUPPORTED']);
    expect(await t.h.count('chart_data')).toBe(rows);
    expect(await t.h.count('jobs')).toBe(jobs);
  });
});

describe('a report over an unreadable film', () => {
  it('answers REPORT_NO_IMAGE, not a 500', async () => {
    const chart = await t.chart(token);
    const up = await t.uploadImage(token, chart.chartId, await plainImage(968, 1200, 'png'), { contentType: 'image/png' });
    expect(up.status, up.raw).toBe(200);
    const db = t.h.services.database.db;
    // A film accepted before the strict check: the stored bytes are what was recorded, and undecodable.
    const bad = await pngWithBadCrc();
    const [row] = await db.select({ id: chartData.id, path: chartData.path }).from(chartData).where(eq(chartData.chartRef, chart.chartRef));
    await t.h.services.storage.deleteObject(String(row?.path));
    await t.h.services.storage.putObject(String(row?.path), bad, { contentType: 'image/png' });
    await db
      .update(chartData)
      .set({ pendingExpiresAt: null, sha256: sha256Of(bad), sizeBytes: bad.length, width: 968, height: 1200 })
      .where(eq(chartData.id, Number(row?.id)));
    const landmarks = MODEL_OUTPUT_NAMES_V1.slice(0, 19).map((name, cname) => ({
      cname,
      name,
      x: 300 + cname * 10,
      y: 400 + cname * 10,
      confidence: 0.9,
    }));
    const record = await t.gql(token, CREATE_RECORD, {
      c: chart.chartRef,
      i: { infer_result: { version: 1, model: { id: 'm', version: '1' }, landmarks } },
    });
    expect(record.body.errors, record.raw).toBeUndefined();

    const reply = await t.h.postJson(REPORT_ENDPOINTS.pdf.path, { chart_id: chart.chartId }, { token });
    expect([reply.status, reply.body.code]).toEqual([409, 'REPORT_NO_IMAGE']);
  });
});

describe('sign-up proofs', () => {
  it('work once: a second sign-up with the same mobile, tax or licence proof is refused', async () => {
    const { newPerson, signUpForm } = await import('./auth/auth-harness');
    const first = newPerson('once');
    const form = await signUpForm(t.h, first);
    const licence = await t.h.app.inject({
      method: 'POST',
      url: '/public/license-upload',
      headers: { 'content-type': 'multipart/form-data; boundary=B', 'x-forwarded-for': first.ip },
      payload: Buffer.concat([
        Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="licence.png"\r\nContent-Type: image/png\r\n\r\n'),
        await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        Buffer.from('\r\n--B--\r\n'),
      ]),
    });
    expect(licence.statusCode, licence.body).toBe(200);
    const licenseToken = String((JSON.parse(licence.body) as { data: { license_token: string } }).data.license_token);
    expect((await t.h.post('/public/sign-up', { ...form, licenseToken }, { ip: first.ip })).status).toBe(200);

    // Another person replays the first one's proofs (fresh email check of their own).
    const second = newPerson('twice');
    const check = await t.h.post('/public/check-email-exist', { email: second.email }, { ip: second.ip });
    const replay = { ...form, email: second.email, name: second.name, emailCheckToken: String(check.body.data?.email_check_token) };
    const users = await t.h.count('users');
    const mobile = await t.h.post('/public/sign-up', replay, { ip: second.ip });
    expect([mobile.status, mobile.body.code, mobile.body.field]).toEqual([400, 'VALIDATION_FAILED', 'mobileToken']);
    const fresh = await signUpForm(t.h, second);
    const reusedLicence = await t.h.post('/public/sign-up', { ...fresh, licenseToken }, { ip: second.ip });
    expect([reusedLicence.status, reusedLicence.body.code, reusedLicence.body.field]).toEqual([400, 'VALIDATION_FAILED', 'licenseToken']);
    expect(await t.h.count('users')).toBe(users);
  });
});

describe('the bearer scheme', () => {
  it('is accepted in any case', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const reply = await t.gql(token, '{ users { uuid } }', undefined, { authorization: `${scheme} ${token}` });
      expect(reply.status, `${scheme}: ${reply.raw}`).toBe(200);
    }
  });
});
