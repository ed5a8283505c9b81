import { describe, expect, it } from 'vitest';
import { UserBudget, type UserBudgetLimits } from '../../src/http/user-budget';
import { ManualClock } from '../support/manual-clock';

const LIMITS: UserBudgetLimits = { inFlight: 3, perMinute: 6, heavyPerUser: 2, heavyRunning: 1, heavyCost: 2, heavyWaitMs: 10_000 };

function setup(limits: Partial<UserBudgetLimits> = {}) {
  const clock = new ManualClock(1_000_000);
  return { clock, budget: new UserBudget({ ...LIMITS, ...limits }, clock) };
}

/** The refusal `take` throws, as the HTTP mapper sees it. */
function refusal(take: () => unknown): { code: string; retryAfterS: number | undefined } {
  try {
    take();
  } catch (error) {
    const { code, retryAfterS } = error as { code: string; retryAfterS?: number };
    return { code, retryAfterS };
  }
  throw new Error('the request was admitted');
}

describe('per-user request budget', () => {
  it('admits a user up to the in-flight limit, refuses the next with RATE_LIMITED and Retry-After 1, and leaves other users alone', () => {
    const { budget } = setup({ perMinute: 100 });
    const held = [budget.take(1, 'normal'), budget.take(1, 'normal'), budget.take(1, 'normal')];
    expect(refusal(() => budget.take(1, 'normal'))).toEqual({ code: 'RATE_LIMITED', retryAfterS: 1 });
    expect(budget.inFlightOf(1)).toBe(3);
    // Another user has a budget of their own.
    const other = budget.take(2, 'normal');
    expect(budget.inFlightOf(2)).toBe(1);
    // One answered: one more fits.
    held[0]?.release();
    expect(budget.inFlightOf(1)).toBe(2);
    budget.take(1, 'normal');
    other.release();
  });

  it('releases a slot once however often release is called', () => {
    const { budget } = setup({ perMinute: 100 });
    const slot = budget.take(1, 'normal');
    budget.take(1, 'normal');
    slot.release();
    slot.release();
    expect(budget.inFlightOf(1)).toBe(1);
  });

  it('admits a burst of perMinute, then refills evenly over the minute; Retry-After is the wait for the next token', () => {
    const { clock, budget } = setup({ inFlight: 100 });
    for (let i = 0; i < 6; i++) budget.take(1, 'normal').release();
    // 6 a minute: one token every 10 s.
    expect(refusal(() => budget.take(1, 'normal'))).toEqual({ code: 'RATE_LIMITED', retryAfterS: 10 });
    clock.advance(4_000);
    expect(refusal(() => budget.take(1, 'normal')).retryAfterS).toBe(6);
    clock.advance(6_000);
    budget.take(1, 'normal').release();
    expect(refusal(() => budget.take(1, 'normal')).code).toBe('RATE_LIMITED');
    // Refused requests cost nothing: a full minute later the whole burst is back.
    clock.advance(60_000);
    for (let i = 0; i < 6; i++) budget.take(1, 'normal').release();
    // Another user's minute is untouched by all this.
    for (let i = 0; i < 6; i++) budget.take(2, 'normal').release();
  });

  it('charges a heavy (render) request heavyCost of the minute and allows heavyPerUser of them at once', async () => {
    const { budget } = setup({ perMinute: 100, heavyRunning: 5 });
    const first = budget.take(1, 'render');
    const second = budget.take(1, 'render');
    await Promise.all([first.ready, second.ready]);
    expect(refusal(() => budget.take(1, 'render')).code).toBe('RATE_LIMITED');
    // Normal requests still fit beside them.
    budget.take(1, 'normal').release();
    first.release();
    budget.take(1, 'render');

    const cheap = setup({ perMinute: 5, heavyRunning: 5, inFlight: 100 });
    for (let i = 0; i < 2; i++) cheap.budget.take(1, 'render').release();
    // 4 of 5 tokens spent; a heavy one needs 2.
    expect(refusal(() => cheap.budget.take(1, 'render')).retryAfterS).toBe(12);
    cheap.budget.take(1, 'normal').release();
  });

  it('counts a heavy request (work off the event loop) against the same per-user limit, without a turn among all users', async () => {
    const { budget } = setup({ perMinute: 100, heavyRunning: 1 });
    const pdf = budget.take(1, 'render');
    // The one render turn is taken; an upload check of another user does not wait for it.
    const check = budget.take(2, 'heavy');
    await check.ready;
    expect(budget.heavyLoad()).toEqual({ running: 1, waiting: 0 });
    budget.take(2, 'heavy');
    expect(refusal(() => budget.take(2, 'render')).code).toBe('RATE_LIMITED');
    check.release();
    const third = budget.take(2, 'heavy');
    for (const slot of [pdf, third]) slot.release();
  });

  it('lets render requests of all users run heavyRunning at a time, the rest in arrival order', async () => {
    const { budget } = setup({ perMinute: 100 });
    const order: string[] = [];
    const a = budget.take(1, 'render');
    const b = budget.take(2, 'render');
    const c = budget.take(3, 'render');
    void a.ready.then(() => order.push('a'));
    void b.ready.then(() => order.push('b'));
    void c.ready.then(() => order.push('c'));
    await Promise.resolve();
    expect(order).toEqual(['a']);
    expect(budget.heavyLoad()).toEqual({ running: 1, waiting: 2 });
    a.release();
    await b.ready;
    expect(order).toEqual(['a', 'b']);
    b.release();
    await c.ready;
    c.release();
    expect(budget.heavyLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a render request that waited heavyWaitMs, and one whose client left while it waited, without leaking', async () => {
    const { clock, budget } = setup({ perMinute: 100 });
    const running = budget.take(1, 'render');
    const waited = budget.take(2, 'render');
    const left = budget.take(3, 'render');
    left.release();
    await expect(left.ready).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(budget.inFlightOf(3)).toBe(0);
    clock.advance(10_000);
    await expect(waited.ready).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterS: 2 });
    waited.release();
    expect(budget.inFlightOf(2)).toBe(0);
    expect(budget.heavyLoad()).toEqual({ running: 1, waiting: 0 });
    running.release();
    expect(budget.heavyLoad()).toEqual({ running: 0, waiting: 0 });
    // Both users' heavy slots are free again.
    await Promise.all([budget.take(2, 'render').ready]);
  });

  it('forgets idle users whose bucket is full again', () => {
    const { clock, budget } = setup({ perMinute: 100 });
    budget.take(1, 'normal').release();
    const busy = budget.take(2, 'normal');
    expect(budget.size).toBe(2);
    clock.advance(61_000);
    budget.take(3, 'normal').release();
    // User 1 is forgotten; user 2 still has a request in flight.
    expect(budget.size).toBe(2);
    busy.release();
  });
});
