import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/index';
import { createJobRepository } from '../../src/jobs/job.repository';
import { JobQueue, JobRunner, MAX_JOB_ATTEMPTS, RETRY_DELAY_MS } from '../../src/jobs/job-runner';
import { LocalEventBus, type OutboundMessage } from '../../src/realtime/event-bus';
import { createImageHarness, eventually, type ImageHarness } from './image-harness';

/** The durable job queue (claims, dedupe, retries) and GraphQL drafts with patient numbering. */
let t: ImageHarness;
let token: string;
let userId: number;

const db = () => t.h.services.database.db;

beforeAll(async () => {
  t = await createImageHarness({ CEPPRO_ROLE: 'api,worker' });
  token = await t.signIn('jobs');
  const me = await t.h.services.database.db.query.users.findFirst({ orderBy: (u, { desc }) => desc(u.id) });
  userId = me?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

describe('job queue', () => {
  it('drops a second active job with the same dedupe key, and claims each job once', async () => {
    const repo = createJobRepository(db());
    const key = `test:${randomUUID()}`;
    const payload = { chartUuid: randomUUID() };
    const first = await repo.enqueue(db(), { kind: 'landmark-detection', payload, userId, dedupeKey: key });
    expect(first).toEqual(expect.any(String));
    expect(await repo.enqueue(db(), { kind: 'landmark-detection', payload, userId, dedupeKey: key })).toBeNull();
    await repo.enqueue(db(), { kind: 'landmark-detection', payload, userId });
    // Two claims at once (two workers) never get the same job.
    const claims = await Promise.all([repo.claim(['landmark-detection'], 60), repo.claim(['landmark-detection'], 60)]);
    const ids = claims.map((c) => c?.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids).toContain(first);
    expect(await repo.claim(['landmark-detection'], 60)).toBeNull();
    // Finished, the key is free again.
    await repo.complete(first ?? '');
    expect(await repo.enqueue(db(), { kind: 'landmark-detection', payload, userId, dedupeKey: key })).toEqual(expect.any(String));
    await db().delete(jobs).where(eq(jobs.kind, 'landmark-detection'));
  });

  it('tells an idle runner how long until the next job is due: a delayed retry, a lease running out, or none', async () => {
    const repo = createJobRepository(db());
    expect(await repo.msUntilNextDue(['landmark-detection'])).toBeNull();
    const id = await repo.enqueue(db(), { kind: 'landmark-detection', payload: { chartUuid: randomUUID() }, userId });
    expect(await repo.msUntilNextDue(['landmark-detection'])).toBe(0);
    expect(await repo.msUntilNextDue(['thumbnail'])).toBeNull();
    // Claimed with a 60 s lease: due again when the lease runs out (whatever time the queries took, under 60 s).
    expect((await repo.claim(['landmark-detection'], 60))?.id).toBe(id);
    const leased = await repo.msUntilNextDue(['landmark-detection']);
    expect(leased).toBeGreaterThan(50_000);
    expect(leased).toBeLessThanOrEqual(60_000);
    // Failed and retried in 30 s: due then.
    await repo.fail(id ?? '', 'boom', { final: false, delayMs: 30_000 });
    const retry = await repo.msUntilNextDue(['landmark-detection']);
    expect(retry).toBeGreaterThan(20_000);
    expect(retry).toBeLessThanOrEqual(30_000);
    await db()
      .delete(jobs)
      .where(eq(jobs.id, id ?? ''));
    expect(await repo.msUntilNextDue(['landmark-detection'])).toBeNull();
  });

  const explodingRunner = (events: LocalEventBus, onCall: () => void, retryDelayMs?: number) => {
    const repo = createJobRepository(db());
    // The harness runs no `ai` runner (CEPPRO_ROLE above), so only this runner claims it.
    return new JobRunner({
      repository: repo,
      queue: new JobQueue(repo),
      handlers: {
        'landmark-detection': async () => {
          onCall();
          throw new Error('model exploded');
        },
      },
      events,
      log: pino({ level: 'silent' }),
      pollMs: 20,
      ...(retryDelayMs !== undefined && { retryDelayMs }),
    });
  };

  it(`puts a failed job back with a back-off of ${RETRY_DELAY_MS} ms per attempt`, async () => {
    const repo = createJobRepository(db());
    const id = await repo.enqueue(db(), { kind: 'landmark-detection', payload: { chartUuid: randomUUID() }, userId });
    // One run: the job fails and is not due again yet, so drain stops there.
    expect(await explodingRunner(new LocalEventBus(), () => undefined).drain()).toBe(1);
    const row = await db().query.jobs.findFirst({ where: eq(jobs.id, id ?? '') });
    expect([row?.status, row?.attempts]).toEqual(['queued', 1]);
    // run_at and updated_at come from the same now() in the database: exact, whatever the clocks say.
    expect((row?.runAt.getTime() ?? 0) - (row?.updatedAt.getTime() ?? 0)).toBe(RETRY_DELAY_MS);
    await db()
      .delete(jobs)
      .where(eq(jobs.id, id ?? ''));
  });

  it(`retries a failing job up to ${MAX_JOB_ATTEMPTS} times, then reports job.failed to its owner once`, async () => {
    const repo = createJobRepository(db());
    const events = new LocalEventBus();
    const seen: OutboundMessage[] = [];
    events.subscribe(userId, (m) => seen.push(m));
    let calls = 0;
    // No back-off here (the test above checks it): the retries are due at once.
    const runner = explodingRunner(events, () => (calls += 1), 0);
    const chartUuid = randomUUID();
    const id = await repo.enqueue(db(), { kind: 'landmark-detection', payload: { chartUuid }, userId });
    runner.start();
    try {
      const row = await eventually(async () => {
        const r = await db().query.jobs.findFirst({ where: eq(jobs.id, id ?? '') });
        return r?.status === 'failed' ? r : null;
      }, 20_000);
      expect(row.attempts).toBe(MAX_JOB_ATTEMPTS);
      expect(row.lastError).toBe('model exploded');
    } finally {
      await runner.stop();
    }
    expect(calls).toBe(MAX_JOB_ATTEMPTS);
    const types = seen.flatMap((m) => (m.kind === 'event' ? [m.event.type] : []));
    expect(types.filter((x) => x === 'job.failed')).toHaveLength(1);
    expect(types).not.toContain('job.completed');
    expect(seen.find((m) => m.kind === 'event' && m.event.type === 'job.failed')).toMatchObject({
      event: { code: 'INTERNAL', chartUuid, job: 'landmark-detection' },
    });
  }, 30_000);
});

describe('drafts in GraphQL', () => {
  const CREATE = `mutation($i: CreatePatientInput!, $d: Boolean) { create_patient(input: $i, draft: $d) { id patient_id } }`;
  const input = (name: string) => ({ first_name: name, birth_info: '1980-01-01', gender: false });

  it('keeps a draft patient and chart out of every query, and gives the draft no number', async () => {
    const draft = await t.ok<{ create_patient: { id: number; patient_id: string | null } }>(token, CREATE, {
      i: input('Draft Only'),
      d: true,
    });
    expect(draft.create_patient.patient_id).toBeNull();
    const chart = await t.ok<{ create_chart: { id: number; patient: { id: number } } }>(
      token,
      `mutation($p: Int!) { create_chart(patient_id: $p, draft: true) { id patient { id } } }`,
      {
        p: draft.create_patient.id,
      },
    );
    expect(chart.create_chart.patient.id).toBe(draft.create_patient.id);
    await t.addImage(chart.create_chart.id);
    const seen = await t.ok<{ patient: unknown; patients: { pagination: { total: number } }; charts: unknown[]; chart_data: unknown[] }>(
      token,
      `query($id: Int!, $c: Int!) { patient(id: $id) { id } patients(filter: { ` +
        `image_type_cd: [] }) { pagination { total } } charts { id } chart_data(chart_id: ` +
        `$c) { id } }`,
      { id: draft.create_patient.id, c: chart.create_chart.id },
    );
    expect(seen).toEqual({ patient: null, patients: { pagination: { total: 0 } }, charts: [], chart_data: [] });
    const update = await t.gql(token, `mutation($id: Int!) { update_patient(id: $id, input: { first_name: "X" }) { id } }`, {
      id: draft.create_patient.id,
    });
    expect(update.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('numbers concurrent creates without repeats, drafts not counted', async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.ok<{ create_patient: { patient_id: string } }>(token, CREATE, { i: input(`Burst ${i}`) })),
    );
    const numbers = created.map((c) => Number(c.create_patient.patient_id)).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
