import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../src/db/raw-query';
import { ManualClock } from '../support/manual-clock';
import { activeAccount, createAuthHarness, followMailedLink, login, type AuthHarness, type Person } from './auth-harness';

/**
 * The whole life of a session, in order, as the issue lists it: sign up -> mail -> activate ->
 * login -> new IP blocked -> approve via mail link -> login -> second login ends the first (J005)
 * -> access token expiry (J002) -> refresh -> reuse of an old refresh token revokes the family ->
 * logout.
 */
describe('session lifecycle', () => {
  let h: AuthHarness;
  let person: Person;
  const clock = new ManualClock();
  const homeIp = '203.0.113.10';
  const travelIp = '203.0.113.77';

  beforeAll(async () => {
    // A 1 s refresh grace window, so a repeat after it still finds the 3 s access token alive.
    h = await createAuthHarness({ ACCESS_TOKEN_TTL_S: '3', REFRESH_REUSE_GRACE_S: '1' }, { clock });
  });
  afterAll(() => h?.closeAll());

  it('runs from sign-up to logout', async () => {
    person = await activeAccount(h, 'flow');

    // First sign-in: its IP becomes the account's known IP.
    const first = await login(h, person, { ip: homeIp });
    expect(first.status, first.raw).toBe(200);
    expect(first.body.data).toMatchObject({ password_change_required: false, password_change_reason: null });
    expect(first.body.data?.user).toMatchObject({ email: person.email, first_name: person.name, user_type: '00000' });

    // Another IP: blocked with K016 and an approval mail, even with the right password.
    const blocked = await login(h, person, { ip: travelIp });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'K016', key: 'auth.error.ipChanged' });
    const approvalMail = h.mail.last(person.email, /new IP/);
    expect(approvalMail.text).toContain(travelIp);
    const approved = await followMailedLink(h, approvalMail);
    expect(approved.status, approved.raw).toBe(200);
    // The link works once.
    expect((await followLinkPost(h, approvalMail)).body.code).toBe('LINK_INVALID');

    const second = await login(h, person, { ip: travelIp });
    expect(second.status, second.raw).toBe(200);
    const token2 = String(second.body.data?.token);
    const refresh2 = String(second.body.data?.refresh_token);
    const ok = await h.post('/api/check', undefined, { token: token2, ip: travelIp });
    expect(ok.status).toBe(200);
    expect(ok.body.data?.user).toMatchObject({ email: person.email });

    // The second login ended the first session: its next call gets J005.
    const kicked = await h.post('/api/check', undefined, { token: String(first.body.data?.token), ip: homeIp });
    expect(kicked.status).toBe(401);
    expect(kicked.body.code).toBe('J005');
    const kickedRefresh = await h.post('/api/refresh-token', { refreshToken: String(first.body.data?.refresh_token) }, { ip: homeIp });
    expect(kickedRefresh.body.code).toBe('J005');

    // ACCESS_TOKEN_TTL_S=3: four seconds after login the access token is expired (J002, HTTP 401).
    clock.advance(4_100);
    const expired = await h.post('/api/check', undefined, { token: token2, ip: travelIp });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('J002');

    // Refresh rotates: a new access token and a new refresh token.
    const refreshed = await h.post('/api/refresh-token', { refreshToken: refresh2 }, { ip: travelIp });
    expect(refreshed.status, refreshed.raw).toBe(200);
    const token3 = String(refreshed.body.data?.token);
    const refresh3 = String(refreshed.body.data?.refresh_token);
    expect(refresh3).not.toBe(refresh2);
    expect((await h.post('/api/check', undefined, { token: token3, ip: travelIp })).status).toBe(200);

    // The old refresh token again, after the grace window for concurrent tabs (refresh-grace.test.ts):
    // treated as stolen, the whole family is revoked.
    clock.advance(1_001);
    const reuse = await h.postJson('/api/refresh-token', { refreshToken: refresh2 }, { ip: travelIp });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('J001');
    expect((await h.post('/api/check', undefined, { token: token3, ip: travelIp })).body.code).toBe('J001');
    expect((await h.post('/api/refresh-token', { refreshToken: refresh3 }, { ip: travelIp })).body.code).toBe('J001');

    // Sign in again and log out: the session is gone.
    const third = await login(h, person, { ip: travelIp });
    const token4 = String(third.body.data?.token);
    expect((await h.post('/api/logout', undefined, { token: token4, ip: travelIp })).status).toBe(200);
    expect((await h.post('/api/check', undefined, { token: token4, ip: travelIp })).body.code).toBe('J001');
    expect((await h.post('/api/refresh-token', { refreshToken: String(third.body.data?.refresh_token) }, { ip: travelIp })).body.code).toBe(
      'J001',
    );

    const actions = await queryRows(
      h.services.database.db,
      sql`select action from audit_log order by id`,
      z.object({ action: z.string() }),
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'sign_up',
        'account_activated',
        'login',
        'login_blocked_new_ip',
        'ip_approved',
        'refresh_token_reuse',
        'logout',
      ]),
    );
  });

  it('refuses bearer calls without a valid token', async () => {
    expect((await h.post('/api/check')).body.code).toBe('J001');
    const forged = await h.app.inject({ method: 'POST', url: '/api/check', headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.statusCode).toBe(401);
    const none = await h.app.inject({ method: 'POST', url: '/api/check', headers: { authorization: 'Basic eDp5' } });
    expect(JSON.parse(none.body)).toMatchObject({ success: false, code: 'J001' });
    // Every /api route needs the token, whatever its method; unknown paths are 404 as elsewhere.
    expect((await h.app.inject({ method: 'GET', url: '/api/user-info' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/anything' })).statusCode).toBe(404);
  });
});

/** Posts the token of an already followed link again. */
async function followLinkPost(h: AuthHarness, mail: { text: string }) {
  const match = /(\/public\/[a-z-]+)\?token=([A-Za-z0-9._~%-]+)/.exec(mail.text);
  return h.post(match?.[1] ?? '', { token: decodeURIComponent(match?.[2] ?? '') });
}
