import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/index';
import { DetectionAdmission, fairShareLeft } from '../../src/features/landmarks/detection-admission';
import { createJobRepository, type JobRepository } from '../../src/jobs/job.repository';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The detection queue shared fairly (black-box probe: 12 accounts keeping their 2 slots busy made
 * every other user's detection 429). Admission and claims against the real database; the app runs
 * no `ai` runner (CEPPRO_ROLE=api), so only the test claims.
 */
let t: TestApp;
let repo: JobRepository;
const userIds: number[] = [];
let runAt = 0;

const OPTIONS = { maxRunning: 2, maxQueued: 20, perUser: 2, initialMeanMs: 2_000 };
const db = () => t.services.database.db;
const payload = () => ({ chartId: `chart-${randomUUID()}`, chartUuid: randomUUID() });

beforeAll(async () => {
  t = await createTestApp({ env: { CEPPRO_ROLE: 'api' } });
  const stamp = randomUUID().slice(0, 8);
  for (let i = 1; i <= 15; i++) {
    const rows = await db().execute<{ id: number }>(sql`
      insert into users (email, first_name, password_hash, user_type_cd, status, email_verified_at,
                         terms_agreed_at, privacy_agreed_at, sso_agreed_at)
      values (${`fair-${stamp}-${i}@clinic.test`}, ${`Fair${i}`}, 'x', '00000', 'active', now(), now(), now(), now())
      returning id`);
    userIds.push(Number((rows as unknown as { rows: Array<{ id: number }> }).rows[0]?.id));
  }
  repo = createJobRepository(db());
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await db().delete(jobs);
});

const user = (n: number): number => userIds[n - 1] ?? 0;

/** A detection job of user `n` in slot `slot`, as admission makes it, due one millisecond after the previous one. */
async function enqueue(n: number, slot: number): Promise<string> {
  const id = await repo.enqueue(db(), {
    kind: 'landmark-detection',
    payload: payload(),
    userId: user(n),
    dedupeKey: `landmark-detection:${user(n)}:${slot}`,
  });
  if (id === null) throw new Error('slot taken');
  runAt += 1;
  // Due a few seconds ago (inside the minute the claim looks back on), in enqueue order.
  await db().execute(sql`update jobs set run_at = now() - interval '20 seconds' + make_interval(secs => ${runAt / 1000}) where id = ${id}`);
  return id;
}

/** Users 1..12 each with both slots taken; the first claims run users 1's and 2's first jobs. */
async function twelveFlooders(): Promise<void> {
  for (let n = 1; n <= 12; n++) for (let slot = 0; slot < 2; slot++) await enqueue(n, slot);
  for (let i = 0; i < 2; i++) expect(await repo.claim(['landmark-detection'], 60)).not.toBeNull();
}

async function refusal(attempt: Promise<unknown>): Promise<string> {
  return attempt.then(
    () => 'admitted',
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );
}

describe('fair share of a full queue (fairShareLeft)', () => {
  it.each([
    ['queue not yet at twice the limit, a new user', { queued: 22, mine: 0, users: 12 }, true],
    ['a user with one job when 13 users share 20', { queued: 22, mine: 1, users: 13 }, false],
    ['a user with one job when 5 users share 20 (share 4)', { queued: 20, mine: 1, users: 5 }, true],
    ['a user at their share of 4', { queued: 20, mine: 4, users: 5 }, false],
    ['the hard cap: twice the limit refuses everyone', { queued: 40, mine: 0, users: 30 }, false],
  ] as const)('%s', (_, active, expected) => {
    expect(fairShareLeft(active, 20)).toBe(expected);
  });

  it('keeps AI_MAX_QUEUED=0 meaning no queue at all', () => {
    expect(fairShareLeft({ queued: 0, mine: 0, users: 0 }, 0)).toBe(false);
  });
});

describe('landmark detection admission and claims with 12 users flooding', () => {
  it('admits a 13th and a 14th user, refuses the flooders first, and everyone at twice the limit', async () => {
    await twelveFlooders();
    const admission = new DetectionAdmission(db(), repo, OPTIONS);
    expect(await refusal(admission.enqueue(user(13), payload()))).toBe('admitted');
    expect(await refusal(admission.enqueue(user(14), payload()))).toBe('admitted');
    // A flooder is at their own limit.
    expect(await refusal(admission.enqueue(user(3), payload()))).toBe('AI_BUSY');
    // One of user 1's jobs ends: with the queue over its limit, user 1 (1 job, share 1) is still refused.
    const running = await db().execute<{ id: string }>(sql`select id::text from jobs where status = 'running' and user_id = ${user(1)}`);
    await repo.complete((running as unknown as { rows: Array<{ id: string }> }).rows[0]?.id ?? '');
    expect(await refusal(admission.enqueue(user(1), payload()))).toBe('AI_BUSY');
    // The 13th user's second detection is over their share too.
    expect(await refusal(admission.enqueue(user(13), payload()))).toBe('AI_BUSY');
    // With a limit of 10 the queue (24 waiting) is past twice it: even a user with nothing queued waits.
    const small = new DetectionAdmission(db(), repo, { ...OPTIONS, maxQueued: 10 });
    expect(await refusal(small.enqueue(user(15), payload()))).toBe('AI_BUSY');
  });

  it('claims the job of a user with nothing running before the flooders\u2019 older ones, then takes turns', async () => {
    await twelveFlooders();
    const mine = await enqueue(13, 0);
    const order: number[] = [];
    for (;;) {
      const job = await repo.claim(['landmark-detection'], 60);
      if (!job) break;
      if (job.id === mine) expect(order).toEqual([]);
      order.push(userIds.indexOf(job.userId ?? 0) + 1);
    }
    // Users 1 and 2 already run one each: 13 (one job) first, then each flooder's first, then the seconds.
    expect(order).toEqual([13, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('serves a user not served lately before one whose job just ended, though that one waited longer', async () => {
    const served = await enqueue(1, 0);
    await enqueue(1, 1);
    expect((await repo.claim(['landmark-detection'], 60))?.id).toBe(served);
    await repo.complete(served);
    const newcomer = await enqueue(13, 0);
    // Both have one job waiting and none running; user 1 was served a moment ago.
    expect((await repo.claim(['landmark-detection'], 60))?.id).toBe(newcomer);
  });
});
