import { randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsObjectStorage } from '../src/storage/fs-storage';
import { signRequest } from '../src/storage/url-signer';
import { describeStorageContract } from './support/storage-contract';
import { createTestApp, type TestApp } from './support/test-app';

const UPLOAD_LIMIT = 256 * 1024;

/** The whole app, listening, since fs-presigned URLs are answered by this server's /files route. */
async function startListeningApp(): Promise<{ t: TestApp; storage: FsObjectStorage; root: string; secret: string }> {
  const t = await createTestApp({
    adjustConfig: (config) => ({ ...config, limits: { ...config.limits, uploadBytes: UPLOAD_LIMIT } }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.services.publicUrl.bind((t.app.server.address() as AddressInfo).port);
  if (!(t.services.storage instanceof FsObjectStorage) || t.config.storage.driver !== 'fs') throw new Error('expected the fs driver');
  // The app's own driver signs root-relative URLs (no PUBLIC_URL); this one, with the same root and
  // secret, signs absolute ones for fetch.
  const root = t.config.storage.root;
  const secret = t.services.secrets.urlSigning;
  const storage = new FsObjectStorage({ root, signingSecret: secret, baseUrl: () => t.services.publicUrl.get() });
  return { t, storage, root, secret };
}

// One app for the whole file; keys used by the two suites do not overlap.
let shared: ReturnType<typeof startListeningApp> | undefined;
const sharedApp = () => (shared ??= startListeningApp());
afterAll(async () => (await shared)?.t.close());

describeStorageContract('fs', async () => {
  const { t, root, secret, storage } = await sharedApp();
  return {
    storage,
    withClockOffset: (offsetMs) =>
      new FsObjectStorage({ root, signingSecret: secret, baseUrl: () => t.services.publicUrl.get(), now: () => Date.now() + offsetMs }),
    close: async () => undefined,
  };
});

describe('fs presigned URLs refuse tampering', () => {
  let ctx: Awaited<ReturnType<typeof startListeningApp>>;
  beforeAll(async () => {
    ctx = await sharedApp();
    await ctx.storage.putObject('charts/c-1/ceph.jpg', Buffer.from('ceph'), { contentType: 'image/jpeg' });
    await ctx.storage.putObject('charts/c-2/ceph.jpg', Buffer.from('other patient'), { contentType: 'image/jpeg' });
  });

  const expectRefused = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ success: false, code });
  };

  const validGet = () => ctx.storage.presignGet('charts/c-1/ceph.jpg', 300);

  it('serves the untouched URL', async () => {
    const response = await fetch(await validGet());
    expect(await response.text()).toBe('ceph');
  });

  it('refuses a changed signature', async () => {
    const url = new URL(await validGet());
    const sig = url.searchParams.get('sig') ?? '';
    url.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    await expectRefused(await fetch(url), 403, 'URL_SIGNATURE_INVALID');
  });

  it('refuses a later expiry', async () => {
    const url = new URL(await validGet());
    url.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    await expectRefused(await fetch(url), 403, 'URL_SIGNATURE_INVALID');
  });

  it('refuses the signature of one key used for another', async () => {
    const url = new URL(await validGet());
    url.pathname = url.pathname.replace('c-1', 'c-2');
    await expectRefused(await fetch(url), 403, 'URL_SIGNATURE_INVALID');
  });

  it('refuses a missing or malformed signature', async () => {
    const url = new URL(await validGet());
    url.searchParams.delete('sig');
    await expectRefused(await fetch(url), 403, 'URL_SIGNATURE_INVALID');
    url.searchParams.set('sig', 'short');
    await expectRefused(await fetch(url), 403, 'URL_SIGNATURE_INVALID');
  });

  it('refuses a GET signature used for a PUT', async () => {
    await expectRefused(
      await fetch(await validGet(), { method: 'PUT', body: 'x', headers: { 'content-type': 'image/jpeg' } }),
      403,
      'URL_SIGNATURE_INVALID',
    );
    expect(await (await fetch(await validGet())).text()).toBe('ceph');
  });

  it('refuses a PUT whose content type differs from the signed one', async () => {
    const url = await ctx.storage.presignPut('uploads/a.jpg', 'image/jpeg', 300);
    await expectRefused(
      await fetch(url, { method: 'PUT', body: 'x', headers: { 'content-type': 'text/html' } }),
      403,
      'URL_SIGNATURE_INVALID',
    );
    expect(await ctx.storage.exists('uploads/a.jpg')).toBe(false);
  });

  it('names an expired URL as expired', async () => {
    const past = new FsObjectStorage({
      root: ctx.root,
      signingSecret: ctx.secret,
      baseUrl: () => ctx.t.services.publicUrl.get(),
      now: () => Date.now() - 3600_000,
    });
    await expectRefused(await fetch(await past.presignGet('charts/c-1/ceph.jpg', 60)), 403, 'URL_EXPIRED');
  });

  it('never leaves the objects folder, even with a valid signature', async () => {
    await writeFile(path.join(ctx.t.config.dataDir, 'outside.txt'), 'secret');
    const exp = Math.floor(Date.now() / 1000) + 300;
    for (const key of ['../outside.txt', '..%2Foutside.txt', '%2e%2e/outside.txt', '..%5Coutside.txt']) {
      const sig = signRequest({ method: 'GET', key: decodeURIComponent(key), expiresAt: exp, contentType: '' }, ctx.secret);
      const url = `${ctx.t.services.publicUrl.get()}/files/${key}?exp=${exp}&sig=${sig}`;
      const response = await fetch(url);
      expect(response.status, key).toBeGreaterThanOrEqual(400);
      expect(response.status, key).toBeLessThan(500);
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('refuses an upload over the limit and keeps nothing', async () => {
    const url = await ctx.storage.presignPut('uploads/big.jpg', 'image/jpeg', 300);
    const response = await fetch(url, { method: 'PUT', body: randomBytes(UPLOAD_LIMIT + 1), headers: { 'content-type': 'image/jpeg' } });
    await expectRefused(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(await ctx.storage.exists('uploads/big.jpg')).toBe(false);
    expect(await readdir(path.join(ctx.root, '.tmp'))).toEqual([]);
  });

  it('refuses a chunked upload that grows over the limit', async () => {
    const url = await ctx.storage.presignPut('uploads/chunked.jpg', 'image/jpeg', 300);
    const chunk = randomBytes(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 6; i += 1) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'image/jpeg' }, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    await response.arrayBuffer();
    expect(await ctx.storage.exists('uploads/chunked.jpg')).toBe(false);
  });

  it('lets no route outside /files serve objects', async () => {
    const response = await fetch(`${ctx.t.services.publicUrl.get()}/objects/charts/c-1/ceph.jpg`);
    expect(await response.text()).not.toBe('ceph');
  });
});

describe('fs presigned URLs without PUBLIC_URL', () => {
  it('are root-relative, so the browser PUTs to the origin it opened, and work resolved against it', async () => {
    const ctx = await sharedApp();
    const url = await ctx.t.services.storage.presignPut('uploads/relative.png', 'image/png', 60);
    expect(url).toMatch(/^\/files\/uploads\/relative\.png\?exp=\d+&sig=/);
    const origin = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`;
    const put = await fetch(new URL(url, origin), { method: 'PUT', body: 'png bytes', headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    const get = await fetch(new URL(await ctx.t.services.storage.presignGet('uploads/relative.png', 60), origin));
    expect(await get.text()).toBe('png bytes');
  });
});

describe('fs objects read while they are deleted', () => {
  it('give the whole object or NOT_FOUND, never an uncaught stream error (the sweeper or a replaced image may delete it)', async () => {
    const { storage } = await sharedApp();
    const { buffer } = await import('node:stream/consumers');
    const bytes = randomBytes(64 * 1024);
    for (let i = 0; i < 30; i++) {
      const key = `race/${i}.bin`;
      await storage.putObject(key, bytes, { contentType: 'application/octet-stream' });
      const reading = storage.getObject(key);
      const deleting = storage.deleteObject(key);
      const [got] = await Promise.allSettled([reading, deleting]);
      if (got.status === 'rejected') expect(got.reason).toMatchObject({ code: 'NOT_FOUND' });
      else expect((await buffer(got.value.body)).equals(bytes)).toBe(true);
    }
    // deleted after it was opened: the open handle still reads every byte
    await storage.putObject('race/late.bin', bytes, { contentType: 'application/octet-stream' });
    const opened = await storage.getObject('race/late.bin');
    await storage.deleteObject('race/late.bin');
    expect((await buffer(opened.body)).equals(bytes)).toBe(true);
  });
});
