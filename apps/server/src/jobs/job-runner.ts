import { type ErrorCode, type JobKind } from '@ceppro/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/app-error';
import type { EventBus } from '../realtime/event-bus';
import { failedOutcome, type JobOutcome } from './job-outcome';
import type { ClaimedJob, JobRepository, NewJob } from './job.repository';
import type { AppDatabase } from '../db/database';

export interface JobContext {
  /** Sends `job.progress` to the job's owner (0..1). */
  progress(value: number): Promise<void>;
}

/** What a handler returns is the job's result, kept as its outcome for a waiting request (job-waiter.ts). */
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<unknown>;

export const MAX_JOB_ATTEMPTS = 3;
const DEFAULT_LEASE_S = 120;
export const RETRY_DELAY_MS = 1_000;
const ERROR_BACKOFF_MS = 5_000;

/** Jobs whose payload names a chart report progress for it; others run silently. */
const eventTargetSchema = z.object({ chartUuid: z.uuid() });

/**
 * Enqueue side of the queue, for services: `enqueue` inside the caller's transaction (the job
 * exists exactly when the data it works on does), then `wake` after commit so an in-process runner
 * starts at once instead of at its next poll.
 */
export class JobQueue {
  private readonly wakers = new Set<() => void>();

  constructor(private readonly repository: JobRepository) {}

  enqueue(tx: AppDatabase, job: NewJob): Promise<string | null> {
    return this.repository.enqueue(tx, job);
  }

  wake(): void {
    for (const wake of this.wakers) wake();
  }

  onWake(wake: () => void): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }
}

/**
 * Runs queued jobs one at a time: at once when woken (a job queued in this process), else when the
 * next delayed job falls due, and at the latest every `pollMs` (jobs queued by other processes). Retries a failed
 * job up to MAX_JOB_ATTEMPTS, then reports `job.failed` to its owner. `stop` waits for the job in
 * hand, so shutdown never cuts a thumbnail write in half.
 */
export class JobRunner {
  private running: Promise<void> | null = null;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private wakeSleeper: (() => void) | null = null;
  private woken = false;
  private unhook: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<boolean>>();

  constructor(
    private readonly deps: {
      repository: JobRepository;
      queue: JobQueue;
      handlers: Partial<Record<JobKind, JobHandler>>;
      events: EventBus;
      log: FastifyBaseLogger;
      /** The longest wait between looks at the queue (config `jobs.pollMs`, JOBS_POLL_MS). */
      pollMs: number;
      /** A claim's lease (default 120 s), renewed every third of it while the job runs (JOBS_LEASE_S). */
      leaseS?: number;
      /**
       * true: a handler's AppError is the job's answer (a refused X-ray), final at once; other errors
       * are retried. false (default): every error is retried up to MAX_JOB_ATTEMPTS.
       */
      appErrorsAreFinal?: boolean;
      /** The code reported for a job whose runs all died with their process (lease ran out each time). */
      abandonedCode?: ErrorCode;
      /** A failed run is retried after this many ms times its attempt number (default RETRY_DELAY_MS; tests pass 0). */
      retryDelayMs?: number;
    },
  ) {}

