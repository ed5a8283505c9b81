import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users, verificationCodes } from '../../src/db/schema/index';
import { AUTH_CLEANUP_INTERVAL_MS, ExpiredAuthCleanup } from '../../src/features/auth/expired-auth-cleanup';
import { ManualClock } from '../support/manual-clock';
import { activeAccount, createAuthHarness, type AuthHarness } from './auth-harness';

const HOUR = 3600_000;

/** The clean-up job on a clock the test moves: expired rows go, live rows stay, nothing waits. */
describe('expired auth clean-up', () => {
  let h: AuthHarness;
  let userId: number;
  const clock = new ManualClock(Date.parse('2026-12-01T00:00:00Z'));
  const at = (ms: number) => new Date(clock.now() + ms);

  beforeAll(async () => {
    // No job worker: the app's own clean-up stays off, the test drives its own instance.
    h = await createAuthHarness({ CEPPRO_ROLE: 'api' }, { clock });
    const person = await activeAccount(h, 'sweep');
    const [row] = await h.services.database.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    userId = row?.id ?? 0;
  });
  afterAll(() => h?.closeAll());

  const session = (familyId: string, expiresInMs: number, extra: Partial<typeof sessions.$inferInsert> = {}) => ({
    id: randomUUID(),
    userId,
    familyId,
    refreshTokenHash: randomUUID(),
    expiresAt: at(expiresInMs),
    ...extra,
  });
  const code = (expiresInMs: number) => ({
    id: randomUUID(),
    userId,
    purpose: 'mobile_update' as const,
    target: '01012345678',
    codeHash: randomUUID(),
    expiresAt: at(expiresInMs),
  });
  const ids = async (table: typeof sessions | typeof verificationCodes) =>
    (await h.services.database.db.select({ id: table.id }).from(table).where(eq(table.userId, userId))).map((r) => r.id).sort();

  it('deletes expired session families and codes, keeps live ones, when the clock reaches the interval', async () => {
    const db = h.services.database.db;
    await db.delete(sessions).where(eq(sessions.userId, userId));
    const expiredFamily = [
      session('00000000-0000-4000-8000-000000000001', -2 * HOUR),
      session('00000000-0000-4000-8000-000000000001', -HOUR),
    ];
    // A live family whose first (rotated) token expired: it stays whole, reuse detection needs it.
    const liveFamily = [session('00000000-0000-4000-8000-000000000002', -HOUR), session('00000000-0000-4000-8000-000000000002', 2 * HOUR)];
    // Revoked by a newer login but not expired: stays, so its browser still hears J005.
    const revoked = session('00000000-0000-4000-8000-000000000003', 2 * HOUR, { revokedAt: at(-HOUR), revokedReason: 'duplicate_login' });
    // Expires during the hour the test moves forward.
    const soon = session('00000000-0000-4000-8000-000000000004', HOUR / 2);
    await db.insert(sessions).values([...expiredFamily, ...liveFamily, revoked, soon]);
    const codes = { expired: code(-60_000), live: code(2 * HOUR), soon: code(HOUR / 2) };
    await db.insert(verificationCodes).values(Object.values(codes));

    const cleanup = new ExpiredAuthCleanup({ db, clock, log: pino({ level: 'silent' }) });
    cleanup.start();
    clock.advance(AUTH_CLEANUP_INTERVAL_MS - 1);
    await cleanup.idle();
    expect(await ids(sessions)).toHaveLength(6); // not yet due: nothing ran

    clock.advance(1);
    await cleanup.idle();
    expect(await ids(sessions)).toEqual([...liveFamily, revoked].map((s) => s.id).sort());
    expect(await ids(verificationCodes)).toEqual([codes.live.id]);

    // It keeps running every interval, and the direct call reports what it removed.
    await db.insert(sessions).values(session('00000000-0000-4000-8000-000000000005', -1));
    expect(await cleanup.runOnce()).toEqual({ sessions: 1, verificationCodes: 0 });
    // The next two runs: at +2 h the live family and the revoked one expire (still in force at
    // that very instant), at +3 h they are past it and go.
    clock.advance(HOUR);
    await cleanup.idle();
    expect(await ids(sessions)).toHaveLength(3);
    clock.advance(HOUR);
    await cleanup.idle();
    expect(await ids(sessions)).toEqual([]);
    expect(await ids(verificationCodes)).toEqual([]);

    // Stopped: time passing removes nothing any more.
    await cleanup.stop();
    const late = session('00000000-0000-4000-8000-000000000006', -1);
    await db.insert(sessions).values(late);
    clock.advance(2 * AUTH_CLEANUP_INTERVAL_MS);
    await cleanup.idle();
    expect(await ids(sessions)).toEqual([late.id]);
  });
});

describe('expired auth clean-up in the app', () => {
  it('runs in the process that runs the jobs, on the app clock', async () => {
    const clock = new ManualClock(Date.parse('2026-12-01T00:00:00Z'));
    const h = await createAuthHarness({}, { clock });
    try {
      const person = await activeAccount(h, 'sweepapp');
      const db = h.services.database.db;
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
      const expired = {
        id: randomUUID(),
        userId: user?.id ?? 0,
        familyId: randomUUID(),
        refreshTokenHash: randomUUID(),
        expiresAt: new Date(clock.now() - 1),
      };
      await db.insert(sessions).values(expired);
      clock.advance(AUTH_CLEANUP_INTERVAL_MS);
      // The run started inside advance(); wait for its deletes (polling, no fixed sleep).
      await vi.waitFor(async () =>
        expect(await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, expired.id))).toEqual([]),
      );
    } finally {
      await h.closeAll();
    }
  });
});
