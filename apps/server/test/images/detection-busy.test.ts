import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandmarkModel } from '../../src/features/landmarks/landmark.service';
import { InferenceFailedError, type Detection } from '../../src/inference/index';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../src/db/schema/index';
import { createImageHarness, eventually, plainImage, type ImageHarness } from './image-harness';
import { defineInProcess } from '../support/define-in-process.ts';

/**
 * POST /ai/ceppro/ceph-landmark under load (black-box probe: 150 parallel detections from one user
 * pushed another user's past 30 s). The model is a fake whose detections are settled by hand.
 */
let t: ImageHarness;
const calls: Array<{ fail: () => void }> = [];
const waiters: Array<() => void> = [];

const fakeModel: LandmarkModel = {
  define: defineInProcess,
  detect: () =>
    new Promise<Detection>((_resolve, reject) => {
      calls.push({ fail: () => reject(new InferenceFailedError('fake model stopped')) });
      waiters.splice(0).forEach((wake) => wake());
    }),
};

/** Resolves once the model has been asked `n` times in all. */
async function modelCalls(n: number): Promise<void> {
  while (calls.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
}

beforeAll(async () => {
  t = await createImageHarness({ AI_MAX_RUNNING: '1', AI_MAX_PER_USER: '2', AI_MAX_QUEUED: '20' });
  (t.h.services as { inference: () => LandmarkModel }).inference = () => fakeModel;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function userWithFilm(prefix: string) {
  const token = await t.signIn(prefix);
  const chart = await t.chart(token);
  const stored = await t.uploadImage(token, chart.chartId, await plainImage(968, 1200));
  expect(stored.status, stored.raw).toBe(200);
  const detect = () =>
    t.h.app.inject({
      method: 'POST',
      url: '/ai/ceppro/ceph-landmark',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { chart_id: chart.chartId },
    });
  return { detect };
}

describe('landmark detection queue', () => {
  it('answers a user over the limit 429 AI_BUSY with Retry-After, keeps another user waiting briefly, and frees failed slots', async () => {
    const a = await userWithFilm('busya');
    const b = await userWithFilm('busyb');

    const a1 = a.detect();
    await modelCalls(1);
    // A's second waits; the third is over A's limit and is answered at once.
    const later = [a.detect(), a.detect()].map((reply, index) => reply.then((response) => ({ index, response })));
    const first = await Promise.race(later);
    const refused = first.response;
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'AI_BUSY' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const waiting = later[1 - first.index]!.then(({ response }) => response);

    const b1 = b.detect();
    // Once B's detection is queued beside A's waiting one, settle A's running one (as a failure):
    // B, not served yet, runs before A's waiting one (job.repository.ts claim), then A's.
    await eventually(async () => {
      const rows = await t.h.services.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, 'landmark-detection'), eq(jobs.status, 'queued')));
      return rows.length === 2;
    });
    calls[0]?.fail();
    expect((await a1).statusCode).toBe(503);
    await modelCalls(2);
    calls[1]?.fail();
    expect((await b1).json()).toMatchObject({ code: 'INFERENCE_FAILED' });
    await modelCalls(3);
    calls[2]?.fail();
    expect((await waiting).statusCode).toBe(503);

    // Failed detections gave their slots back.
    const again = a.detect();
    await modelCalls(4);
    calls[3]?.fail();
    expect((await again).statusCode).toBe(503);
  });
});