  /** Adds the handler of a kind registered by another feature (membership's 'billing'). */
  register(kind: JobKind, handler: JobHandler): void {
    this.deps.handlers[kind] = handler;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unhook = this.deps.queue.onWake(() => this.wake());
    this.running = this.loop();
  }

  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unhook?.();
    this.unhook = null;
    this.wakeSleeper?.();
    await this.running;
    this.running = null;
  }

  /**
   * Runs due jobs until none is left, and waits for any the loop has in hand (tests; the loop does
   * the same). Returns how many this call ran.
   */
  async drain(): Promise<number> {
    let n = 0;
    for (;;) {
      if (await this.runNext()) n += 1;
      else if (this.inFlight.size > 0) await Promise.allSettled(this.inFlight);
      else return n;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let ran: boolean;
      try {
        ran = await this.runNext();
      } catch (error) {
        // The database is unreachable (or not migrated yet): back off instead of spinning.
        this.deps.log.warn({ err: error }, 'job queue unavailable');
        await this.sleep(ERROR_BACKOFF_MS);
        continue;
      }
      if (!ran) await this.sleep(await this.idleMs());
    }
  }

  /** How long to wait with nothing to run: until the next delayed job is due, at most `pollMs`. */
  private async idleMs(): Promise<number> {
    const due = await this.deps.repository.msUntilNextDue(Object.keys(this.deps.handlers)).catch(() => null);
    return due === null ? this.deps.pollMs : Math.min(this.deps.pollMs, Math.ceil(due));
  }

  /** Claim and run as one tracked step, so `drain` also waits for a claim the loop has just made. */
  private async runNext(): Promise<boolean> {
    const step = this.claimAndRun();
    this.inFlight.add(step);
    try {
      return await step;
    } finally {
      this.inFlight.delete(step);
    }
  }

  private async claimAndRun(): Promise<boolean> {
    const leaseS = this.deps.leaseS ?? DEFAULT_LEASE_S;
    const job = await this.deps.repository.claim(Object.keys(this.deps.handlers), leaseS);
    if (!job) return false;
    // While the job runs its lease is renewed; a process that dies stops renewing, and another takes it.
    const heartbeat = setInterval(
      () => {
        this.deps.repository.extendLease(job.id, leaseS).catch((error: unknown) => {
          this.deps.log.warn({ err: error, job: job.id }, 'job lease not renewed');
        });
      },
      (leaseS * 1000) / 3,
    );
    heartbeat.unref();
    try {
      await this.run(job);
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.deps.handlers[job.kind as JobKind];
    const target = eventTargetSchema.safeParse(job.payload);
    const publish = async (event: EventOf) => {
      if (job.userId === null || !target.success) return;
      const fields = { jobId: job.id, job: job.kind as JobKind, chartUuid: target.data.chartUuid };
      await this.deps.events.publish(job.userId, { kind: 'event', event: { ...event, ...fields } }).catch((error: unknown) => {
        this.deps.log.warn({ err: error, job: job.id }, 'job event not published');
      });
    };
    if (job.attempts > MAX_JOB_ATTEMPTS) {
      // Every earlier run's process died holding it: give up cleanly rather than loop on it.
      const code = this.deps.abandonedCode ?? 'INTERNAL';
      const outcome = failedOutcome(new AppError(code));
      this.deps.log.error({ job: job.id, kind: job.kind, attempts: job.attempts - 1 }, 'job abandoned: its runs never finished');
      await this.deps.repository.fail(job.id, 'abandoned: every run died with its process', { final: true, delayMs: 0, outcome });
      await publish({ type: 'job.failed', code: outcome.code, message: outcome.message });
      return;
    }
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await publish({ type: 'job.progress', progress: 0 });
      const progress = (value: number) => publish({ type: 'job.progress', progress: Math.min(1, Math.max(0, value)) });
      const result = await handler(job, { progress });
      await this.deps.repository.complete(job.id, { ok: true, result: result ?? null } satisfies JobOutcome);
      await publish({ type: 'job.completed' });
    } catch (error) {
      const answer = this.deps.appErrorsAreFinal === true && error instanceof AppError;
      const final = answer || job.attempts >= MAX_JOB_ATTEMPTS;
      this.deps.log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts, final }, 'job failed');
      const outcome = failedOutcome(error);
      const text = error instanceof Error ? error.message : String(error);
      await this.deps.repository.fail(job.id, text, { final, delayMs: (this.deps.retryDelayMs ?? RETRY_DELAY_MS) * job.attempts, outcome });
      if (final) await publish({ type: 'job.failed', code: outcome.code, message: outcome.message });
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wakeSleeper = null;
        this.woken = false;
        resolve();
      };
      this.wakeSleeper = done;
      this.timer = setTimeout(done, ms);
    });
  }
}

type EventOf =
  | { type: 'job.progress'; progress: number }
  | { type: 'job.completed' }
  | { type: 'job.failed'; code: ErrorCode; message: string };
