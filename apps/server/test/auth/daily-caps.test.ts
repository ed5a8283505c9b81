import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, RATE_RULES } from '../../src/features/auth/rate-limit';
import { ManualClock } from '../support/manual-clock';
import { activeAccount, createAuthHarness, newPerson, signUpForm, validTaxNumber, type AuthHarness, type Person } from './auth-harness';

const DAY_MS = 86_400_000;
const SMS_DAILY_LIMIT = 40;

/**
 * The caps that many addresses together cannot get past: SMS per number and for the whole service
 * per day, sign-ups per business number per day and per address per hour and day.
 */
describe('daily caps on SMS and sign-ups', () => {
  const clock = new ManualClock(Math.floor(Date.now() / DAY_MS) * DAY_MS + 60_000);
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness({ SMS_DAILY_LIMIT: String(SMS_DAILY_LIMIT) }, { clock });
  });
  afterAll(() => h?.closeAll());

  /** A minute into the next UTC day: every daily window starts over. */
  const nextDay = () => clock.advance(DAY_MS - (clock.now() % DAY_MS) + 60_000);
  const secondsToMidnight = () => Math.ceil((DAY_MS - (clock.now() % DAY_MS)) / 1000);
  const smsTo = async (mobile: string) => {
    const dir = path.join(h.config.dataDir, 'outbox');
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.sms.txt'));
    const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    return texts.filter((t) => t.startsWith(`To: ${mobile}\n`)).length;
  };
  const sendOtp = async (mobile: string, ip: string) => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/public/send-otp-sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      payload: new URLSearchParams({ mobileNumber: mobile }).toString(),
    });
    return { status: r.statusCode, retryAfter: r.headers['retry-after'], body: JSON.parse(r.body) as { code?: string } };
  };

  it('sends at most 10 codes a day to one number, from any addresses; then 429 SMS_LIMIT until midnight', async () => {
    nextDay();
    const mobile = newPerson('smsn').mobile;
    for (let i = 0; i < 10; i++) {
      // Past the number's own 5 per 10 minutes: only the daily cap is left to stop it.
      if (i > 0 && i % 5 === 0) clock.advance(10 * 60_000);
      expect((await sendOtp(mobile, `198.51.100.${i + 1}`)).status).toBe(200);
    }
    clock.advance(10 * 60_000);
    const over = await sendOtp(mobile, '198.51.100.99');
    expect(over).toMatchObject({ status: 429, body: { code: 'SMS_LIMIT', key: 'auth.error.tooManyRequests' } });
    expect(Number(over.retryAfter)).toBe(secondsToMidnight());
    expect(await smsTo(mobile)).toBe(10);
    expect((await sendOtp(newPerson('smso').mobile, '198.51.100.99')).status).toBe(200);

    nextDay();
    expect((await sendOtp(mobile, '198.51.100.99')).status).toBe(200);
    expect(await smsTo(mobile)).toBe(11);
  });

  it(`stops all SMS for the day at SMS_DAILY_LIMIT (${SMS_DAILY_LIMIT}); find-password answers alike, sends nothing`, async () => {
    nextDay();
    const owner = await activeAccount(h, 'glob'); // its sign-up code is the day's first SMS
    for (let i = 1; i < SMS_DAILY_LIMIT; i++) {
      const sent = await sendOtp(newPerson('glob').mobile, `198.51.101.${i}`);
      expect(sent.status).toBe(200);
    }
    const stranger = newPerson('glob').mobile;
    const over = await sendOtp(stranger, '198.51.102.1');
    expect(over).toMatchObject({ status: 429, body: { code: 'SMS_LIMIT' } });
    expect(Number(over.retryAfter)).toBe(secondsToMidnight());
    expect(await smsTo(stranger)).toBe(0);

    // Find password for a matching account: the same answer as for no match, and no SMS.
    const before = await smsTo(owner.mobile);
    const mismatch = await h.post('/public/find-pw', { email: owner.email, name: 'Someone', mobileNumber: owner.mobile });
    const match = await h.post('/public/find-pw', { email: owner.email, name: owner.name, mobileNumber: owner.mobile }, { ip: owner.ip });
    expect(match.raw).toBe(mismatch.raw);
    expect(match.status).toBe(200);
    expect(await smsTo(owner.mobile)).toBe(before);
    // Find email already tells whether a name and number match (M003), so it may say why nothing came.
    const findId = await h.post('/public/find-id', { name: owner.name, mobileNumber: owner.mobile }, { ip: owner.ip });
    expect(findId.body.code).toBe('SMS_LIMIT');

    nextDay();
    expect((await sendOtp(stranger, '198.51.102.1')).status).toBe(200);
    expect(await smsTo(stranger)).toBe(1);
  });

  it('lets a clinic sign up over 10 staff from one address in an hour; 10 accounts per business number a day', async () => {
    nextDay();
    const clinicIp = '192.0.2.77';
    const taxNumber = validTaxNumber(300_000_001);
    let codesFromClinic = 0;
    const signUp = async (person: Person) => {
      // The clinic's address may ask for 10 SMS codes per 10 minutes.
      if (codesFromClinic > 0 && codesFromClinic % 5 === 0) clock.advance(10 * 60_000);
      codesFromClinic += 1;
      const form = await signUpForm(h, person, clinicIp);
      return h.app.inject({
        method: 'POST',
        url: '/public/sign-up',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': clinicIp },
        payload: new URLSearchParams(form).toString(),
      });
    };
    const staff = Array.from({ length: 11 }, () => ({ ...newPerson('staff'), taxNumber }));
    const replies = [];
    for (const person of staff) replies.push(await signUp(person));
    expect(replies.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const refused = replies[10]!;
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBe(secondsToMidnight());
    expect(await h.count(`users where email = '${staff[10]!.email}'`)).toBe(0);

    // The twelfth sign-up from the same address within the hour, with another business number.
    const other = await signUp(newPerson('staff'));
    expect(other.statusCode, other.body).toBe(200);
    // The next day the business number may add accounts again.
    nextDay();
    expect((await signUp({ ...newPerson('staff'), taxNumber })).statusCode).toBe(200);
  }, 120_000);

  it('counts sign-ups per address: 100 an hour and 300 a day', async () => {
    nextDay();
    const limiter = createRateLimiter(h.services.database.db, 1, clock);
    const ip = '192.0.2.200';
    // As signUp counts them: the hour first, then the day.
    const attempt = async () => {
      try {
        await limiter.hit(RATE_RULES.signUpIp, ip);
        await limiter.hit(RATE_RULES.signUpIpDay, ip);
        return 'ok';
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    for (let hour = 0; hour < 3; hour++) {
      const results: Array<string | undefined> = [];
      for (let i = 0; i < 101; i++) results.push(await attempt());
      expect(results.filter((r) => r === 'ok')).toHaveLength(100);
      expect(results[100]).toBe('TOO_MANY_REQUESTS');
      clock.advance(3_600_000);
    }
    expect(await attempt()).toBe('TOO_MANY_REQUESTS');
    nextDay();
    expect(await attempt()).toBe('ok');
  }, 120_000);
});
