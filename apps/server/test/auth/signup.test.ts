import { AUTH_MESSAGES_EN, encodePassword } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pino } from 'pino';
import { buildApp } from '../../src/app';
import { queryRows } from '../../src/db/raw-query';
import { createMailer } from '../../src/mail/mailer';
import { createAuthHarness, followMailedLink, linkIn, login, newPerson, PASSWORD, signUpForm, type AuthHarness } from './auth-harness';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00this is not an image');

function multipart(filename: string, content: Buffer, field = 'file', type = 'application/octet-stream') {
  const boundary = '----ceppro-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-forwarded-for': '192.0.2.50' } };
}

describe('sign-up', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness();
  });
  afterAll(() => h?.closeAll());

  const rows = (query: ReturnType<typeof sql>) => queryRows(h.services.database.db, query, z.record(z.string(), z.unknown()));

  it('creates a pending account with a settings row and mails an agree-and-confirm link', async () => {
    const person = newPerson('su');
    const form = await signUpForm(h, person);
    const response = await h.post('/public/sign-up', form, { ip: person.ip });
    expect(response.status, response.raw).toBe(200);
    expect(response.body.data).toEqual({ email: person.email, activation_mail_sent: true });

    const [user] = await rows(sql`select * from users where email = ${person.email}`);
    expect(user).toMatchObject({
      status: 'pending_email',
      user_type_cd: '00000',
      mobile_number: person.mobile,
      tax_number: person.taxNumber.replace(/-/g, ''),
      gender: true,
    });
    expect(String(user?.password_hash)).toMatch(/^\$argon2id\$/);
    expect(user?.terms_agreed_at).not.toBeNull();
    const configs = await rows(sql`select * from user_configs where user_id = ${Number(user?.id)}`);
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({ landmark_ny: true, hard_tissue_size: 3 });

    // Not activated yet: the right password gets K013, not a session.
    const early = await login(h, person);
    expect(early.body).toMatchObject({ code: 'K013', key: 'auth.error.emailNotAuthorized' });

    const mail = h.mail.last(person.email, /confirm your email/i);
    expect(mail.text).toContain('Agree and confirm');
    expect((await followMailedLink(h, mail)).status).toBe(200);
    expect((await login(h, person)).status).toBe(200);
  });

  it('refuses a second account for an email, and the duplicate check says it exists', async () => {
    const person = newPerson('dup');
    const form = await signUpForm(h, person);
    expect((await h.post('/public/sign-up', form, { ip: person.ip })).status).toBe(200);
    const again = await h.post('/public/sign-up', { ...form, email: person.email.toUpperCase() }, { ip: person.ip });
    // The proof was for the lower-case address, which the schema produces from any case: M005.
    expect(again.body).toMatchObject({ code: 'M005', message: AUTH_MESSAGES_EN['auth.email.exists'] });
    const check = await h.post('/public/check-email-exist', { email: person.email }, { ip: person.ip });
    expect(check.body.data).toEqual({ exists: true, email_check_token: null });
  });

  it.each([
    ['emailCheckToken', 'auth.email.checkRequired'],
    ['taxCheckToken', 'auth.tax.verificationRequired'],
    ['mobileToken', 'auth.mobile.verificationRequired'],
  ])('needs a genuine %s for exactly the submitted value', async (field, key) => {
    const person = newPerson('proof');
    const form = await signUpForm(h, person);
    // A genuine proof, but for another value (another email, number, tax number).
    const other = newPerson('other');
    const foreign = await signUpForm(h, { ...other, ip: person.ip });
    const otherTax = await h.post('/public/check-taxvalidation', { taxNumber: '220-81-62517' });
    foreign.taxCheckToken = String(otherTax.body.data?.tax_check_token);
    const usersBefore = await h.count('users');
    for (const value of ['', 'forged.token', String(foreign[field])]) {
      const response = await h.post('/public/sign-up', { ...form, [field]: value }, { ip: person.ip });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        key,
        field,
        message: AUTH_MESSAGES_EN[key as keyof typeof AUTH_MESSAGES_EN],
      });
    }
    expect(await h.count('users')).toBe(usersBefore);
  });

  it('verifies the business number by checksum', async () => {
    const good = await h.post('/public/check-taxvalidation', { taxNumber: '220-81-62517' });
    expect(good.body.data).toMatchObject({ valid: true });
    const bad = await h.post('/public/check-taxvalidation', { taxNumber: '220-81-62518' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ key: 'auth.tax.invalid', message: 'Input correct tax ID.', field: 'taxNumber' });
  });

  describe('mobile verification by SMS code', () => {
    const mobile = '010-5555-0001';
    const digits = '01055550001';

    it('stores the code hashed, accepts it once, refuses a wrong one', async () => {
      const sent = await h.post('/public/send-otp-sms', { mobileNumber: mobile }, { ip: '192.0.2.10' });
      expect(sent.body.data).toEqual({ sent: true, expires_in: 180 });
      const code = await h.smsCode(digits);
      expect(code).toMatch(/^\d{6}$/);
      const [row] = await rows(
        sql`select code_hash, target, purpose from verification_codes where target = ${digits} order by created_at desc limit 1`,
      );
      expect(row).toMatchObject({ target: digits, purpose: 'mobile_signup' });
      expect(String(row?.code_hash)).not.toContain(code);

      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await h.post('/public/auth-sms', { mobileNumber: mobile, code: wrongCode }, { ip: '192.0.2.10' });
      expect(wrong.body).toMatchObject({ code: 'K022', message: AUTH_MESSAGES_EN['auth.code.invalid'] });
      const right = await h.post('/public/auth-sms', { mobileNumber: mobile, code }, { ip: '192.0.2.10' });
      expect(right.status).toBe(200);
      expect(typeof right.body.data?.mobile_token).toBe('string');
      // Single use.
      expect((await h.post('/public/auth-sms', { mobileNumber: mobile, code }, { ip: '192.0.2.10' })).body.code).toBe('K022');
    });

    it('expires after 3 minutes and can be re-requested; a new code replaces the old one', async () => {
      await h.post('/public/send-otp-sms', { mobileNumber: mobile }, { ip: '192.0.2.11' });
      const old = await h.smsCode(digits);
      await h.services.database.db.execute(
        sql`update verification_codes set expires_at = now() - interval '1 second' where target = ${digits} and used_at is null`,
      );
      expect((await h.post('/public/auth-sms', { mobileNumber: mobile, code: old }, { ip: '192.0.2.11' })).body.code).toBe('K022');

      await h.post('/public/send-otp-sms', { mobileNumber: mobile }, { ip: '192.0.2.11' });
      const first = await h.smsCode(digits);
      await h.post('/public/send-otp-sms', { mobileNumber: mobile }, { ip: '192.0.2.11' });
      const second = await h.smsCode(digits);
      if (first !== second)
        expect((await h.post('/public/auth-sms', { mobileNumber: mobile, code: first }, { ip: '192.0.2.11' })).body.code).toBe('K022');
      expect((await h.post('/public/auth-sms', { mobileNumber: mobile, code: second }, { ip: '192.0.2.11' })).status).toBe(200);
    });

    it('allows 5 guesses per code, then even the right code is refused', async () => {
      const m = '010-5555-0002';
      await h.post('/public/send-otp-sms', { mobileNumber: m }, { ip: '192.0.2.12' });
      const code = await h.smsCode('01055550002');
      const wrongCode = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i++) {
        expect((await h.post('/public/auth-sms', { mobileNumber: m, code: wrongCode }, { ip: '192.0.2.12' })).body.code).toBe('K022');
      }
      expect((await h.post('/public/auth-sms', { mobileNumber: m, code }, { ip: '192.0.2.12' })).body.code).toBe('K022');
    });

    it('limits code requests per number (429)', async () => {
      const m = '010-5555-0003';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await h.post('/public/send-otp-sms', { mobileNumber: m }, { ip: `192.0.2.${100 + i}` })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('licence upload', () => {
    it('takes png and pdf, checked by content, and stores them', async () => {
      for (const [name, bytes, type] of [
        ['licence.png', PNG, 'image/png'],
        ['licence.pdf', PDF, 'application/pdf'],
      ] as const) {
        const response = await h.app.inject({ method: 'POST', url: '/public/license-upload', ...multipart(name, bytes) });
        expect(response.statusCode, response.body).toBe(200);
        const data = JSON.parse(response.body).data as { license_token: string; content_type: string; size: number };
        expect(data).toMatchObject({ content_type: type, size: bytes.length });
      }
      const jpg = await h.app.inject({
        method: 'POST',
        url: '/public/license-upload',
        ...multipart('scan.JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])),
      });
      expect(jpg.statusCode).toBe(200);
    });

    it.each([
      ['a program renamed .png', 'licence.png', EXE],
      ['a png named .gif', 'licence.gif', PNG],
      ['a pdf named .png', 'licence.png', PDF],
      ['a text file', 'licence.txt', Buffer.from('hello')],
    ])('refuses %s', async (_label, name, bytes) => {
      const response = await h.app.inject({ method: 'POST', url: '/public/license-upload', ...multipart(name, bytes) });
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ key: 'auth.license.type', field: 'file' });
    });

    it('refuses a file over the size limit, a missing file and a non-multipart body', async () => {
      const big = await h.app.inject({
        method: 'POST',
        url: '/public/license-upload',
        ...multipart('big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])),
      });
      expect(big.statusCode).toBe(413);
      expect(JSON.parse(big.body)).toMatchObject({ key: 'auth.license.tooLarge' });
      const wrongField = await h.app.inject({ method: 'POST', url: '/public/license-upload', ...multipart('a.png', PNG, 'other') });
      expect(wrongField.statusCode).toBe(400);
      const form = await h.post('/public/license-upload', { file: 'x' });
      expect(form.status).toBe(415);
    });

    it('links an uploaded licence to the account at sign-up', async () => {
      const upload = await h.app.inject({ method: 'POST', url: '/public/license-upload', ...multipart('licence.pdf', PDF) });
      const token = (JSON.parse(upload.body).data as { license_token: string }).license_token;
      const person = newPerson('lic');
      const response = await h.post('/public/sign-up', { ...(await signUpForm(h, person)), licenseToken: token }, { ip: person.ip });
      expect(response.status, response.raw).toBe(200);
      const [user] = await rows(sql`select license_path from users where email = ${person.email}`);
      expect(String(user?.license_path)).toMatch(/^licenses\/pending\/[0-9a-f-]+\.pdf$/);
      expect(await h.services.storage.exists(String(user?.license_path))).toBe(true);
      const forged = await h.post('/public/sign-up', { ...(await signUpForm(h, newPerson('lic'))), licenseToken: 'x.y' });
      expect(forged.body).toMatchObject({ field: 'licenseToken' });
    });
  });

  describe('activation mail', () => {
    it('resends for a pending account (the old link stops working) and says the same for unknown emails', async () => {
      const person = newPerson('resend');
      await h.post('/public/sign-up', await signUpForm(h, person), { ip: person.ip });
      const firstMail = h.mail.last(person.email);
      const before = h.mail.mails.length;
      const resent = await h.post('/public/resend-authmail', { email: person.email }, { ip: person.ip });
      expect(resent.body).toEqual({ success: true, data: { sent: true } });
      expect(h.mail.mails.length).toBe(before + 1);
      const unknown = await h.post('/public/resend-authmail', { email: 'nobody@clinic.test' }, { ip: person.ip });
      expect(unknown.body).toEqual(resent.body);
      expect(h.mail.mails.length).toBe(before + 1);

      const stale = await h.app.inject({ method: 'GET', url: linkIn(firstMail), headers: { accept: 'text/html' } });
      expect(stale.statusCode).toBe(400);
      expect(stale.body).toContain('cannot be used');
      expect((await followMailedLink(h, h.mail.last(person.email))).status).toBe(200);
    });

    it('refuses an expired or tampered link', async () => {
      const person = newPerson('exp');
      await h.post('/public/sign-up', await signUpForm(h, person), { ip: person.ip });
      const mail = h.mail.last(person.email);
      const tampered = linkIn(mail).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await h.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(400);
      await h.services.database.db.execute(
        sql`update verification_codes set expires_at = now() - interval '1 second'
          where purpose = 'email_activation' and target = ${person.email}`,
      );
      const token = decodeURIComponent(linkIn(mail).split('token=')[1] ?? '');
      const response = await h.post('/public/confirm-email', { token });
      expect(response.body).toMatchObject({ code: 'LINK_INVALID' });
      expect((await login(h, person)).body.code).toBe('K013');
    });
  });

  it('rate-limits the email duplicate check per IP (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await h.post('/public/check-email-exist', { email: `probe${i}@clinic.test` }, { ip: '192.0.2.200' })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const other = await h.post('/public/check-email-exist', { email: 'probe@clinic.test' }, { ip: '192.0.2.201' });
    expect(other.status).toBe(200);
  });

  it('keeps the password hashed with argon2id and accepts UTF-8 free text only through the rule', async () => {
    const person = newPerson('pw');
    const form = await signUpForm(h, person);
    const weak = await h.post(
      '/public/sign-up',
      { ...form, password: encodePassword('password'), confirmPassword: encodePassword('password') },
      { ip: person.ip },
    );
    expect(weak.body).toMatchObject({ key: 'auth.password.invalid', field: 'password' });
    const mismatch = await h.post('/public/sign-up', { ...form, confirmPassword: encodePassword(`${PASSWORD}x`) }, { ip: person.ip });
    expect(mismatch.body).toMatchObject({
      key: 'auth.confirmPassword.mismatch',
      field: 'confirmPassword',
      message: 'Not same with input password.',
    });
  });

  it('keeps the account when the activation mail cannot be sent; resend-authmail retries', async () => {
    const mailer = createMailer(
      { from: 'x@ceppro.test', transport: { driver: 'smtp', url: 'smtp://127.0.0.1:1' } },
      pino({ level: 'silent' }),
    );
    const broken = await buildApp({ services: { ...h.services, mailer } });
    await broken.ready();
    const person = newPerson('nomail');
    try {
      const response = await broken.inject({
        method: 'POST',
        url: '/public/sign-up',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': person.ip },
        payload: new URLSearchParams(await signUpForm(h, person)).toString(),
      });
      expect(JSON.parse(response.body)).toEqual({ success: true, data: { email: person.email, activation_mail_sent: false } });
    } finally {
      await broken.close();
      await mailer.close();
    }
    expect((await h.post('/public/resend-authmail', { email: person.email }, { ip: person.ip })).status).toBe(200);
    expect((await followMailedLink(h, h.mail.last(person.email))).status).toBe(200);
    expect((await login(h, person)).status).toBe(200);
  });
});
