import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error';
import type { ObjectStorage } from '../../src/storage/object-storage';

export interface StorageHarness {
  storage: ObjectStorage;
  /** Another instance on the same store whose clock runs `offsetMs` away (to mint expired URLs). */
  withClockOffset(offsetMs: number): ObjectStorage;
  close(): Promise<void>;
}

const INVALID_KEYS = [
  '',
  '../secrets.json',
  'a/../../b',
  '/etc/passwd',
  'a//b',
  '.hidden',
  'a/.meta/x',
  'a\\b',
  'a b',
  'a\nb',
  'x'.repeat(513),
];

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

/**
 * What every storage driver must do, run against each one. Presigned URLs are exercised with real
 * HTTP requests, as the browser will make them.
 */
export function describeStorageContract(name: string, start: () => Promise<StorageHarness>): void {
  describe(`ObjectStorage contract (${name})`, () => {
    let h: StorageHarness;
    beforeAll(async () => {
      h = await start();
    });
    afterAll(() => h?.close());

    it('passes its health check', async () => {
      await expect(h.storage.check()).resolves.toBeUndefined();
    });

    it('stores and returns bytes with their content type and size', async () => {
      const bytes = randomBytes(200 * 1024);
      await h.storage.putObject('charts/c-1/ceph_00700.jpg', bytes, { contentType: 'image/jpeg' });
      expect(await h.storage.exists('charts/c-1/ceph_00700.jpg')).toBe(true);
      const object = await h.storage.getObject('charts/c-1/ceph_00700.jpg');
      expect(object.contentType).toBe('image/jpeg');
      expect(object.size).toBe(bytes.length);
      expect((await buffer(object.body)).equals(bytes)).toBe(true);
    });

    it('accepts a stream and replaces an existing object', async () => {
      await h.storage.putObject('replace/me.txt', Buffer.from('first'), { contentType: 'text/plain' });
      await h.storage.putObject('replace/me.txt', Readable.from([Buffer.from('sec'), Buffer.from('ond')]), { contentType: 'text/csv' });
      const object = await h.storage.getObject('replace/me.txt');
      expect((await buffer(object.body)).toString()).toBe('second');
      expect(object.contentType).toBe('text/csv');
    });

    it('reports a missing object', async () => {
      expect(await h.storage.exists('missing/key.jpg')).toBe(false);
      await expectCode(h.storage.getObject('missing/key.jpg'), 'NOT_FOUND');
    });

    it('deletes, and deleting twice is fine', async () => {
      await h.storage.putObject('delete/me.bin', Buffer.from([1, 2, 3]), { contentType: 'application/octet-stream' });
      await h.storage.deleteObject('delete/me.bin');
      expect(await h.storage.exists('delete/me.bin')).toBe(false);
      await expect(h.storage.deleteObject('delete/me.bin')).resolves.toBeUndefined();
    });

    it('lists objects by key prefix with their age, and nothing of its own bookkeeping', async () => {
      for (const key of ['list/a/one.jpg', 'list/a/two.png', 'list/ab/three.dcm', 'lister/four.jpg']) {
        await h.storage.putObject(key, Buffer.from(key), { contentType: 'image/jpeg' });
      }
      const keys = async (prefix: string, options?: Parameters<ObjectStorage['listObjects']>[1]) =>
        (await h.storage.listObjects(prefix, options)).map((o) => o.key).sort();
      expect(await keys('list/a/')).toEqual(['list/a/one.jpg', 'list/a/two.png']);
      // A plain string prefix, as S3's: `list/a` also matches `list/ab/...`, not `lister/`.
      expect(await keys('list/a')).toEqual(['list/a/one.jpg', 'list/a/two.png', 'list/ab/three.dcm']);
      expect(await keys('list/')).toHaveLength(3);
      expect(await keys('list/none/')).toEqual([]);
      expect((await h.storage.listObjects('list/a/', { limit: 1 })).length).toBe(1);
      const everything = await keys('');
      expect(everything).toEqual(expect.arrayContaining(['lister/four.jpg', 'list/a/one.jpg']));
      expect(everything.filter((key) => key.split('/').some((segment) => segment.startsWith('.')))).toEqual([]);

      const [listed] = await h.storage.listObjects('list/a/one');
      expect(listed?.key).toBe('list/a/one.jpg');
      // Just written: "last modified" is about now (the store's clock; a minute of slack either way).
      expect(Math.abs((listed?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      expect(await keys('list/a/', { modifiedBefore: new Date(Date.now() - 60 * 60_000) })).toEqual([]);
      expect(await keys('list/a/', { modifiedBefore: new Date(Date.now() + 60 * 60_000) })).toHaveLength(2);
    });

    it.each(['../', '/etc/', 'a//', '.meta/', 'a b/'])('refuses the listing prefix %j', async (prefix) => {
      await expectCode(h.storage.listObjects(prefix), 'INVALID_OBJECT_KEY');
    });

    it.each(INVALID_KEYS)('refuses the key %j everywhere', async (key) => {
      await expectCode(h.storage.putObject(key, Buffer.from('x'), { contentType: 'text/plain' }), 'INVALID_OBJECT_KEY');
      await expectCode(h.storage.getObject(key), 'INVALID_OBJECT_KEY');
      await expectCode(h.storage.exists(key), 'INVALID_OBJECT_KEY');
      await expectCode(h.storage.deleteObject(key), 'INVALID_OBJECT_KEY');
      await expectCode(h.storage.presignPut(key, 'image/png', 60), 'INVALID_OBJECT_KEY');
      await expectCode(h.storage.presignGet(key, 60), 'INVALID_OBJECT_KEY');
    });

    it('refuses an expiry outside 1 s to 7 days', async () => {
      await expect(h.storage.presignGet('a.jpg', 0)).rejects.toThrow(RangeError);
      await expect(h.storage.presignPut('a.jpg', 'image/jpeg', 8 * 24 * 3600)).rejects.toThrow(RangeError);
    });

    it('takes an upload through a presigned PUT URL', async () => {
      const bytes = randomBytes(64 * 1024);
      const url = await h.storage.presignPut('uploads/face_00710.png', 'image/png', 300);
      const response = await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'image/png' } });
      expect(response.status).toBe(200);
      const object = await h.storage.getObject('uploads/face_00710.png');
      expect(object.contentType).toBe('image/png');
      expect((await buffer(object.body)).equals(bytes)).toBe(true);
    });

    it('serves a download through a presigned GET URL', async () => {
      const bytes = randomBytes(32 * 1024);
      await h.storage.putObject('downloads/thumb.jpg', bytes, { contentType: 'image/jpeg' });
      const response = await fetch(await h.storage.presignGet('downloads/thumb.jpg', 300));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it('answers 404 for a presigned GET of a missing object', async () => {
      const response = await fetch(await h.storage.presignGet('downloads/none.jpg', 300));
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    });

    it('refuses expired presigned URLs with 403', async () => {
      await h.storage.putObject('expired/old.jpg', Buffer.from('old'), { contentType: 'image/jpeg' });
      const past = h.withClockOffset(-3600_000);
      const get = await fetch(await past.presignGet('expired/old.jpg', 60));
      expect(get.status).toBe(403);
      await get.arrayBuffer();
      const put = await fetch(await past.presignPut('expired/new.jpg', 'image/jpeg', 60), {
        method: 'PUT',
        body: Buffer.from('new'),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(put.status).toBe(403);
      await put.arrayBuffer();
      expect(await h.storage.exists('expired/new.jpg')).toBe(false);
    });
  });
}
