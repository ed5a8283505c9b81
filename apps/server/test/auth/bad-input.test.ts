import { AUTH_MESSAGES_EN, isAuthMessageKey } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, createAuthHarness, login, type AuthHarness } from './auth-harness';

/** Every auth endpoint with a body, and its fields. */
const PUBLIC_ENDPOINTS: Record<string, string[]> = {
  '/public/check-email-exist': ['email'],
  '/public/check-taxvalidation': ['taxNumber'],
  '/public/send-otp-sms': ['mobileNumber'],
  '/public/auth-sms': ['mobileNumber', 'code'],
  '/public/sign-up': [
    'agreeTerms',
    'agreePrivacy',
    'agreeSso',
    'userType',
    'email',
    'emailCheckToken',
    'name',
    'password',
    'confirmPassword',
    'mobileNumber',
    'mobileToken',
    'companyName',
    'taxNumber',
    'taxCheckToken',
    'taxEmail',
    'phoneNumber',
    'faxNumber',
    'address1',
    'address2',
    'zipCode',
    'birth',
    'gender',
    'licenseToken',
  ],
  '/public/login': ['email', 'password'],
  '/public/resend-authmail': ['email'],
  '/public/confirm-email': ['token'],
  '/public/change-ip-approval': ['token'],
  '/public/confirm-email-change': ['token'],
  '/public/find-id': ['name', 'mobileNumber'],
  '/public/tfind-id': ['name', 'mobileNumber', 'code'],
  '/public/find-pw': ['email', 'name', 'mobileNumber'],
  '/public/tfind-pw': ['email', 'mobileNumber', 'code'],
  '/public/set-tempw': ['resetToken'],
  '/api/refresh-token': ['refreshToken'],
};

const BEARER_ENDPOINTS: Record<string, string[]> = {
  '/api/renter-password': ['password'],
  '/api/update-user/identification': ['currentPassword', 'password', 'confirmPassword'],
  '/api/update-user/userinfo': ['email', 'name', 'userType', 'taxNumber', 'phoneNumber', 'faxNumber', 'zipCode', 'birth', 'gender'],
  '/api/send-otp-sms': ['mobileNumber'],
  '/api/sms-update-mobile': ['mobileNumber', 'code'],
};

const TABLES = ['users', 'user_configs', 'sessions', 'verification_codes', 'audit_log', 'approved_ips', 'rate_limits'];

type Case = { label: string; contentType?: string; payload?: string };

function casesFor(fields: string[]): Case[] {
  const json = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) });
  const form = (pairs: Array<[string, string]>) => ({
    contentType: 'application/x-www-form-urlencoded',
    payload: new URLSearchParams(pairs).toString(),
  });
  const all = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));
  return [
    { label: 'no body' },
    { label: 'empty form', ...form([]) },
    { label: 'empty JSON object', ...json({}) },
    { label: 'numbers', ...json(all(12345)) },
    { label: 'booleans false', ...json(all(false)) },
    { label: 'objects', ...json(all({ $ne: null })) },
    { label: 'arrays', ...json(all(['a', 'b'])) },
    { label: 'nulls', ...json(all(null)) },
    {
      label: 'repeated form fields',
      ...form(
        fields.flatMap(
          (f): Array<[string, string]> => [
            [f, 'a'],
            [f, 'b'],
          ],
        ),
      ),
    },
    { label: 'oversized fields', ...form(fields.map((f): [string, string] => [f, 'x'.repeat(5000)])) },
    { label: 'control characters', ...form(fields.map((f): [string, string] => [f, '\u0000\u0007\n'])) },
    { label: 'malformed JSON', contentType: 'application/json', payload: '{"email": ' },
    { label: 'JSON array', ...json([1, 2, 3]) },
    { label: 'JSON string', ...json('email') },
    { label: 'text/plain', contentType: 'text/plain', payload: 'email=a@b.test' },
    { label: 'over 1 MB', ...form([[fields[0] ?? 'x', 'y'.repeat(1024 * 1024 + 10)]]) },
  ];
}

