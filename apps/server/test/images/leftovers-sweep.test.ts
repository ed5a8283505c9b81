import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTIAL_WRITE_MAX_AGE_MS } from '../../src/features/images/draft-sweeper';
import { newPerson, signUpForm } from '../auth/auth-harness';
import { createImageHarness, type ImageHarness } from './image-harness';

/**
 * Nothing left behind: partial files a crash left in the fs store's temporary folder, and licence
 * files uploaded at sign-up but never attached to an account, are removed by the sweeper. Time is
 * the sweep's `now` and the files' mtimes, never a real wait.
 */

let t: ImageHarness;
beforeAll(async () => {
  t = await createImageHarness();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const HOUR = 3600 * 1000;
const sweep = (now: Date) => t.h.app.background.sweeper.sweepOnce(now);

async function uploadLicence(ip: string): Promise<{ token: string }> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const reply = await t.h.app.inject({
    method: 'POST',
    url: '/public/license-upload',
    headers: { 'content-type': 'multipart/form-data; boundary=B', 'x-forwarded-for': ip },
    payload: Buffer.concat([
      Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="licence.png"\r\nContent-Type: image/png\r\n\r\n'),
      png,
      Buffer.from('\r\n--B--\r\n'),
    ]),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return { token: String((JSON.parse(reply.body) as { data: { license_token: string } }).data.license_token) };
}

describe('the sweeper', () => {
  it('removes partial writes older than an hour from the temporary folder and keeps recent ones', async () => {
    const tmp = path.join(t.h.config.dataDir, 'objects', '.tmp');
    await mkdir(tmp, { recursive: true });
    const now = new Date('2030-01-01T12:00:00Z');
    await writeFile(path.join(tmp, 'crashed'), 'half an object');
    await utimes(path.join(tmp, 'crashed'), new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 2 * HOUR));
    await writeFile(path.join(tmp, 'streaming'), 'still arriving');
    await utimes(path.join(tmp, 'streaming'), new Date(now.getTime() - 60_000), new Date(now.getTime() - 60_000));

    const result = await sweep(now);
    expect(result.partialWrites).toBe(1);
    expect(await readdir(tmp)).toEqual(['streaming']);
    expect(PARTIAL_WRITE_MAX_AGE_MS).toBe(HOUR);
  });

  it('removes licence files of sign-ups never finished once their token expired, and keeps attached ones', async () => {
    const used = newPerson('licused');
    const kept = await uploadLicence(used.ip);
    const signedUp = await t.h.post('/public/sign-up', { ...(await signUpForm(t.h, used)), licenseToken: kept.token }, { ip: used.ip });
    expect(signedUp.status, signedUp.raw).toBe(200);
    await uploadLicence('10.9.9.9');
    const licences = async () => (await t.objects()).filter((key) => key.startsWith('licenses/'));
    expect(await licences()).toHaveLength(2);

    expect((await sweep(new Date(Date.now() + 30 * 60_000))).licenses).toBe(0);
    expect(await licences()).toHaveLength(2);

    const swept = await sweep(new Date(Date.now() + 2 * HOUR));
    expect(swept.licenses).toBe(1);
    const [row] = await t.h.services.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.email, used.email) });
    expect(await licences()).toEqual([row?.licensePath]);
  });
});
