import { describe, expect, it } from 'vitest';
import type { MigrationStatus } from '../src/db/migrations';
import { createHealthService, type HealthTiming } from '../src/features/health/health.service';
import type { ObjectStorage } from '../src/storage/object-storage';

/**
 * The probe must not turn 503 because one user's heavy work sits in front of its query in the
 * database's queue (black-box probe: /healthz answered 503 during a 17 s GraphQL request). Time is
 * injected: `fire(ms)` lets every wait of that length end.
 */
function fakeTime() {
  let now = 1_000_000;
  const waits: Array<{ ms: number; resolve: () => void }> = [];
  const timing: Partial<HealthTiming> = {
    checkTimeoutMs: 3_000,
    answerWithinMs: 500,
    staleAfterMs: 30_000,
    now: () => now,
    wait: (ms) => new Promise<void>((resolve) => waits.push({ ms, resolve })),
  };
  return {
    timing,
    advance: (ms: number) => void (now += ms),
    async fire(ms: number) {
      for (const w of waits.filter((x) => x.ms === ms)) w.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const APPLIED: MigrationStatus = { appliedCount: 3, knownCount: 3, upToDate: true };

function fakeDatabase() {
  let answer: () => Promise<MigrationStatus> = () => Promise.resolve(APPLIED);
  let calls = 0;
  return {
    repository: {
      migrationStatus: () => {
        calls++;
        return answer();
      },
    },
    /** Every later query waits until the returned function is called. */
    stall() {
      let release: () => void = () => undefined;
      const gate = new Promise<MigrationStatus>((resolve) => (release = () => resolve(APPLIED)));
      answer = () => gate;
      return release;
    },
    fail: () => void (answer = () => Promise.reject(new Error('connection refused'))),
    calls: () => calls,
  };
}

const storage = { check: () => Promise.resolve() } as unknown as ObjectStorage;
const OK = { status: 'ok', db: 'ok', storage: 'ok', migrations: 'applied' };

describe('health service', () => {
  it('answers a probe queued behind busy database work with the recent good state, one query for all', async () => {
    const time = fakeTime();
    const db = fakeDatabase();
    const health = createHealthService({ repository: db.repository, storage, timing: time.timing });
    expect(await health.check()).toEqual(OK);

    const release = db.stall();
    const probes = Promise.all([health.check(), health.check(), health.check()]);
    await time.fire(500);
    expect(await probes).toEqual([OK, OK, OK]);
    // The three probes shared one query (the first check made one).
    expect(db.calls()).toBe(2);
    release();
  });

  it('fails once the last good state is stale and the database still does not answer', async () => {
    const time = fakeTime();
    const db = fakeDatabase();
    const health = createHealthService({ repository: db.repository, storage, timing: time.timing });
    expect(await health.check()).toEqual(OK);
    db.stall();
    time.advance(30_001);
    const probe = health.check();
    await time.fire(500);
    await time.fire(3_000);
    expect(await probe).toEqual({ status: 'unavailable', db: 'error', storage: 'ok', migrations: 'pending' });
  });

  it('does not stand in the last good state for a check whose storage has failed while the database is queued', async () => {
    const time = fakeTime();
    const db = fakeDatabase();
    let storageUp = true;
    const flaky = { check: () => (storageUp ? Promise.resolve() : Promise.reject(new Error('gone'))) } as unknown as ObjectStorage;
    const health = createHealthService({ repository: db.repository, storage: flaky, timing: time.timing });
    expect(await health.check()).toEqual(OK);
    const release = db.stall();
    storageUp = false;
    let answered: unknown = null;
    const probe = health.check().then((h) => (answered = h));
    await time.fire(500);
    expect(answered).toBeNull();
    release();
    await probe;
    expect(answered).toEqual({ status: 'unavailable', db: 'ok', storage: 'error', migrations: 'applied' });
  });

  it('answers a failed check at once, without the last good state', async () => {
    const time = fakeTime();
    const db = fakeDatabase();
    const health = createHealthService({ repository: db.repository, storage, timing: time.timing });
    expect(await health.check()).toEqual(OK);
    db.fail();
    expect(await health.check()).toMatchObject({ status: 'unavailable', db: 'error' });
  });
});
