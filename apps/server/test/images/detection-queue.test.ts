import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error';
import { DetectionQueue, type DetectionQueueOptions } from '../../src/features/landmarks/detection-queue';

/**
 * The scheduler in front of the landmark model (black-box probe: 150 detections from one user made
 * another user's wait past 30 s). Jobs are fake detections settled by hand; time is injected.
 */
function harness(options: Partial<DetectionQueueOptions> = {}) {
  let now = 0;
  const queue = new DetectionQueue({ maxRunning: 1, maxQueued: 20, perUser: 2, initialMeanMs: 2_000, now: () => now, ...options });
  const started: string[] = [];
  const finish = new Map<string, { ok: () => void; fail: () => void }>();
  const outcomes = new Map<string, unknown>();
  const submit = (userId: number, name: string) => {
    const done = queue.run(userId, () => {
      started.push(name);
      return new Promise<string>((resolve, reject) => finish.set(name, { ok: () => resolve(name), fail: () => reject(new Error(`${name} failed`)) }));
    });
    done.then(
      (value) => outcomes.set(name, value),
      (error: unknown) => outcomes.set(name, error),
    );
    return done;
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return {
    queue,
    started,
    outcomes,
    submit,
    advance: (ms: number) => void (now += ms),
    async complete(name: string, how: 'ok' | 'fail' = 'ok') {
      const job = finish.get(name);
      if (!job) throw new Error(`${name} has not started`);
      job[how]();
      await settle();
    },
    settle,
  };
}

const busy = (value: unknown) => value instanceof AppError && value.code === 'AI_BUSY';

describe('detection queue', () => {
  it('refuses a flood beyond the per-user limit with AI_BUSY and Retry-After, and starts another user after at most that many', async () => {
    const h = harness();
    for (let i = 1; i <= 150; i++) void h.submit(1, `A${i}`).catch(() => undefined);
    void h.submit(2, 'B1');
    await h.settle();
    expect(h.started).toEqual(['A1']);
    const refused = [...h.outcomes.entries()].filter(([, value]) => busy(value));
    expect(refused).toHaveLength(148);
    const first = refused[0]?.[1] as AppError;
    expect(first.status).toBe(429);
    // One running and one waiting ahead at a mean of 2 s on one slot.
    expect(first.retryAfterS).toBe(4);

    await h.complete('A1');
    await h.complete('A2');
    // B waited for two of A's jobs (the per-user limit), not 150.
    expect(h.started).toEqual(['A1', 'A2', 'B1']);
    await h.complete('B1');
    expect(h.queue.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('takes waiting jobs round-robin over users, not first come first served', async () => {
    const h = harness({ perUser: 200, maxQueued: 200 });
    for (let i = 1; i <= 150; i++) void h.submit(1, `A${i}`);
    void h.submit(2, 'B1');
    void h.submit(3, 'C1');
    await h.settle();
    for (const name of ['A1', 'A2', 'B1', 'C1', 'A3']) await h.complete(name);
    expect(h.started.slice(0, 6)).toEqual(['A1', 'A2', 'B1', 'C1', 'A3', 'A4']);
  });

  it('bounds the waiting jobs of all users; Retry-After follows the measured mean duration', async () => {
    const h = harness({ maxQueued: 3 });
    void h.submit(1, 'U1');
    h.advance(6_000);
    await h.complete('U1');
    // Mean 2 s moved a fifth of the way to the measured 6 s.
    expect(h.queue.stats().meanMs).toBe(2_800);
    for (let user = 1; user <= 4; user++) void h.submit(user, `V${user}`);
    await h.settle();
    const refused = h.submit(5, 'V5');
    await expect(refused).rejects.toMatchObject({ code: 'AI_BUSY', retryAfterS: Math.ceil((4 * 2_800) / 1_000) });
    expect(h.started).toEqual(['U1', 'V1']);
  });

  it('frees the slot of a failed job, and the queue drains', async () => {
    const h = harness();
    const first = h.submit(1, 'A1');
    void h.submit(1, 'A2');
    await h.settle();
    await expect(h.submit(1, 'A3')).rejects.toMatchObject({ code: 'AI_BUSY' });
    await h.complete('A1', 'fail');
    await expect(first).rejects.toThrow('A1 failed');
    expect(h.started).toEqual(['A1', 'A2']);
    void h.submit(1, 'A4');
    await h.complete('A2');
    await h.complete('A4');
    expect(h.outcomes.get('A4')).toBe('A4');
    expect(h.queue.stats()).toMatchObject({ running: 0, queued: 0 });
  });
});
