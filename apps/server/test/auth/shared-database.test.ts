import { encodePassword } from '@ceppro/contract';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createServices, type Services } from '../../src/services';
import { activeAccount, createAuthHarness, login, PASSWORD, type AuthHarness } from './auth-harness';

/**
 * Two API instances on one database, as in a deployment with several processes: a login on one ends
 * the session held on the other (J005), a logout on one is seen by the other, and rate limits add
 * up. On PostgreSQL the second instance has its own connection pool; PGlite allows one process per
 * data directory, so there the second app shares the database handle but none of the first app's
 * in-memory state.
 */
describe('several API instances on one database', () => {
  let h: AuthHarness;
  let second: FastifyInstance;
  let secondServices: Services | undefined;

  beforeAll(async () => {
    h = await createAuthHarness();
    const services = h.dir.usesPostgres ? await createServices(h.config, h.services.secrets, pino({ level: 'silent' })) : h.services;
    if (h.dir.usesPostgres) secondServices = services;
    second = await buildApp({ services });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondServices?.close();
    await h?.closeAll();
  });

  const check = (app: FastifyInstance, token: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/check', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } });

  it('shares sessions, duplicate-login kicks and logouts', async () => {
    const person = await activeAccount(h, 'multi');
    const first = await login(h, person);
    const tokenA = String(first.body.data?.token);
    expect((await check(second, tokenA, person.ip)).statusCode).toBe(200);

    const viaSecond = await second.inject({
      method: 'POST',
      url: '/public/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': person.ip },
      payload: new URLSearchParams({ email: person.email, password: encodePassword(PASSWORD) }).toString(),
    });
    expect(viaSecond.statusCode, viaSecond.body).toBe(200);
    const tokenB = String((JSON.parse(viaSecond.body) as { data: { token: string } }).data.token);
    expect(JSON.parse((await check(h.app, tokenA, person.ip)).body)).toMatchObject({ code: 'J005' });

    expect((await h.post('/api/logout', undefined, { token: tokenB, ip: person.ip })).status).toBe(200);
    expect(JSON.parse((await check(second, tokenB, person.ip)).body)).toMatchObject({ code: 'J001' });
  });

  it('counts rate limits across instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const app = i % 2 === 0 ? h.app : second;
      const response = await app.inject({
        method: 'POST',
        url: '/public/check-email-exist',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.99' },
        payload: `email=probe${i}%40clinic.test`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });

  it('reads the client IP from X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const person = await activeAccount(h, 'proxy');
    const direct = await buildApp({ services: { ...h.services, config: { ...h.config, trustProxy: false } } });
    await direct.ready();
    try {
      const loginFrom = (forwardedFor: string) =>
        direct.inject({
          method: 'POST',
          url: '/public/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
          payload: new URLSearchParams({ email: person.email, password: encodePassword(PASSWORD) }).toString(),
        });
      // Both requests come from the same socket address: a forged header is not a new IP.
      expect((await loginFrom('203.0.113.1')).statusCode).toBe(200);
      expect((await loginFrom('203.0.113.2')).statusCode).toBe(200);
    } finally {
      await direct.close();
    }
    // With TRUST_PROXY=true (the harness) the header is the client IP, and a new one is blocked.
    expect((await login(h, person, { ip: '203.0.113.3' })).body.code).toBe('K016');
  });
});
