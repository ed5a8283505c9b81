import { IMAGE_TYPE } from '@ceppro/contract';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/logger';
import { createMailer } from '../../src/mail/mailer';
import { followMailedLink, linkIn, login, newPerson, signUpForm, type Person } from '../auth/auth-harness';
import { createImageHarness, plainImage, type ImageHarness } from '../images/image-harness';

/**
 * The logs hold no secrets and no personal data: a whole new-patient flow (sign-up, activation,
 * SMS, new-IP approval, login, refresh, patient, chart, upload through a signed URL, thumbnail)
 * runs with the production logger at level trace, and the captured text is searched for every
 * token, signature, address, number and name the flow used.
 */
let t: ImageHarness;
const lines: string[] = [];

beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createImageHarness({}, { logDestination: destination });
});
afterAll(() => t?.close());

describe('log redaction', () => {
  it('logs none of the secrets or personal data of a new-patient flow', async () => {
    const h = t.h;
    const secrets: Array<[string, string]> = [];
    const person: Person = newPerson('logged');
    const form = await signUpForm(h, person);
    expect((await h.post('/public/sign-up', form, { ip: person.ip })).status).toBe(200);
    const activation = h.mail.last(person.email, /confirm your email/i);
    secrets.push(['activation link token', new URL(linkIn(activation), 'http://x').searchParams.get('token') ?? 'missing']);
    expect((await followMailedLink(h, activation)).status).toBe(200);

    const first = await login(h, person);
    expect(first.status, first.raw).toBe(200);
    // A new IP: blocked, approved through the mailed link.
    const elsewhere = '198.51.100.200';
    expect((await login(h, person, { ip: elsewhere })).body.code).toBe('K016');
    const approval = h.mail.last(person.email, /new IP/);
    secrets.push(['IP approval token', new URL(linkIn(approval), 'http://x').searchParams.get('token') ?? 'missing']);
    expect((await followMailedLink(h, approval)).status).toBe(200);

    const signedIn = await login(h, person, { ip: elsewhere });
    const token = String(signedIn.body.data?.token);
    const refreshed = await h.post('/api/refresh-token', { refreshToken: String(signedIn.body.data?.refresh_token) }, { ip: elsewhere });
    expect(refreshed.status).toBe(200);
    secrets.push(
      ['first access token', String(first.body.data?.token)],
      ['access token', token],
      ['refresh token', String(signedIn.body.data?.refresh_token)],
      ['rotated access token', String(refreshed.body.data?.token)],
      ['rotated refresh token', String(refreshed.body.data?.refresh_token)],
    );
    // A failing call with the token: error paths log too.
    await h.app.inject({
      method: 'POST',
      url: '/api/check?token=' + token,
      headers: { authorization: `Bearer ${token}x`, cookie: `token=${token}` },
    });

    const patientName = 'Hong Gildong';
    const chart = await t.chart(token, { draft: true, name: patientName });
    const up = await t.call(token, '/minio/upload', {
      chart_id: chart.chartId,
      image_type_cd: IMAGE_TYPE.cephalogram,
      original_name: `${chart.chartId}${IMAGE_TYPE.cephalogram}.jpg`,
      shoot_date: '2024-03-04',
      content_type: 'image/jpeg',
      size: (await plainImage()).length,
    });
    expect(up.status, up.raw).toBe(200);
    const presigned = new URL(String(up.body.data?.presignedUrl), 'http://x');
    secrets.push(['upload URL signature', presigned.searchParams.get('sig') ?? 'missing']);
    expect(await t.put(presigned.toString(), await plainImage(), 'image/jpeg')).toBe(200);
    expect((await t.call(token, '/minio/chart_data_request', { upload_id: up.body.data?.upload_id })).status).toBe(200);
    // A signed URL with a bad signature is refused, and its request is logged.
    await h.app.inject({ method: 'GET', url: `${presigned.pathname}?exp=1&sig=${'A'.repeat(43)}&X-Amz-Signature=deadbeefcafe` });
    secrets.push(['forged signature', 'A'.repeat(43)], ['S3 signature', 'deadbeefcafe']);

    secrets.push(
      ['email', person.email],
      ['mobile number', person.mobile],
      ['phone number', form.phoneNumber ?? 'missing'],
      ['tax email', form.taxEmail ?? 'missing'],
      ['user name', person.name],
      ['patient name', patientName],
    );

    const text = lines.join('');
    // The flow was logged (requests, the SMS outbox), so absence means redaction, not silence.
    expect(text).toContain('incoming request');
    expect(text).toContain('sms written to outbox');
    if (process.env.SHOW_LOG) console.log(text);
    const leaks = secrets.filter(([, value]) => text.includes(value) || text.includes(encodeURIComponent(value)));
    expect(leaks.map(([label]) => label)).toEqual([]);
  });

  it('masks what a careless call hands it: keys, URLs, addresses, numbers and tokens in messages and errors', async () => {
    const captured: string[] = [];
    const log = createLogger({
      level: 'info',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          captured.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNlY3JldA';
    const s3 =
      'https://s3.test/bucket/k.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDSECRET' +
      '&X-Amz-Signature=0123abcdef&X-Amz-Expires=600';
    log.info(
      { body: { email: 'kim@clinic.test', password: 'hunter2!', name: 'Lee Sunsin', refresh_token: 'r-secret' }, to: '01099998888' },
      `sent ${s3} to kim@clinic.test`,
    );
    log.info(
      {
        detail: 'call 010-9999-8888 or +82 10 9999 8888; Bearer abc.def.ghi',
        headers: { authorization: `Bearer ${jwt}`, cookie: 'token=cookie-secret' },
      },
      `token ${jwt}`,
    );
    log.error({ err: new Error(`duplicate key (email)=(kim@clinic.test) at http://x/public/confirm-email?token=link-secret`) }, 'failed');
    await createMailer({ from: 'a@b.test', transport: { driver: 'outbox', dir: t.h.dir.dataDir + '/mail-outbox' } }, log).send({
      to: 'kim@clinic.test',
      subject: 'Hi Lee Sunsin',
      text: 'x',
    });
    const text = captured.join('');
    for (const secret of [
      'kim@clinic.test',
      'hunter2!',
      'Lee Sunsin',
      'r-secret',
      '01099998888',
      '9999',
      'abc.def.ghi',
      jwt,
      'cookie-secret',
      'AKIDSECRET',
      '0123abcdef',
      'link-secret',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // What is not secret stays readable.
    expect(text).toContain('X-Amz-Expires=600');
    expect(text).toContain('/public/confirm-email?token=[redacted]');
    expect(text).toContain('mail written to outbox');
  });
});
