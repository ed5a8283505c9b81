import { encodePassword } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, createAuthHarness, login, type AuthHarness } from './auth-harness';

/**
 * Step 8 item 14: the refresh token lives in an HttpOnly, SameSite=Strict cookie the server sets;
 * the browser refreshes with that cookie and an empty body, and the answer carries no refresh token
 * a script could read. Secure over HTTPS (X-Forwarded-Proto from a trusted proxy). Logout and a
 * refused refresh clear the cookie.
 */
let h: AuthHarness;

beforeAll(async () => {
  h = await createAuthHarness();
});
afterAll(() => h?.closeAll());

interface SetCookie {
  value: string;
  attributes: Set<string>;
  raw: string;
}

function refreshCookie(headers: Record<string, unknown>): SetCookie | undefined {
  const raw = headers['set-cookie'];
  const all = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const line = all.find((c) => c.startsWith('refreshToken='));
  if (line === undefined) return undefined;
  const [pair = '', ...rest] = line.split(';').map((p) => p.trim());
  return {
    value: decodeURIComponent(pair.slice('refreshToken='.length)),
    attributes: new Set(rest.map((a) => a.toLowerCase())),
    raw: line,
  };
}

async function refreshWithCookie(cookie: string, ip: string, proto = 'http') {
  return h.app.inject({
    method: 'POST',
    url: '/api/refresh-token',
    headers: { cookie: `refreshToken=${encodeURIComponent(cookie)}`, 'x-forwarded-for': ip, 'x-forwarded-proto': proto },
  });
}

async function loginRaw(email: string, password: string, ip: string, proto: string) {
  return h.app.inject({
    method: 'POST',
    url: '/public/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, 'x-forwarded-proto': proto },
    payload: new URLSearchParams({ email, password }).toString(),
  });
}

describe('refresh token cookie', () => {
  it('login sets it HttpOnly and SameSite=Strict on path /; not Secure over plain HTTP', async () => {
    const person = await activeAccount(h, 'cookie');
    const reply = await h.app.inject({
      method: 'POST',
      url: '/public/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': person.ip },
      payload: new URLSearchParams({ email: person.email, password: encodePassword('Abcdef1!') }).toString(),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const cookie = refreshCookie(reply.headers);
    expect(cookie, JSON.stringify(reply.headers['set-cookie'])).toBeDefined();
    expect(cookie?.attributes).toContain('httponly');
    expect(cookie?.attributes).toContain('samesite=strict');
    expect(cookie?.attributes).toContain('path=/');
    expect(cookie?.attributes).not.toContain('secure');
    expect(cookie?.value).toBe(JSON.parse(reply.body).data.refresh_token);
  });

  it('is Secure when the request came over HTTPS through the trusted proxy', async () => {
    const person = await activeAccount(h, 'cookie');
    const reply = await loginRaw(person.email, encodePassword('Abcdef1!'), person.ip, 'https');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(refreshCookie(reply.headers)?.attributes).toContain('secure');
  });

  it('refreshes with the cookie alone: a new access token in the body, the new refresh token only in the cookie', async () => {
    const person = await activeAccount(h, 'cookie');
    const signedIn = await login(h, person);
    const r1 = String(signedIn.body.data?.refresh_token);

    const refreshed = await refreshWithCookie(r1, person.ip);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const data = JSON.parse(refreshed.body).data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['token']);
    const next = refreshCookie(refreshed.headers);
    expect(next?.attributes).toContain('httponly');
    expect(next?.value).toBeTruthy();
    expect(next?.value).not.toBe(r1);
    expect(refreshed.body).not.toContain(String(next?.value));

    const check = await h.post('/api/check', undefined, { token: String(data.token), ip: person.ip });
    expect(check.status, check.raw).toBe(200);
    // The rotated cookie works for the next refresh.
    expect((await refreshWithCookie(String(next?.value), person.ip)).statusCode).toBe(200);
  });

  it('an API client that posts its refresh token still gets refresh_token in the body (spec)', async () => {
    const person = await activeAccount(h, 'cookie');
    const r1 = String((await login(h, person)).body.data?.refresh_token);
    const reply = await h.post('/api/refresh-token', { refreshToken: r1 }, { ip: person.ip });
    expect(reply.status, reply.raw).toBe(200);
    expect(typeof reply.body.data?.refresh_token).toBe('string');
  });

  it('a refused cookie is cleared, and so is the cookie at logout', async () => {
    const person = await activeAccount(h, 'cookie');
    const refused = await refreshWithCookie('not-a-real-refresh-token-0123456789', person.ip);
    expect(refused.statusCode).toBe(401);
    const cleared = refreshCookie(refused.headers);
    expect(cleared?.value).toBe('');
    expect(cleared?.raw.toLowerCase()).toMatch(/max-age=0|expires=thu, 01 jan 1970/);

    const signedIn = await login(h, person);
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${String(signedIn.body.data?.token)}`, 'x-forwarded-for': person.ip },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(refreshCookie(out.headers)?.value).toBe('');
  });

  it('with neither cookie nor body the refresh is a 400 with the stable code, no 500', async () => {
    const reply = await h.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(reply.statusCode).toBe(400);
    expect(JSON.parse(reply.body).success).toBe(false);
  });
});
