import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../src/config/config';
import { queryRows } from '../../src/db/raw-query';
import type { LandmarkModel } from '../../src/features/landmarks/landmark.service';
import { DETECTION_WAIT_MS } from '../../src/features/landmarks/landmark.service';
import type { Detection } from '../../src/inference/index';
import { MAX_JOB_ATTEMPTS } from '../../src/jobs/job-runner';
import { restrictToHealth } from '../../src/http/health-only';
import { parseRoles } from '../../src/roles';
import { ManualClock } from '../support/manual-clock';
import { createImageHarness, eventually, plainImage, type ImageHarness } from './image-harness';
import { fakeDetection } from './fake-detection';
import { defineInProcess } from '../support/define-in-process.ts';

/**
 * Landmark detection as a `landmark-detection` job (roles.ts, jobs/README.md). This harness runs as
 * `api,worker`: no detection runner starts by itself, so each test plays the `ai` process (or its
 * death) by hand, and time for the request's 30 s wait is a clock the test moves.
 */
let t: ImageHarness;
let token: string;
const clock = new ManualClock();
let release: (() => void) | null = null;

const fakeModel: LandmarkModel = {
  define: defineInProcess,
  detect: () =>
    new Promise<Detection>((resolve) => {
      release = () => resolve(fakeDetection());
    }),
};

beforeAll(async () => {
  t = await createImageHarness({ CEPPRO_ROLE: 'api,worker', JOBS_LEASE_S: '2' }, { clock });
  token = await t.signIn('detectjob');
  (t.h.services as { inference: () => LandmarkModel }).inference = () => fakeModel;
}, 60_000);
afterAll(async () => {
  await Promise.all(t?.h.app.background.detection.map((r) => r.stop()) ?? []);
  await t?.close();
});

const db = () => t.h.services.database.db;
const aiRunner = () => t.h.app.background.detection[0]!;

async function requestDetection() {
  const chart = await t.chart(token, { draft: true });
  expect((await t.uploadImage(token, chart.chartId, await plainImage(968, 1200))).status).toBe(200);
  const reply = t.h.app.inject({
    method: 'POST',
    url: '/ai/ceppro/ceph-landmark',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: { chart_id: chart.chartId },
  });
  const job = await eventually(async () => (await jobOf(chart.uuid)) ?? null, 10_000);
  return { chart, reply, jobId: job.id };
}

async function jobOf(chartUuid: string) {
  const rows = await queryRows(
    db(),
    sql`select id::text as id, status, attempts from jobs where kind = 'landmark-detection' and payload->>'chartUuid' = ${chartUuid}`,
    z.object({ id: z.string(), status: z.string(), attempts: z.number() }),
  );
  return rows[0];
}

/** An `ai` process that claimed the job and died: the claim is made, then its lease runs out. */
async function claimAndDie(jobId: string, runsSoFar: number): Promise<void> {
  await db().execute(
    sql`update jobs set status = 'running', attempts = ${runsSoFar}, locked_until = now() - interval '1 second' where id = ${jobId}`,
  );
}

describe('landmark detection as a job', () => {
  it('answers /healthz while a detection runs, and the request gets the job result', async () => {
    const { reply, chart } = await requestDetection();
    aiRunner().start();
    try {
      await eventually(async () => release !== null, 10_000);
      expect((await jobOf(chart.uuid))?.status).toBe('running');
      const health = await t.h.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      release?.();
      const answer = await reply;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ success: true, data: { chart_uuid: chart.uuid } });
    } finally {
      release = null;
      await aiRunner().stop();
    }
  });

  it('takes a job again after its process died holding it, and the waiting request still gets the landmarks', async () => {
    const { reply, jobId, chart } = await requestDetection();
    await claimAndDie(jobId, 1);
    aiRunner().start();
    try {
      await eventually(async () => release !== null, 10_000);
      release?.();
      const answer = await reply;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await jobOf(chart.uuid)).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      release = null;
      await aiRunner().stop();
    }
  });

  it(`gives up cleanly (503 INFERENCE_FAILED, the draft left to the browser's undo) after ${MAX_JOB_ATTEMPTS} dead runs`, async () => {
    const { reply, jobId, chart } = await requestDetection();
    await claimAndDie(jobId, MAX_JOB_ATTEMPTS);
    aiRunner().start();
    try {
      const answer = await reply;
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toMatchObject({ success: false, code: 'INFERENCE_FAILED' });
      expect(await jobOf(chart.uuid)).toMatchObject({ status: 'failed' });
      expect(release).toBeNull();
    } finally {
      await aiRunner().stop();
    }
    const undo = await t.call(token, '/api/discard-upload', { chart_id: chart.chartId });
    expect(undo.body.data).toMatchObject({ chart: true, patient: true });
  });

  it('answers AI_BUSY with Retry-After when no ai process took the job within 30 s, and withdraws it', async () => {
    const { reply, chart } = await requestDetection();
    clock.advance(DETECTION_WAIT_MS);
    const answer = await reply;
    expect(answer.statusCode, answer.body).toBe(429);
    expect(answer.json()).toMatchObject({ code: 'AI_BUSY' });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await jobOf(chart.uuid))?.status).toBe('failed');
  });
});

describe('roles', () => {
  it('reads CEPPRO_ROLE: all by default, lists, and a clear error for anything else', () => {
    expect([...loadConfig({}).roles].sort()).toEqual(['ai', 'api', 'worker']);
    const split = loadConfig({ CEPPRO_ROLE: 'api, worker' });
    expect([...split.roles]).toEqual(['api', 'worker']);
    expect(split.jobs).toMatchObject({ worker: true, ai: false });
    expect(() => loadConfig({ CEPPRO_ROLE: 'api,gpu' })).toThrow(ConfigError);
    expect(() => loadConfig({ CEPPRO_ROLE: 'api,gpu' })).toThrow(/CEPPRO_ROLE has unknown role gpu/);
    expect(() => loadConfig({ CEPPRO_ROLE: 'all,ai' })).toThrow(/CEPPRO_ROLE all cannot be combined/);
  });

  it('lets a worker or ai process answer /healthz and nothing else', async () => {
    for (const role of ['worker', 'ai', 'worker,ai']) {
      const app = Fastify();
      restrictToHealth(app, parseRoles(role));
      app.get('/healthz', async () => ({ status: 'ok' }));
      app.post('/graphql', async () => ({ data: {} }));
      expect((await app.inject({ method: 'GET', url: '/healthz?probe=1' })).statusCode).toBe(200);
      const refused = await app.inject({ method: 'POST', url: '/graphql' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      await app.close();
    }
  });
});
