import { IMAGE_TYPE } from '@ceppro/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { DicomRenderPool } from '../../src/features/images/dicom/dicom-render-pool';
import { buildDicom } from './dicom-builder';

/** The DICOM render worker's queue: time budget, owners' turns, the per-owner cap (a real worker thread). */
const film = (value: number) => buildDicom({ rows: 640, columns: 640, pixelData: Buffer.alloc(640 * 640, value) });

const pool = new DicomRenderPool({ budgetMs: 30_000, checksPerOwner: 2 });
afterAll(async () => {
  await pool.close();
});

describe('the DICOM render pool', () => {
  it('refuses a film that holds the worker past the budget, and starts a fresh worker for the next', async () => {
    const tight = new DicomRenderPool({ budgetMs: 1, checksPerOwner: 2 });
    try {
      const overBudget = { code: 'DICOM_UNREADABLE', status: 415, message: expect.stringMatching(/within 0\.001 s/) };
      await expect(tight.render(film(1))).rejects.toMatchObject(overBudget);
      await expect(tight.render(film(2))).rejects.toMatchObject(overBudget);
    } finally {
      await tight.close();
    }
  });

  it("takes owners in turns: another owner's film does not wait behind one owner's several", async () => {
    const order: string[] = [];
    const run = (name: string, owner: string) => pool.render(film(order.length + 10), { owner }).then(() => order.push(name));
    await Promise.all([run('a1', 'user:1'), run('a2', 'user:1'), run('a3', 'user:1'), run('b1', 'user:2'), run('bg', 'background')]);
    expect(order).toEqual(['a1', 'b1', 'bg', 'a2', 'a3']);
  });

  it("caps one owner's upload checks in flight (429, Retry-After); other owners and renders that are not checks pass", async () => {
    const a1 = pool.render(film(1), { owner: 'user:1', check: IMAGE_TYPE.cephalogram });
    const a2 = pool.render(film(2), { owner: 'user:1', check: IMAGE_TYPE.lateralFace });
    await expect(pool.render(film(3), { owner: 'user:1', check: IMAGE_TYPE.cephalogram })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      retryAfterS: expect.any(Number),
    });
    const others = [pool.render(film(4), { owner: 'user:2', check: IMAGE_TYPE.cephalogram }), pool.render(film(5), { owner: 'user:1' })];
    const done = await Promise.all([a1, a2, ...others]);
    expect(done.map((r) => [r.film.width, r.film.height])).toEqual(Array(4).fill([640, 640]));
    // Its checks done, the owner may check again.
    await expect(pool.render(film(6), { owner: 'user:1', check: IMAGE_TYPE.cephalogram })).resolves.toMatchObject({ film: { width: 640 } });
  });

  it('checks the image type size limits in the worker before decoding', async () => {
    const small = buildDicom({ rows: 300, columns: 400, pixelData: Buffer.alloc(400 * 300, 9) });
    await expect(pool.render(small, { owner: 'user:1', check: IMAGE_TYPE.cephalogram })).rejects.toMatchObject({
      code: 'IMAGE_DIMENSIONS',
    });
    await expect(pool.render(small, { owner: 'user:1', check: IMAGE_TYPE.lateralFace })).resolves.toMatchObject({ film: { width: 400 } });
  });
});
