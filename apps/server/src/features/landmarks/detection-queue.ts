import { AppError } from '../../errors/app-error';

export interface DetectionQueueOptions {
  /** Detections running at once (the model's worker takes them one by one; more overlaps I/O). */
  maxRunning: number;
  /** Detections waiting, all users together; beyond it a request is refused with AI_BUSY. */
  maxQueued: number;
  /** One user's detections running plus waiting; beyond it that user's request is refused. */
  perUser: number;
  /** The estimate of one detection's duration until some have been measured. */
  initialMeanMs: number;
  now?: () => number;
}

interface Waiting {
  start: () => void;
}

/**
 * The scheduler in front of the landmark model (black-box probe: 150 parallel detections from one
 * user pushed another user's past the spec's 30 s). Waiting jobs are kept per user and started
 * round-robin over users, so one user's flood never stands in front of another user's single job
 * for more than `perUser` of its jobs. Refusals are AI_BUSY (429) with a Retry-After estimated from
 * the work ahead and the measured mean duration.
 */
export class DetectionQueue {
  private running = 0;
  private queued = 0;
  /** Running plus waiting, per user. */
  private readonly perUserCount = new Map<number, number>();
  private readonly waiting = new Map<number, Waiting[]>();
  /** Users with waiting jobs, in turn order; the next job comes from the head. */
  private readonly turn: number[] = [];
  private meanMs: number;
  private readonly now: () => number;

  constructor(private readonly options: DetectionQueueOptions) {
    this.meanMs = options.initialMeanMs;
    this.now = options.now ?? (() => Date.now());
  }

  /** Runs `job` for `userId` when its turn comes; throws AI_BUSY at once when over a limit. */
  async run<T>(userId: number, job: () => Promise<T>): Promise<T> {
    const mine = this.perUserCount.get(userId) ?? 0;
    const mustWait = this.running >= this.options.maxRunning;
    if (mine >= this.options.perUser || (mustWait && this.queued >= this.options.maxQueued)) {
      throw new AppError('AI_BUSY', undefined, { retryAfterS: this.retryAfterS() });
    }
    this.perUserCount.set(userId, mine + 1);
    try {
      if (mustWait) await this.enqueue(userId);
      else this.running++;
      const started = this.now();
      try {
        return await job();
      } finally {
        // Failures count too: a refusal ran the model as long as a success.
        this.measure(this.now() - started);
        this.running--;
        this.startNext();
      }
    } finally {
      const left = (this.perUserCount.get(userId) ?? 1) - 1;
      if (left > 0) this.perUserCount.set(userId, left);
      else this.perUserCount.delete(userId);
    }
  }

  /** Seconds until a slot is likely free: the work ahead spread over the running slots. */
  retryAfterS(): number {
    const ahead = this.running + this.queued;
    return Math.max(1, Math.ceil((ahead * this.meanMs) / this.options.maxRunning / 1000));
  }

  stats(): { running: number; queued: number; meanMs: number } {
    return { running: this.running, queued: this.queued, meanMs: this.meanMs };
  }

  private enqueue(userId: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const list = this.waiting.get(userId);
      if (list) list.push({ start: resolve });
      else {
        this.waiting.set(userId, [{ start: resolve }]);
        this.turn.push(userId);
      }
      this.queued++;
    });
  }

  private startNext(): void {
    while (this.running < this.options.maxRunning) {
      const userId = this.turn.shift();
      if (userId === undefined) return;
      const list = this.waiting.get(userId);
      const next = list?.shift();
      if (!list || !next) continue;
      // The user goes to the back of the turn if it still has jobs waiting.
      if (list.length > 0) this.turn.push(userId);
      else this.waiting.delete(userId);
      this.queued--;
      this.running++;
      next.start();
    }
  }

  /** A moving average: recent durations count most (the model's speed depends on the film size). */
  private measure(ms: number): void {
    this.meanMs = this.meanMs * 0.8 + ms * 0.2;
  }
}

/** The landmark service with every detection taken through `queue`, per caller. */
export function withDetectionQueue<S extends { detect(userId: number, chartId: string): Promise<R> }, R>(service: S, queue: DetectionQueue): S {
  return { ...service, detect: (userId: number, chartId: string) => queue.run(userId, () => service.detect(userId, chartId)) };
}
