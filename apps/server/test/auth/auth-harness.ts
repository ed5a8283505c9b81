import { AUTH_ENDPOINTS, encodePassword, errorEnvelopeSchema, successEnvelopeSchema } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/raw-query';
import { createTestApp, type TestApp, type TestAppOptions } from '../support/test-app';
import { findInOutbox, signUpFields } from '../../../../scripts/lib/public-sign-up.mjs';

export const PUBLIC_URL = 'http://ceppro.test';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on a free port; every message parsed as a mail client would, then kept as `keep`
 * makes it of its envelope's recipients and the parsed mail (attachments included).
 */
export async function startSmtpCatcher<T>(keep: (to: string[], email: Email) => T) {
  const mails: T[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      buffer(stream)
        .then(async (raw) => {
          mails.push(
            keep(
              session.envelope.rcptTo.map((r) => r.address),
              await PostalMime.parse(raw),
            ),
          );
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP catcher that keeps each mail's subject, text and HTML. */
export async function startMailCatcher() {
  const catcher = await startSmtpCatcher(
    (to, email): ReceivedMail => ({ to, subject: email.subject ?? '', text: email.text ?? '', html: email.html ?? '' }),
  );
  const { mails } = catcher;
  return {
    ...catcher,
    /** The newest mail to `to` (optionally whose subject matches). */
    last(to: string, subject?: RegExp): ReceivedMail {
      const found = mails.filter((m) => m.to.includes(to) && (!subject || subject.test(m.subject))).at(-1);
      if (!found) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''}`);
      return found;
    },
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

export interface AuthHarness extends TestApp {
  mail: MailCatcher;
  post(url: string, body?: Record<string, string>, options?: { ip?: string; token?: string }): Promise<Reply>;
  postJson(url: string, body: unknown, options?: { ip?: string; token?: string }): Promise<Reply>;
  smsCode(mobile: string): Promise<string>;
  count(table: string): Promise<number>;
  closeAll(): Promise<void>;
}

export interface Reply {
  status: number;
  body: { success: boolean; data?: Record<string, unknown>; code?: string; message?: string; key?: string; field?: string };
  raw: string;
}

/** What a harness passes on to the test app: an injected clock, a log stream to inspect, routes of the test's own. */
export type HarnessOptions = Pick<TestAppOptions, 'clock' | 'logDestination' | 'routes'>;

/** The app with SMTP delivery to a local catcher and X-Forwarded-For trusted, so tests pick client IPs. */
export async function createAuthHarness(env: Record<string, string> = {}, options: HarnessOptions = {}): Promise<AuthHarness> {
  const mail = await startMailCatcher();
  const t = await createTestApp({ ...options, env: { SMTP_URL: mail.url, PUBLIC_URL, TRUST_PROXY: 'true', ...env } });
  const send = async (
    url: string,
    payload: string | undefined,
    contentType: string | undefined,
    options: { ip?: string; token?: string } = {},
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...(contentType && { 'content-type': contentType }),
        'x-forwarded-for': options.ip ?? '198.51.100.1',
        ...(options.token && { authorization: `Bearer ${options.token}` }),
      },
      ...(payload !== undefined && { payload }),
    });
    const body = safeJson(response.body);
    checkAgainstContract(url, response.statusCode, body);
    return { status: response.statusCode, body, raw: response.body };
  };
  return {
    ...t,
    mail,
    post: (url, body, options) =>
      send(url, body ? new URLSearchParams(body).toString() : undefined, body ? 'application/x-www-form-urlencoded' : undefined, options),
    postJson: (url, body, options) => send(url, JSON.stringify(body), 'application/json', options),
    async smsCode(mobile) {
      const escaped = mobile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const code = await findInOutbox(path.join(t.config.dataDir, 'outbox'), '.sms.txt', new RegExp(`^To: ${escaped}\n`), /code: (\d{6})/);
      if (code === undefined) throw new Error(`no SMS to ${mobile}`);
      return code;
    },
    async count(table) {
      const [row] = await queryRows(
        t.services.database.db,
        sql.raw(`select count(*)::int as n from ${table}`),
        z.object({ n: z.coerce.number() }),
      );
      return row?.n ?? 0;
    },
    async closeAll() {
      await t.close();
      await mail.close();
    },
  };
}

// The JSON answers only: the mailed links' GET pages share their POST's path and answer HTML.
const RESPONSE_SCHEMAS = new Map<string, z.ZodType>(
  Object.values(AUTH_ENDPOINTS).flatMap((e) => (typeof e.response === 'string' ? [] : [[e.path, e.response] as const])),
);

/** Every reply the tests see must match the contract the web app is built against. */
function checkAgainstContract(url: string, status: number, body: unknown): void {
  const schema = RESPONSE_SCHEMAS.get(url);
  if (status === 200 && schema) {
    const parsed = successEnvelopeSchema(schema).safeParse(body);
    if (!parsed.success) throw new Error(`${url} answered outside the contract: ${parsed.error.message}`);
  } else if (status >= 400) {
    const parsed = errorEnvelopeSchema.safeParse(body);
    if (!parsed.success) throw new Error(`${url} error outside the contract: ${JSON.stringify(body)}`);
  }
}

function safeJson(text: string): Reply['body'] {
  try {
    return JSON.parse(text) as Reply['body'];
  } catch {
    return { success: false };
  }
}

/** The link of the newest mail to `to`, as a path to inject (the host is PUBLIC_URL). */
export function linkIn(mail: ReceivedMail): string {
  const url = /https?:\/\/\S+?\?token=[A-Za-z0-9._~%-]+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no link in mail "${mail.subject}"`);
  expect(url.startsWith(PUBLIC_URL)).toBe(true);
  expect(mail.html).toContain(url.replace(/&/g, '&amp;'));
  return url.slice(PUBLIC_URL.length);
}

/** Follows a mailed link as a browser would: GET shows the button, the button posts the form. */
export async function followMailedLink(h: AuthHarness, mail: ReceivedMail): Promise<Reply> {
  const target = linkIn(mail);
  const page = await h.app.inject({ method: 'GET', url: target, headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  const action = /action="([^"]+)"/.exec(page.body)?.[1];
  expect(token).toBeTruthy();
  return h.post(action ?? '', { token: (token ?? '').replace(/&amp;/g, '&') });
}

export const PASSWORD = 'Abcdef1!';

let counter = 0;

/** A unique person: email, mobile and name that no other test uses. */
export function newPerson(prefix = 'doc') {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  return {
    email: `${prefix}${n}@clinic.test`,
    name: `${prefix}${n}`,
    mobile: `010${String(process.pid % 10_000).padStart(4, '0')}${n}`,
    /** Each person signs up from their own address, so per-IP limits do not add up across tests. */
    ip: `10.${Math.floor(counter / 250) + 1}.${counter % 250}.1`,
    /** And with their own business number (as typed, with hyphens), for the same reason. */
    taxNumber: validTaxNumber(200_000_000 + counter),
  };
}

/** A 10-digit business number `ddd-dd-ddddd` whose first nine digits are `nine`, with its check digit. */
export function validTaxNumber(nine: number): string {
  const digits = String(nine).padStart(9, '0').slice(-9).split('').map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  const last = digits[8] ?? 0;
  const sum = digits.reduce((total, d, i) => total + d * (weights[i] ?? 0), 0) + Math.floor((last * 5) / 10);
  const all = [...digits, (10 - (sum % 10)) % 10].join('');
  return `${all.slice(0, 3)}-${all.slice(3, 5)}-${all.slice(5)}`;
}

export type Person = ReturnType<typeof newPerson>;

/** Every step of the sign-up form, through the HTTP API; returns the form posted to /public/sign-up. */
export async function signUpForm(h: AuthHarness, person: Person, ip = person.ip): Promise<Record<string, string>> {
  const emailCheck = await h.post('/public/check-email-exist', { email: person.email }, { ip });
  expect(emailCheck.body.data?.exists).toBe(false);
  const tax = await h.post('/public/check-taxvalidation', { taxNumber: person.taxNumber }, { ip });
  expect(tax.status).toBe(200);
  expect((await h.post('/public/send-otp-sms', { mobileNumber: person.mobile }, { ip })).status).toBe(200);
  const verified = await h.post('/public/auth-sms', { mobileNumber: person.mobile, code: await h.smsCode(person.mobile) }, { ip });
  expect(verified.status).toBe(200);
  return signUpFields({
    email: person.email,
    emailCheckToken: String(emailCheck.body.data?.email_check_token),
    name: person.name,
    password: PASSWORD,
    mobile: person.mobile,
    mobileToken: String(verified.body.data?.mobile_token),
    companyName: 'Smile Dental',
    taxNumber: person.taxNumber,
    taxCheckToken: String(tax.body.data?.tax_check_token),
  });
}

/** Signs up and follows the activation mail: an active account that has never signed in. */
export async function activeAccount(h: AuthHarness, prefix = 'doc'): Promise<Person> {
  const person = newPerson(prefix);
  const ip = person.ip;
  const signedUp = await h.post('/public/sign-up', await signUpForm(h, person, ip), { ip });
  expect(signedUp.status, signedUp.raw).toBe(200);
  const confirmed = await followMailedLink(h, h.mail.last(person.email, /confirm your email/i));
  expect(confirmed.status, confirmed.raw).toBe(200);
  return person;
}

/** Signs `person` in (only its email and address are read: accounts made by other means pass just those). */
export function login(
  h: AuthHarness,
  person: Pick<Person, 'email' | 'ip'> & Partial<Person>,
  options: { password?: string; ip?: string } = {},
) {
  return h.post(
    '/public/login',
    { email: person.email, password: encodePassword(options.password ?? PASSWORD) },
    { ip: options.ip ?? person.ip },
  );
}
