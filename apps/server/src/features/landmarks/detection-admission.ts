import type { AppDatabase } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { ActiveJobs, JobRepository } from '../../jobs/job.repository';
import type { DetectionPayload } from './detection.job';

export interface DetectionAdmissionOptions {
  /** Detection jobs one `ai` process runs at once (AI_MAX_RUNNING); only for the Retry-After estimate. */
  maxRunning: number;
  /**
   * Detection jobs waiting for an `ai` process, all users together; beyond it only a user under
   * their fair share is admitted (fairShareLeft), up to twice this, then AI_BUSY for everyone.
   */
  maxQueued: number;
  /** One user's detection jobs queued plus running; beyond it that user's request is AI_BUSY. */
  perUser: number;
  /** The estimate of one detection's duration until some have been measured. */
  initialMeanMs: number;
}

/**
 * Admission to the `landmark-detection` queue (black-box probe: 150 parallel detections from one
 * user pushed another user's past the spec's 30 s). Each user has `perUser` slots, taken through
 * the jobs' dedupe keys (`landmark-detection:<user>:<slot>`), so the limit holds across every `api`
 * process at once. A full queue is shared fairly (second probe: 12 users keeping their slots busy
 * refused everyone else): a user with fewer jobs than their share of it is still admitted, so those
 * refused are the heaviest; `ai` processes claim the job of the user with the fewest running first
 * (job.repository.ts `claim`). Refusals are AI_BUSY (429) with a Retry-After estimated from the work
 * ahead and the mean duration this process has measured.
 */
export class DetectionAdmission {
  private meanMs: number;

  constructor(
    private readonly db: AppDatabase,
    private readonly jobs: JobRepository,
    private readonly options: DetectionAdmissionOptions,
  ) {
    this.meanMs = options.initialMeanMs;
  }

  /** Enqueues the user's detection and returns the job id; throws AI_BUSY when over a limit. */
  async enqueue(userId: number, payload: DetectionPayload): Promise<string> {
    const active = await this.jobs.countActive('landmark-detection', userId);
    if (active.mine >= this.options.perUser) throw this.busy(active.all);
    if (active.queued >= this.options.maxQueued && !fairShareLeft(active, this.options.maxQueued)) throw this.busy(active.all);
    for (let slot = 0; slot < this.options.perUser; slot++) {
      const id = await this.jobs.enqueue(this.db, {
        kind: 'landmark-detection',
        payload,
        userId,
        dedupeKey: `landmark-detection:${userId}:${slot}`,
      });
      if (id !== null) return id;
    }
    throw this.busy(active.all + 1);
  }

  /** AI_BUSY with the seconds until a slot is likely free: the work ahead over the running slots. */
  busy(ahead: number): AppError {
    const retryAfterS = Math.max(1, Math.ceil((Math.max(1, ahead) * this.meanMs) / this.options.maxRunning / 1000));
    return new AppError('AI_BUSY', undefined, { retryAfterS });
  }

  /** A moving average of enqueue-to-answer times: recent ones count most (film sizes differ). */
  measure(ms: number): void {
    this.meanMs = this.meanMs * 0.8 + ms * 0.2;
  }
}

/**
 * Whether a user may still join a full queue: while it holds less than twice `maxQueued`, a user with
 * fewer active jobs than `maxQueued` split between the users with jobs (the asker included, at least
 * 1 each) is admitted. The users over their share are the ones refused.
 */
export function fairShareLeft(active: Pick<ActiveJobs, 'queued' | 'mine' | 'users'>, maxQueued: number): boolean {
  if (active.queued >= 2 * maxQueued) return false;
  const users = active.users + (active.mine === 0 ? 1 : 0);
  return active.mine < Math.max(1, Math.floor(maxQueued / users));
}
