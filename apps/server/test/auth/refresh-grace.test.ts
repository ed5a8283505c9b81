import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock';
import { activeAccount, createAuthHarness, login, type AuthHarness } from './auth-harness';

/**
 * Two tabs refreshing at once: within REFRESH_REUSE_GRACE_S of a rotation the same refresh token
 * gets the same new pair, so neither tab logs the user out. After the window a repeat is reuse and
 * revokes the family, as before.
 */
let h: AuthHarness;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock();
  h = await createAuthHarness({ REFRESH_REUSE_GRACE_S: '10' }, { clock });
});
afterAll(() => h?.closeAll());

const refresh = (refreshToken: string, ip: string) => h.post('/api/refresh-token', { refreshToken }, { ip });
const check = (token: string, ip: string) => h.post('/api/check', undefined, { token, ip });

describe('refresh rotation grace window', () => {
  it('answers concurrent refreshes with one token the same pair, which works; a repeat after the window revokes the family', async () => {
    const person = await activeAccount(h, 'grace');
    const signedIn = await login(h, person);
    const r1 = String(signedIn.body.data?.refresh_token);

    const replies = await Promise.all([refresh(r1, person.ip), refresh(r1, person.ip), refresh(r1, person.ip)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const pairs = replies.map((r) => ({ token: r.body.data?.token, refresh: r.body.data?.refresh_token }));
    expect(new Set(pairs.map((p) => JSON.stringify(p))).size).toBe(1);
    const t2 = String(pairs[0]?.token);
    const r2 = String(pairs[0]?.refresh);
    expect(r2).not.toBe(r1);
    expect((await check(t2, person.ip)).status).toBe(200);

    // A late tab inside the window still gets the same pair.
    clock.advance(9_000);
    const late = await refresh(r1, person.ip);
    expect(late.status, late.raw).toBe(200);
    expect(late.body.data).toEqual({ token: t2, refresh_token: r2 });

    // After the window the old token is reuse: the family ends, the pair given out with it too.
    clock.advance(1_001);
    const reuse = await refresh(r1, person.ip);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('J001');
    expect((await check(t2, person.ip)).body.code).toBe('J001');
    expect((await refresh(r2, person.ip)).body.code).toBe('J001');
  });

  it('treats the old token as reuse once its successor has itself been rotated, even inside the window', async () => {
    const person = await activeAccount(h, 'grace');
    const r1 = String((await login(h, person)).body.data?.refresh_token);
    const second = await refresh(r1, person.ip);
    const r2 = String(second.body.data?.refresh_token);
    const third = await refresh(r2, person.ip);
    expect(third.status, third.raw).toBe(200);
    const reuse = await refresh(r1, person.ip);
    expect(reuse.body.code).toBe('J001');
    expect((await check(String(third.body.data?.token), person.ip)).body.code).toBe('J001');
  });
});
