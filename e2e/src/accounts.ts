import { expect } from '@playwright/test';
import { expectTruthy } from './expect-value.ts';
import { linkIn, newestMail, newestSmsCode, outboxMark } from './outbox.ts';

/**
 * Test accounts. Each gets its own email, mobile number and client IP (sent as X-Forwarded-For;
 * the e2e server trusts it), so tests never share a rate-limit bucket or an approved IP.
 */
export interface TestUser {
  email: string;
  password: string;
  name: string;
  mobile: string;
  ip: string;
}

let serial = 0;
const run = Date.now().toString(36);

export function newUser(label: string): TestUser {
  serial += 1;
  const mobileTail = String((Date.now() + serial * 7919) % 100_000_000).padStart(8, '0');
  return {
    email: `e2e-${label}-${run}-${serial}@example.com`,
    password: `Ceph${serial}pass!`,
    name: `Tester${serial}`,
    mobile: `010${mobileTail}`,
    ip: `10.77.${serial}.${(Date.now() % 200) + 10}`,
  };
}

/** A 10-digit business number that passes the weighted checksum (docs/spec-points.md §5). */
export function validTaxId(seed = serial): string {
  const digits = String(123456780 + seed * 37)
    .slice(-9)
    .split('')
    .map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = digits.reduce((s, d, i) => s + d * (weights[i] ?? 0), 0);
  sum += Math.floor(((digits[8] ?? 0) * 5) / 10);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

/** UTF-8 base64, as the wire wants passwords (docs/spec-points.md §7). */
export const encodePassword = (password: string) => Buffer.from(password, 'utf8').toString('base64');

async function post(baseUrl: string, user: TestUser, path: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': user.ip, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const body = (await res.json()) as { success: boolean; data?: Record<string, unknown>; code?: string; message?: string };
  expectTruthy(body.success, `${path} -> ${res.status} ${body.code} ${body.message}`);
  return body.data ?? {};
}

/** Follows a mailed link the way a person does: open it, press its button. */
export async function followMailedLink(link: string, ip: string): Promise<void> {
  const url = new URL(link);
  const page = await fetch(url, { headers: { 'x-forwarded-for': ip } });
  expect(page.status, `GET ${url.pathname} -> ${page.status}`).toBe(200);
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: url.searchParams.get('token') ?? '' }),
  });
  expect(res.status, `POST ${url.pathname} -> ${res.status}`).toBe(200);
}

/** Registers and activates an account through the public API (for tests about what comes after). */
export async function createActivatedUser(baseUrl: string, user: TestUser): Promise<void> {
  await createUser(baseUrl, user);
  await followMailedLink(linkIn(await newestMail(user.email)), user.ip);
}

/** Registers an account through the public API; it waits for the activation link in its mail. */
export async function createUser(baseUrl: string, user: TestUser): Promise<void> {
  const emailCheck = await post(baseUrl, user, '/public/check-email-exist', { email: user.email });
  const taxNumber = validTaxId();
  const taxCheck = await post(baseUrl, user, '/public/check-taxvalidation', { taxNumber });
  const mark = outboxMark();
  await post(baseUrl, user, '/public/send-otp-sms', { mobileNumber: user.mobile });
  const code = await newestSmsCode(user.mobile, mark);
  const mobile = await post(baseUrl, user, '/public/auth-sms', { mobileNumber: user.mobile, code });
  await post(baseUrl, user, '/public/sign-up', {
    agreeTerms: 'true',
    agreePrivacy: 'true',
    agreeSso: 'true',
    userType: '00000',
    email: user.email,
    name: user.name,
    password: encodePassword(user.password),
    confirmPassword: encodePassword(user.password),
    mobileNumber: user.mobile,
    companyName: 'E2E Dental Clinic',
    taxNumber,
    taxEmail: user.email,
    phoneNumber: '02-123-4567',
    address1: '1 Test Street',
    address2: 'Suite 2',
    birth: '1990-05-17',
    gender: '1',
    emailCheckToken: String(emailCheck.email_check_token),
    taxCheckToken: String(taxCheck.tax_check_token),
    mobileToken: String(mobile.mobile_token),
  });
}
