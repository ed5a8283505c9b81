import { describe, expect, it } from 'vitest';
import { createSessionStateCache, type SessionState } from '../../src/features/auth/session-cache';

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
