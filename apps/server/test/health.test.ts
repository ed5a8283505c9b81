import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

describe('GET /healthz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ready: false });
  });
  afterAll(() => t?.close());

  const health = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    return { status: response.statusCode, body: response.json<unknown>(), cache: response.headers['cache-control'] };
  };

  it('answers 503 before migrations and storage are ready', async () => {
    expect(await health()).toEqual({
      status: 503,
      body: { status: 'unavailable', db: 'ok', storage: 'error', migrations: 'pending' },
      cache: 'no-store',
    });
  });

  it('answers 200 once ready', async () => {
    await t.services.database.migrate();
    await t.services.storage.ensureReady();
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ok', db: 'ok', storage: 'ok', migrations: 'applied' },
      cache: 'no-store',
    });
  });

  it('answers 503 when storage goes away', async () => {
    if (t.config.storage.driver !== 'fs') return;
    await rm(t.config.storage.root, { recursive: true, force: true });
    expect(await health()).toMatchObject({ status: 503, body: { status: 'unavailable', storage: 'error', db: 'ok' } });
    await t.services.storage.ensureReady();
    expect((await health()).status).toBe(200);
  });

  it('answers 503 when the database check fails', async () => {
    await t.services.database.close();
    expect(await health()).toMatchObject({ status: 503, body: { status: 'unavailable', db: 'error', migrations: 'pending' } });
  });
});
