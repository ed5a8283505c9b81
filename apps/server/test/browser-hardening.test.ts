import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * What the browser receives: CSP without inline or foreign scripts, no framing, no referrer, no
 * sniffing, HSTS only over HTTPS, CORS only for CORS_ORIGINS; `npm start` is production.
 */

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: 'true', CORS_ORIGINS: 'https://partner.example, http://localhost:5173' },
      adjustConfig: (config) => ({ ...config, webDist: path.join(config.dataDir, 'dist') }),
      ready: false,
    });
  });
  afterAll(() => t?.close());

  let withDist: TestApp['app'];
  beforeAll(async () => {
    const dist = path.join(t.config.dataDir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Ceppro SPA</title><script type="module" src="/assets/app.js"></script>',
    );
    const { buildApp } = await import('../src/app');
    withDist = await buildApp({ services: t.services });
    await withDist.ready();
  });
  afterAll(() => withDist?.close());

  it('serves the app with a CSP that allows only its own scripts and no framing', async () => {
    const page = await withDist.inject({ method: 'GET', url: '/list/0' });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // The viewer draws films from blob:/data: URLs; fs-driver films are same-origin /files URLs.
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'blob:', 'data:']));
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same headers on API answers and errors', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(missing.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends HSTS only when the request came over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
  });

  it('answers CORS preflights for configured origins only', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/graphql',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
    const allowed = await preflight('https://partner.example');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('image hosts in the CSP', () => {
  it('allows the S3 endpoint for films and uploads', async () => {
    const { contentSecurityPolicy } = await import('../src/http/security-headers');
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://s3.eu.example:9000',
      S3_BUCKET: 'ceppro',
      S3_ACCESS_KEY: 'k',
      S3_SECRET_KEY: 's',
      S3_REGION: 'eu',
      PUBLIC_URL: 'https://ceppro.example',
    });
    const csp = contentSecurityPolicy(config);
    expect(csp['img-src']).toEqual(expect.arrayContaining(['https://s3.eu.example:9000', 'https://ceppro.example']));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://s3.eu.example:9000']));
  });
});

describe('CORS_ORIGINS and NODE_ENV', () => {
  it('reads a comma-separated list of origins and refuses anything else', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173/' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    for (const bad of ['*', 'a.example', 'https://a.example/path', 'ftp://a.example']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
    }
  });

  it('is production unless NODE_ENV says development or test', () => {
    expect(loadConfig({}).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('hides the schema and GraphiQL in an app started without NODE_ENV (npm start)', async () => {
    const t = await createTestApp({ ready: false });
    try {
      expect(t.config.production).toBe(true);
      const page = await t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
      expect(page.body).not.toContain('GraphiQL');
    } finally {
      await t.close();
    }
  });
});
