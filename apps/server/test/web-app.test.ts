import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const BUNDLE = Buffer.from('console.log(1)');

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      adjustConfig: (config) => ({ ...config, webDist: path.join(config.dataDir, 'dist') }),
      ready: true,
    });
  });
  afterAll(() => t?.close());

  // The dist folder is read when the app is built, so this suite builds a second app over it.
  let withDist: TestApp['app'];
  beforeAll(async () => {
    const dist = path.join(t.config.dataDir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Ceppro SPA</title>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the build's precompress step writes next to each text file.
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(BUNDLE));
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(BUNDLE));
    const { buildApp } = await import('../src/app');
    withDist = await buildApp({ services: t.services });
    await withDist.ready();
  });
  afterAll(() => withDist?.close());

  it.each(['/', '/list/0', '/viewer/3f1c7f5e-8a3b-4c55-9a51-2f0d9a1e7b10', '/setting', '/no/such/page'])(
    'answers index.html for the client route %s',
    async (url) => {
      const response = await withDist.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('Ceppro SPA');
    },
  );

  it('serves hashed assets with a long cache', async () => {
    const response = await withDist.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the brotli file to a browser that accepts it, with the same long cache', async () => {
    const response = await withDist.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('serves the gzip file when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await withDist.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await withDist.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('does not answer index.html for a missing asset', async () => {
    const response = await withDist.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('keeps server paths out of the fallback', async () => {
    const response = await withDist.inject({ method: 'GET', url: '/api/patients' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('shows a build hint when dist is missing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/list/0' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build');
  });
});
