import type { Clock } from '../clock';
import { AppError } from '../errors/app-error';

/** The per-user request budget of one server process (USER_* and HEAVY_* in config.ts; docs/performance.md). */
export interface UserBudgetLimits {
  /** Requests of one user being answered at once. */
  inFlight: number;
  /** Requests of one user admitted per minute: a token bucket of this many, refilled evenly over the minute. */
  perMinute: number;
  /** Heavy requests (report PDF, exports, planning, image checks) of one user admitted at once. */
  heavyPerUser: number;
  /** `render` requests (made on the event loop) of all users running at once; the next wait their turn (at most `heavyWaitMs`). */
  heavyRunning: number;
  /** What a heavy request takes from the per-minute budget. */
  heavyCost: number;
  /** How long a heavy request waits for its turn before it is refused. */
  heavyWaitMs: number;
}

/**
 * `heavy`: counts against the user's heavy limit and costs `heavyCost` (its work runs off the event
 * loop, as an image check's decoding); `render`: the same, and it also waits for a turn among all
 * users' (a PDF laid out on the event loop).
 */
export type RequestWeight = 'normal' | 'heavy' | 'render';

/** One admitted request's hold on the budget. */
export interface BudgetSlot {
  /** Resolves when the request may run: at once, or for a heavy one when its turn comes; rejects RATE_LIMITED. */
  readonly ready: Promise<void>;
  /** Gives everything back; safe to call more than once. */
  release(): void;
}

interface UserState {
  inFlight: number;
  heavy: number;
  tokens: number;
  /** When `tokens` was last brought up to date. */
  at: number;
}

interface Waiter {
  grant(): void;
  refuse(error: AppError): void;
}

/** Idle users are forgotten at most this often (their bucket is full again a minute after their last request). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fair share of one process between users (black-box probe: 500 parallel requests from one user made
 * another user's list take 28 s). Each user has a number of requests in flight, a per-minute token
 * bucket and a number of heavy requests at once; a request over any of them is refused with
 * RATE_LIMITED (429) and the seconds after which it would fit. Refused requests cost nothing.
 * `render` requests of all users also take turns: `heavyRunning` at once, the others wait in arrival
 * order, so a burst of PDFs cannot hold the event loop. Time comes from the injected clock.
 */
export class UserBudget {
  private readonly users = new Map<number, UserState>();
  private readonly waiting: Waiter[] = [];
  private heavyNow = 0;
  private lastSweep: number;

  constructor(
    readonly limits: UserBudgetLimits,
    private readonly clock: Clock,
  ) {
    this.lastSweep = clock.now();
  }

  /** Admits one request of `userId` or throws RATE_LIMITED with Retry-After. */
  take(userId: number, weight: RequestWeight): BudgetSlot {
    const now = this.clock.now();
    this.sweep(now);
    const state = this.stateOf(userId, now);
    const heavy = weight !== 'normal';
    if (state.inFlight >= this.limits.inFlight) throw refusal('Too many requests from this account at once.', 1);
    if (heavy && state.heavy >= this.limits.heavyPerUser) throw refusal('Other reports or exports of this account are being made.', 1);
    const cost = heavy ? this.limits.heavyCost : 1;
    if (state.tokens < cost) {
      const seconds = Math.ceil(((cost - state.tokens) * 60) / this.limits.perMinute);
      throw refusal('Too many requests from this account this minute.', seconds);
    }
    state.tokens -= cost;
    state.inFlight += 1;
    if (heavy) state.heavy += 1;
    if (weight === 'render') return this.renderSlot(state);
    return this.slot(state, Promise.resolve(), () => {
      if (heavy) state.heavy -= 1;
    });
  }

  /** Requests of the user being answered now (tests, the bench). */
  inFlightOf(userId: number): number {
    return this.users.get(userId)?.inFlight ?? 0;
  }

  /** `render` requests of all users running now, and waiting for their turn. */
  heavyLoad(): { running: number; waiting: number } {
    return { running: this.heavyNow, waiting: this.waiting.length };
  }

  private renderSlot(state: UserState): BudgetSlot {
    let running = false;
    let waiter: Waiter | undefined;
    let cancelTimer = (): void => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      const start = () => {
        running = true;
        this.heavyNow += 1;
        resolve();
      };
      if (this.heavyNow < this.limits.heavyRunning) return start();
      const queued: Waiter = {
        grant: () => {
          cancelTimer();
          start();
        },
        refuse: (error) => {
          this.dequeue(queued);
          reject(error);
        },
      };
      waiter = queued;
      this.waiting.push(queued);
      cancelTimer = this.clock.schedule(this.limits.heavyWaitMs, () => {
        queued.refuse(refusal('The server is busy making other reports and exports.', 2));
      });
    });
    // A refusal while waiting is the caller's to handle; an unobserved one must not crash the process.
    ready.catch(() => undefined);
    return this.slot(state, ready, () => {
      if (running) {
        this.heavyNow -= 1;
        this.waiting.shift()?.grant();
      } else if (waiter) {
        cancelTimer();
        waiter.refuse(refusal('The request ended before its turn.', 1));
      }
      state.heavy -= 1;
    });
  }

  private slot(state: UserState, ready: Promise<void>, releaseMore: () => void): BudgetSlot {
    let released = false;
    return {
      ready,
      release: () => {
        if (released) return;
        released = true;
        state.inFlight -= 1;
        releaseMore();
      },
    };
  }

  private dequeue(waiter: Waiter): void {
    const index = this.waiting.indexOf(waiter);
    if (index >= 0) this.waiting.splice(index, 1);
  }

  private stateOf(userId: number, now: number): UserState {
    let state = this.users.get(userId);
    if (!state) {
      state = { inFlight: 0, heavy: 0, tokens: this.limits.perMinute, at: now };
      this.users.set(userId, state);
    }
    this.refill(state, now);
    return state;
  }

  private refill(state: UserState, now: number): void {
    const elapsed = Math.max(0, now - state.at);
    state.tokens = Math.min(this.limits.perMinute, state.tokens + (elapsed * this.limits.perMinute) / 60_000);
    state.at = now;
  }

  /** Forgets users with nothing in flight and a full bucket: they would start from the same state. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [userId, state] of this.users) {
      this.refill(state, now);
      if (state.inFlight === 0 && state.tokens >= this.limits.perMinute) this.users.delete(userId);
    }
  }

  /** Users the budget remembers now (tests). */
  get size(): number {
    return this.users.size;
  }
}

function refusal(message: string, retryAfterS: number): AppError {
  return new AppError('RATE_LIMITED', `${message} Try again in ${retryAfterS} s.`, { retryAfterS: Math.max(1, retryAfterS) });
}
