import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { AppDatabase } from '../../db/database';
import { expiredAuth } from './expired-auth.repository';

/** How often the clean-up runs: nothing depends on the rows going sooner, it only keeps tables small. */
export const AUTH_CLEANUP_INTERVAL_MS = 3600 * 1000;

export interface AuthCleanupResult {
  /** Session rows (refresh tokens) of expired families. */
  sessions: number;
  verificationCodes: number;
}

/**
 * Periodically deletes expired sessions (refresh-token families) and verification codes. Runs on
 * the injected clock (tests move it instead of waiting); one run at a time. Spent sign-up proofs,
 * rate-limit windows and finished jobs are cleaned by the draft sweeper and the limiter.
 */
export class ExpiredAuthCleanup {
  private cancel: (() => void) | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly deps: { db: AppDatabase; clock: Clock; log: FastifyBaseLogger; intervalMs?: number }) {}

  start(): void {
    if (this.cancel) return;
    const interval = this.deps.intervalMs ?? AUTH_CLEANUP_INTERVAL_MS;
    const tick = () => {
      this.cancel = this.deps.clock.schedule(interval, tick);
      if (this.running) return;
      this.running = this.runOnce()
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'auth clean-up failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.cancel = this.deps.clock.schedule(interval, tick);
  }

  async stop(): Promise<void> {
    this.cancel?.();
    this.cancel = null;
    await this.running;
  }

  /** Resolves when no run is in progress (tests: after moving the clock). */
  async idle(): Promise<void> {
    await this.running;
  }

  async runOnce(): Promise<AuthCleanupResult> {
    const now = new Date(this.deps.clock.now());
    const { db } = this.deps;
    return {
      sessions: await expiredAuth.sessionFamilies(db, now),
      verificationCodes: await expiredAuth.verificationCodes(db, now),
    };
  }
}
