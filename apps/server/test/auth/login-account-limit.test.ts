import { encodePassword } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/raw-query';
import { RATE_RULES } from '../../src/features/auth/rate-limit';
import { ManualClock } from '../support/manual-clock';
import { activeAccount, createAuthHarness, followMailedLink, login, type AuthHarness, type Person } from './auth-harness';

const HOUR_MS = 3_600_000;
const CAP = RATE_RULES.loginEmailHour.max;

/**
 * Password guessing spread over many addresses: each address alone stays under its own slowdown
 * (5 free failures), so only the cap per email and hour stops it. It must never lock the account
 * or refuse the owner at an address the account already signs in from.
 */
describe('sign-in tries per email from all addresses together', () => {
  // On an hour boundary: the cap is a fixed hourly window, and each test starts a fresh one.
  const clock = new ManualClock(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 60_000);
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness({}, { clock });
  });
  afterAll(() => h?.closeAll());

  const nextHour = () => clock.advance(HOUR_MS - (clock.now() % HOUR_MS) + 60_000);
  const status = async (person: Person) => {
    const [row] = await queryRows(
      h.services.database.db,
      sql`select status from users where email = ${person.email}`,
      z.object({ status: z.string() }),
    );
    return row?.status;
  };
  const mailsTo = (person: Person, subject: RegExp) => h.mail.mails.filter((m) => m.to.includes(person.email) && subject.test(m.subject));
  /** `count` wrong passwords on `email`, 4 per address (under each address's own slowdown). */
  const spray = async (email: string, count: number, net: string) => {
    const replies = [];
    for (let i = 0; i < count; i++) {
      const ip = `${net}.${Math.floor(i / 4) + 1}`;
      replies.push(await h.post('/public/login', { email, password: encodePassword(`Guess${i}!aA`) }, { ip }));
    }
    return replies;
  };

  it(`refuses tries past ${CAP} an hour with 429 LOGIN_LIMIT, locks nothing; the owner's known address signs in`, async () => {
    const owner = await activeAccount(h, 'cap');
    expect((await login(h, owner)).status).toBe(200);
    nextHour();

    // 90 one after another, then 30 at once: the count is taken before the password is checked,
    // so parallel tries cannot slip past it.
    const serial = await spray(owner.email, CAP - 10, '198.18.10');
    const parallel = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        h.post('/public/login', { email: owner.email, password: encodePassword(`Burst${i}!aA`) }, { ip: `198.18.11.${i + 1}` }),
      ),
    );
    expect(serial.map((r) => r.body.code)).toEqual(Array(CAP - 10).fill('K006'));
    expect(parallel.filter((r) => r.body.code === 'K006')).toHaveLength(10);
    const refused = parallel.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'LOGIN_LIMIT', key: 'auth.error.tooManyRequests' });

    // Told how long: until the hour's window ends.
    const late = await h.app.inject({
      method: 'POST',
      url: '/public/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.18.12.1' },
      payload: new URLSearchParams({ email: owner.email, password: encodePassword('Late1!aA') }).toString(),
    });
    expect(late.statusCode).toBe(429);
    expect(JSON.parse(late.body)).toMatchObject({ code: 'LOGIN_LIMIT' });
    const retryAfter = Number(late.headers['retry-after']);
    expect(retryAfter).toBe(Math.ceil((HOUR_MS - (clock.now() % HOUR_MS)) / 1000));

    // Nothing is locked and no mail went out; at the owner's own address the spec's rules apply as before.
    expect(await status(owner)).toBe('active');
    expect(mailsTo(owner, /locked/i)).toHaveLength(0);
    expect((await login(h, owner, { password: 'Typo1!abc' })).body.code).toBe('K006');
    const ok = await login(h, owner);
    expect(ok.status, ok.raw).toBe(200);

    // A new address, even with the right password, waits for the window like every other.
    const newDevice = await login(h, owner, { ip: '198.18.13.1' });
    expect(newDevice.body.code).toBe('LOGIN_LIMIT');
    nextHour();
    // Then it gets the spec's new-address answer (K016 and an approval mail), not a lock.
    const after = await login(h, owner, { ip: '198.18.13.1' });
    expect(after.body.code).toBe('K016');
    expect(mailsTo(owner, /new IP address/)).toHaveLength(1);
  }, 120_000);

  it('keeps the 10-failure lock with its activation mail at the known address while the cap is reached', async () => {
    const owner = await activeAccount(h, 'lock');
    expect((await login(h, owner)).status).toBe(200);
    nextHour();
    await spray(owner.email, CAP, '198.18.20');
    expect((await login(h, owner, { ip: '198.18.21.1' })).body.code).toBe('LOGIN_LIMIT');

    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push(String((await login(h, owner, { password: `Wrong${i}!aa` })).body.code));
    expect(codes).toEqual([...Array(9).fill('K006'), 'K007']);
    expect(await status(owner)).toBe('locked');
    const [lockMail] = mailsTo(owner, /locked/i);
    expect(lockMail).toBeDefined();
    // The mailed link is the owner's way back in, cap or not.
    expect((await followMailedLink(h, lockMail!)).status).toBe(200);
    expect((await login(h, owner)).status).toBe(200);
  }, 120_000);

  it('answers an email without an account the same way, so the cap tells nothing about which emails exist', async () => {
    nextHour();
    const replies = await spray('nobody-at-all@clinic.test', CAP + 2, '198.18.30');
    expect(replies.slice(0, CAP).every((r) => r.body.code === 'K006')).toBe(true);
    expect(replies.slice(CAP).map((r) => r.body.code)).toEqual(['LOGIN_LIMIT', 'LOGIN_LIMIT']);
  }, 120_000);
});
