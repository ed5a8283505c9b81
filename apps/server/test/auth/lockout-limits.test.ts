import { encodePassword } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/raw-query';
import { ManualClock } from '../support/manual-clock';
import { activeAccount, createAuthHarness, login, type AuthHarness, type Person } from './auth-harness';

/** Failures keyed on (account, address): strangers are slowed down, never lock the owner out. */
describe('lockout and abuse limits', () => {
  // Starts a minute into today (UTC): the daily caps are calendar-day windows, and the advances below
  // (a few hours in all) must not carry the clock past midnight, where a new day's allowance begins.
  const DAY_MS = 86_400_000;
  const clock = new ManualClock(Math.floor(Date.now() / DAY_MS) * DAY_MS + 60_000);
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness({}, { clock });
  });
  afterAll(() => h?.closeAll());

  const status = async (person: Person) => {
    const [row] = await queryRows(
      h.services.database.db,
      sql`select status from users where email = ${person.email}`,
      z.object({ status: z.string() }),
    );
    return row?.status;
  };
  const lockMails = (person: Person) => h.mail.mails.filter((m) => m.to.includes(person.email) && /locked/.test(m.subject)).length;
  const smsTo = async (mobile: string) => {
    const dir = path.join(h.config.dataDir, 'outbox');
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.sms.txt'));
    const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    return texts.filter((t) => t.startsWith(`To: ${mobile}\n`)).length;
  };

  it('an attacker at another address is slowed down (429 + Retry-After) and cannot lock the owner out', async () => {
    const owner = await activeAccount(h, 'own');
    expect((await login(h, owner)).status).toBe(200);
    const attacker = '203.0.113.66';
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(String((await login(h, owner, { password: `Wrong${i}!aa`, ip: attacker })).body.code));
      if (i >= 5) clock.advance(60_000);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('K006'));
    expect(codes).not.toContain('K007');
    // Straight after a failure the address has to wait, and is told how long.
    const quick = await h.app.inject({
      method: 'POST',
      url: '/public/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': attacker },
      payload: new URLSearchParams({ email: owner.email, password: encodePassword('Wrong!aa1') }).toString(),
    });
    expect(quick.statusCode).toBe(429);
    expect(Number(quick.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(quick.body)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    expect(await status(owner)).toBe('active');
    expect(lockMails(owner)).toBe(0);
    expect((await login(h, owner)).status).toBe(200);
  });

  it("the owner failing 10 times at their own address gets the spec rule; a stranger's failures do not count toward it", async () => {
    const owner = await activeAccount(h, 'self');
    expect((await login(h, owner)).status).toBe(200);
    for (let i = 0; i < 9; i++) {
      await login(h, owner, { password: `Bad${i}!xx1`, ip: '203.0.113.77' });
      clock.advance(20 * 60_000);
    }
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push(String((await login(h, owner, { password: `Wrong${i}!aa` })).body.code));
    expect(codes.slice(0, 9)).toEqual(Array(9).fill('K006'));
    expect(codes[9]).toBe('K007');
    expect(await status(owner)).toBe('locked');
    expect(lockMails(owner)).toBe(1);
  });

  it('slows an unknown email down exactly like a real one, so the answers tell nothing', async () => {
    const real = await activeAccount(h, 'real');
    expect((await login(h, real)).status).toBe(200);
    const run = async (email: string, ip: string) => {
      const seen: number[] = [];
      for (let i = 0; i < 7; i++)
        seen.push((await h.post('/public/login', { email, password: encodePassword(`Nope${i}!aa`) }, { ip })).status);
      return seen;
    };
    const forReal = await run(real.email, '203.0.113.90');
    const forNobody = await run('nobody-here@clinic.test', '203.0.113.91');
    expect(forReal).toEqual(forNobody);
    expect(forReal).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('lets 30 colleagues behind one clinic address all sign in, typos included', async () => {
    const clinic = '192.0.2.10';
    const staff: Person[] = [];
    for (let i = 0; i < 30; i++) staff.push(await activeAccount(h, 'nat'));
    for (const person of staff) {
      expect((await login(h, person, { password: 'Typo1!abc', ip: clinic })).status).toBe(401);
      const ok = await login(h, person, { ip: clinic });
      expect(ok.status, ok.raw).toBe(200);
    }
  }, 120_000);

  it("find-password answers the same for a mismatch and sends no SMS; strangers cannot spend the owner's allowance", async () => {
    const owner = await activeAccount(h, 'sms');
    const before = await smsTo(owner.mobile);
    const bogus = [
      { email: owner.email, name: 'Someone', mobileNumber: owner.mobile },
      { email: 'nobody@clinic.test', name: owner.name, mobileNumber: owner.mobile },
      { email: owner.email, name: owner.name, mobileNumber: '01099998888' },
    ];
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await h.post('/public/find-pw', bogus[i % bogus.length], { ip: '203.0.113.120' }));
    const real = await h.post('/public/find-pw', { email: owner.email, name: owner.name, mobileNumber: owner.mobile }, { ip: owner.ip });
    for (const answer of answers) expect(answer.raw).toBe(real.raw);
    expect(real.body).toEqual({ success: true, data: { sent: true, expires_in: 180 } });
    expect(await smsTo(owner.mobile)).toBe(before + 1);
    expect(await smsTo('01099998888')).toBe(0);

    // Per-phone and per-account daily cap: further matches answer alike but send nothing.
    for (let i = 0; i < 6; i++) {
      clock.advance(11 * 60_000);
      expect(
        (await h.post('/public/find-pw', { email: owner.email, name: owner.name, mobileNumber: owner.mobile }, { ip: owner.ip })).raw,
      ).toBe(real.raw);
    }
    expect(await smsTo(owner.mobile)).toBe(before + 5);
  });
});
