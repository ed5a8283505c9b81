import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AuthRepository } from '../../src/features/auth/auth.repository';
import type { AuditLog } from '../../src/features/auth/audit';
import { createSessionStateCache, type SessionState } from '../../src/features/auth/session-cache';
import { createSessionService } from '../../src/features/auth/session.service';
import { signAccessToken } from '../../src/features/auth/tokens';
import { ManualClock } from '../support/manual-clock';

const state = (userId: number): SessionState => ({
  userId,
  revokedAt: null,
  revokedReason: null,
  expiresAt: new Date('2030-01-01T00:00:00Z'),
  userStatus: 'active',
  userExpiresAt: null,
  userDeletedAt: null,
});

describe('session state cache (the bearer check without a round trip)', () => {
  it('gives a stored state back until its time to live is over, by the given clock', () => {
    const cache = createSessionStateCache(2_000);
    cache.set('s1', state(1), 10_000);
    expect(cache.get('s1', 10_000)).toEqual(state(1));
    expect(cache.get('s1', 11_999)).toEqual(state(1));
    expect(cache.get('s1', 12_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets one session, or every session of one user, at once', () => {
    const cache = createSessionStateCache(2_000);
    cache.set('a1', state(1), 0);
    cache.set('a2', state(1), 0);
    cache.set('b1', state(2), 0);
    cache.forgetSession('a1');
    expect(cache.get('a1', 1)).toBeUndefined();
    expect(cache.get('a2', 1)).toBeDefined();
    cache.forgetUser(1);
    expect(cache.get('a2', 1)).toBeUndefined();
    expect(cache.get('b1', 1)).toEqual(state(2));
  });

  it('keeps nothing when its time to live is 0', () => {
    const cache = createSessionStateCache(0);
    cache.set('s1', state(1), 0);
    expect(cache.get('s1', 0)).toBeUndefined();
  });

  it('stays bounded: the oldest entry goes first', () => {
    const cache = createSessionStateCache(60_000);
    for (let i = 0; i <= 10_000; i++) cache.set(`s${i}`, state(i), 0);
    expect(cache.size).toBe(10_000);
    expect(cache.get('s0', 1)).toBeUndefined();
    expect(cache.get('s10000', 1)).toBeDefined();
  });
});

/** A read the test settles by hand, counting how often it was started. */
function manualRead() {
  let reads = 0;
  const settle: Array<(state: SessionState | undefined) => void> = [];
  return {
    read: () => {
      reads += 1;
      return new Promise<SessionState | undefined>((resolve) => settle.push(resolve));
    },
    settle: (state: SessionState | undefined) => settle.splice(0).forEach((resolve) => resolve(state)),
    get reads() {
      return reads;
    },
  };
}

describe('session state cache under a burst (500 parallel requests with one token)', () => {
  it('shares one read between the requests that miss at the same moment, then serves the rest from memory', async () => {
    const cache = createSessionStateCache(2_000);
    const db = manualRead();
    const loads = Array.from({ length: 500 }, () => cache.load('s1', 0, db.read));
    expect(db.reads).toBe(1);
    db.settle(state(1));
    expect(await Promise.all(loads)).toEqual(Array.from({ length: 500 }, () => state(1)));
    expect(await cache.load('s1', 1_000, db.read)).toEqual(state(1));
    expect(db.reads).toBe(1);
  });

  it('neither keeps nor shares a read that began before the session was forgotten (a revocation)', async () => {
    const cache = createSessionStateCache(2_000);
    const db = manualRead();
    const before = cache.load('s1', 0, db.read);
    cache.forgetSession('s1');
    db.settle(state(1));
    await before;
    expect(cache.get('s1', 1)).toBeUndefined();

    const stale = cache.load('s1', 1, db.read);
    cache.forgetUser(1);
    // A request after the forget starts its own read instead of joining the stale one.
    const fresh = cache.load('s1', 1, db.read);
    expect(db.reads).toBe(3);
    db.settle(state(1));
    await Promise.all([stale, fresh]);
    expect(cache.get('s1', 2)).toEqual(state(1));
  });

  it('makes one database read for 500 parallel bearer checks of one token', async () => {
    const clock = new ManualClock(Date.UTC(2030, 0, 1));
    const sessionId = randomUUID();
    let reads = 0;
    const repository = {
      findSessionState: async () => {
        reads += 1;
        await new Promise((resolve) => setImmediate(resolve));
        return { ...state(7), expiresAt: new Date(clock.now() + 3_600_000) };
      },
    } as unknown as AuthRepository;
    const sessions = createSessionService({
      repository,
      audit: { record: async () => undefined } as unknown as AuditLog,
      accessSecret: 'a'.repeat(32),
      refreshSecret: 'r'.repeat(32),
      auth: {
        accessTokenTtlS: 900,
        refreshTokenTtlS: 86_400,
        rateLimitScale: 1,
        refreshReuseGraceS: 10,
        smsDailyLimit: 500,
        passwordHashProfile: 'test',
      },
      clock,
      events: { publish: async () => undefined },
      log: pino({ level: 'silent' }),
    });
    const token = signAccessToken('a'.repeat(32), { userId: 7, sessionId }, 900, clock.now());
    const checks = await Promise.all(Array.from({ length: 500 }, () => sessions.authenticate(token)));
    expect(checks.every((c) => c.userId === 7 && c.sessionId === sessionId)).toBe(true);
    expect(reads).toBe(1);
  });
});
