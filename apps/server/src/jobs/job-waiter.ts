import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { EventBus, OutboundMessage } from '../realtime/event-bus';
import { jobOutcomeSchema, type JobOutcome } from './job-outcome';
import type { JobRepository } from './job.repository';

/** How long a fallback look at the job row waits, for a completion whose event was lost (a bus reconnect). */
export const JOB_POLL_FALLBACK_MS = 1_000;

const ENDED = new Set(['done', 'failed']);

/**
 * Waits, in any process, for a job to end: the runner's `job.completed` / `job.failed` event for
 * the job's owner (in memory in one process, LISTEN/NOTIFY across processes) says when to read the
 * job row, and a slow poll of the row covers a lost event. Resolves with the stored outcome, or
 * null when `timeoutMs` passes first. Timers come from the clock, so tests move time.
 */
export class JobWaiter {
  constructor(
    private readonly deps: { repository: JobRepository; events: EventBus; clock: Clock; log: FastifyBaseLogger; pollMs?: number },
  ) {}

  /** Subscribes before it returns, so a job woken right after the call cannot end unseen. */
  wait(jobId: string, userId: number, timeoutMs: number): Promise<JobOutcome | null> {
    const { repository, events, clock, log } = this.deps;
    const pollMs = this.deps.pollMs ?? JOB_POLL_FALLBACK_MS;
    return new Promise<JobOutcome | null>((resolve) => {
      let settled = false;
      let cancelPoll: (() => void) | null = null;
      const finish = (outcome: JobOutcome | null) => {
        if (settled) return;
        settled = true;
        unsubscribe();
        cancelTimeout();
        cancelPoll?.();
        resolve(outcome);
      };
      const check = async () => {
        if (settled) return;
        try {
          const state = await repository.state(jobId);
          if (state === null) finish(GONE);
          else if (ENDED.has(state.status)) finish(parseOutcome(state.outcome));
        } catch (error) {
          log.warn({ err: error, job: jobId }, 'job state not readable; trying again');
        }
      };
      const poll = () => {
        cancelPoll = clock.schedule(pollMs, () => {
          void check().then(() => {
            if (!settled) poll();
          });
        });
      };
      const unsubscribe = events.subscribe(userId, (message: OutboundMessage) => {
        if (isEndOf(message, jobId)) void check();
      });
      const cancelTimeout = clock.schedule(timeoutMs, () => finish(null));
      poll();
      void check();
    });
  }
}

/** A job row that vanished (purged) or ended without an outcome (withdrawn) cannot be answered. */
const GONE: JobOutcome = { ok: false, code: 'INTERNAL', message: 'The background job was lost.' };

function parseOutcome(stored: unknown): JobOutcome {
  const parsed = jobOutcomeSchema.safeParse(stored);
  return parsed.success ? parsed.data : GONE;
}

function isEndOf(message: OutboundMessage, jobId: string): boolean {
  if (message.kind !== 'event') return false;
  const { event } = message;
  return (event.type === 'job.completed' || event.type === 'job.failed') && event.jobId === jobId;
}
