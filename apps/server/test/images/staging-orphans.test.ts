import { IMAGE_UPLOAD } from '@ceppro/contract';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/db/schema/index';
import { STAGING_ORPHAN_MIN_AGE_MS } from '../../src/features/images/draft-sweeper';
import { createImageHarness, plainImage, type ImageHarness } from './image-harness';

/**
 * A signed PUT still streaming when its upload is closed (checked, discarded) must not leave a
 * staging object behind, and the sweeper removes staging objects no upload names. The order of
 * events is driven by holding the request body open, and time by the sweep's `now`: no real waits.
 */
let t: ImageHarness;
let token: string;

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('orphans');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.h.services.database.db;
const staged = async (chartId: string) => (await t.objects()).filter((key) => key.startsWith(`staging/${chartId}/`));
const tmpFiles = () => readdir(path.join(t.h.config.dataDir, 'objects', '.tmp')).catch(() => []);

/**
 * A body that hands over its first half, says so, and gives the rest only on `release()`.
 * `started` resolves once the server pulls the first bytes, i.e. the PUT passed its checks and is writing.
 */
function heldBody(bytes: Buffer) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const reading = new Promise<void>((resolve) => (started = resolve));
  let step = 0;
  const body = new Readable({
    read() {
      if (step === 0) {
        step = 1;
        this.push(bytes.subarray(0, bytes.length >> 1));
        started();
      } else if (step === 1) {
        step = 2;
        void released.then(() => {
          this.push(bytes.subarray(bytes.length >> 1));
          this.push(null);
        });
      }
    },
  });
  return { body, reading, release };
}

async function openUpload(chartId: string, size: number) {
  const up = await t.call(token, '/minio/upload', { chart_id: chartId, image_type_cd: '00700', content_type: 'image/jpeg', size });
  expect(up.status, up.raw).toBe(200);
  return { uploadId: String(up.body.data?.upload_id), url: new URL(String(up.body.data?.presignedUrl)) };
}

/**
 * A draft chart, an upload opened to it and a PUT of a plain image through the fs driver's URL, held once
 * half its bytes are in (`held.release()` sends the rest); `withLength`: the PUT declares its length.
 */
async function heldPut(withLength: boolean) {
  const chart = await t.chart(token, { draft: true });
  const bytes = await plainImage();
  const { uploadId, url } = await openUpload(chart.chartId, bytes.length);
  const held = heldBody(bytes);
  const put = t.h.app.inject({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'image/jpeg', ...(withLength && { 'content-length': String(bytes.length) }) },
    payload: held.body,
  });
  await held.reading;
  return { chart, uploadId, put, held };
}

describe('a PUT still streaming when its upload is closed', () => {
  it.each([
    [
      'checked',
      (chartId: string, uploadId: string) => t.call(token, '/minio/chart_data_request', { upload_id: uploadId }),
      'UPLOAD_MISSING',
    ],
    ['discarded', (chartId: string) => t.call(token, '/api/discard-upload', { chart_id: chartId }), undefined],
  ] as const)('when the upload is %s meanwhile, stores nothing and answers CONFLICT', async (_case, close, closeCode) => {
    const { chart, uploadId, put, held } = await heldPut(true);

    // The check (or discard) runs while half the bytes are in: nothing is in place yet.
    const closed = await close(chart.chartId, uploadId);
    if (closeCode) expect(closed.body.code, closed.raw).toBe(closeCode);
    else expect(closed.status, closed.raw).toBe(200);
    expect(await db().select().from(uploads).where(eq(uploads.id, uploadId))).toEqual([]);

    held.release();
    const answer = await put;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(await staged(chart.chartId)).toEqual([]);
    expect(await tmpFiles()).toEqual([]);
  });

  it('still stores a PUT whose upload stays open to the end', async () => {
    const { chart, uploadId, put, held } = await heldPut(false);
    held.release();
    expect((await put).statusCode).toBe(200);
    expect(await staged(chart.chartId)).toEqual([`staging/${chart.chartId}/${uploadId}.jpg`]);
    const checked = await t.call(token, '/minio/chart_data_request', { upload_id: uploadId });
    expect(checked.status, checked.raw).toBe(200);
    expect(await staged(chart.chartId)).toEqual([]);
  });
});

describe('the sweeper and staging objects', () => {
  it('removes staging objects no upload names once older than the URL lifetime, and keeps open uploads', async () => {
    // A committed chart: a draft one would be swept whole (DRAFT_TTL_S) before its staging objects age.
    const chart = await t.chart(token);
    const bytes = await plainImage();
    // Still open: PUT, not checked yet (its row outlives the URL by the draft TTL).
    const open = await openUpload(chart.chartId, bytes.length);
    expect(await t.put(open.url.href, bytes, 'image/jpeg')).toBe(200);
    // Orphans: what a crash or an S3 PUT finishing after the check leaves, a key no row names.
    const orphan = `staging/${chart.chartId}/${randomUUID()}.jpg`;
    await t.h.services.storage.putObject(orphan, bytes, { contentType: 'image/jpeg' });
    // Not a staging key: not this sweep's business.
    const other = `charts/${chart.chartId}/${randomUUID()}.jpg`;
    await t.h.services.storage.putObject(other, bytes, { contentType: 'image/jpeg' });
    const openKey = `staging/${chart.chartId}/${open.uploadId}.jpg`;

    // Younger than a URL's lifetime: a PUT of a row not yet visible could be behind it, so it stays.
    const young = await t.h.app.background.sweeper.sweepOnce(new Date(Date.now() + STAGING_ORPHAN_MIN_AGE_MS - 60_000));
    expect(young.stagingOrphans).toBe(0);
    expect(await staged(chart.chartId)).toEqual([openKey, orphan].sort());

    const later = new Date(Date.now() + STAGING_ORPHAN_MIN_AGE_MS + 20_000);
    expect(later.getTime()).toBeLessThan(Date.now() + (IMAGE_UPLOAD.urlTtlSeconds + t.h.config.drafts.ttlS) * 1000);
    const swept = await t.h.app.background.sweeper.sweepOnce(later);
    expect(swept.stagingOrphans).toBe(1);
    expect(await staged(chart.chartId)).toEqual([openKey]);
    expect(await t.h.services.storage.exists(other)).toBe(true);

    // The open upload is still usable after the sweep.
    const checked = await t.call(token, '/minio/chart_data_request', { upload_id: open.uploadId });
    expect(checked.status, checked.raw).toBe(200);
  });
});