function badUploads(): Array<{ label: string; headers: Record<string, string>; payload: Buffer }> {
  const boundary = 'b0undary';
  const part = (name: string, filename: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  return [
    { label: 'empty file', headers, payload: part('file', 'a.png', Buffer.alloc(0)) },
    { label: 'not an image', headers, payload: part('file', 'a.png', Buffer.from('MZ not an image')) },
    {
      label: 'wrong field name',
      headers,
      payload: part('picture', 'a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    },
    { label: 'no parts', headers, payload: Buffer.from(`--${boundary}--\r\n`) },
    { label: 'broken multipart', headers, payload: Buffer.from('garbage without boundaries') },
    { label: 'JSON instead', headers: { 'content-type': 'application/json' }, payload: Buffer.from('{"file":"x"}') },
  ];
}

describe('bad input on every auth endpoint', () => {
  let h: AuthHarness;
  let token = '';
  let ip = '';
  beforeAll(async () => {
    h = await createAuthHarness();
    const person = await activeAccount(h, 'bad');
    ip = person.ip;
    token = String((await login(h, person)).body.data?.token);
  });
  afterAll(() => h?.closeAll());

  async function expectRefused(url: string, c: Case, bearer: boolean): Promise<void> {
    const response = await h.app.inject({
      method: 'POST',
      url,
      headers: {
        ...(c.contentType && { 'content-type': c.contentType }),
        'x-forwarded-for': ip,
        ...(bearer && { authorization: `Bearer ${token}` }),
      },
      ...(c.payload !== undefined && { payload: c.payload }),
    });
    const what = `${url} ${c.label}: ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, what).toBeLessThan(500);
    const body = JSON.parse(response.body) as { success: boolean; code: string; message: string; key?: string };
    expect(body.success, what).toBe(false);
    expect(['VALIDATION_FAILED', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'LINK_INVALID'], what).toContain(body.code);
    // Field errors carry the spec's English text for their key.
    if (body.key !== undefined) {
      expect(isAuthMessageKey(body.key), what).toBe(true);
      if (isAuthMessageKey(body.key)) expect(body.message, what).toBe(AUTH_MESSAGES_EN[body.key]);
    }
  }

  it('answers 4xx with a stable code or the spec message, and writes nothing', async () => {
    const before = await Promise.all(TABLES.map((t) => h.count(t)));
    for (const [url, fields] of Object.entries(PUBLIC_ENDPOINTS)) {
      for (const c of casesFor(fields)) await expectRefused(url, c, false);
    }
    for (const [url, fields] of Object.entries(BEARER_ENDPOINTS)) {
      for (const c of casesFor(fields)) {
        // An empty update is allowed (it changes nothing); every other bad body is refused.
        if (url === '/api/update-user/userinfo' && ['empty form', 'empty JSON object', 'no body'].includes(c.label)) continue;
        await expectRefused(url, c, true);
      }
    }
    for (const upload of badUploads()) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/public/license-upload',
        headers: { 'x-forwarded-for': ip, ...upload.headers },
        payload: upload.payload,
      });
      expect(response.statusCode, upload.label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, upload.label).toBeLessThan(500);
    }
    for (const path of ['/public/confirm-email', '/public/change-ip-approval', '/public/confirm-email-change']) {
      for (const query of ['', '?token=', '?token=abc', `?token=${'x'.repeat(5000)}`, '?token=a&token=b']) {
        const response = await h.app.inject({ method: 'GET', url: `${path}${query}` });
        expect(response.statusCode, `${path}${query.slice(0, 20)}`).toBe(400);
      }
    }
    expect(await Promise.all(TABLES.map((t) => h.count(t)))).toEqual(before);
  });

  it('gives the spec messages for missing fields', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/public/login', { email: 'a@b.test' }, 'Please input both of e-mail and password.'],
      ['/public/login', {}, 'Please input both of e-mail and password.'],
      ['/public/check-email-exist', {}, 'Input email address.'],
      ['/public/check-email-exist', { email: 'not-an-email' }, 'Input correct email address.'],
      ['/public/send-otp-sms', {}, 'Please input the mobile phone number.'],
      ['/public/send-otp-sms', { mobileNumber: '02-123-4567' }, 'Please confirm the mobile phone number.'],
      ['/public/check-taxvalidation', {}, 'Input the tax ID.'],
      ['/public/find-id', { name: 'Kim Lee', mobileNumber: '010-1234-5678' }, 'Input alphabets and number only.'],
    ];
    for (const [url, body, message] of cases) {
      const response = await h.post(url, body, { ip });
      expect(response.status, url).toBe(400);
      expect(response.body.message, url).toBe(message);
    }
  });
});
