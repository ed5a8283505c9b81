import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Clock } from '../../clock';
import type { AuditRepository } from './audit.repository';

const DAY_MS = 86_400_000;
/** How often the purge runs; the first run comes `FIRST_PURGE_DELAY_MS` after start-up. */
export const AUDIT_PURGE_INTERVAL_MS = DAY_MS;
const FIRST_PURGE_DELAY_MS = 60_000;
/** Rows one delete statement takes; a purge repeats it until fewer are left. */
const PURGE_BATCH = 5_000;

/**
 * The retention of the audit trail (AUDIT_RETENTION_DAYS, at least 365): once a day, in `worker`
 * processes, events older than that are deleted, oldest first. The table's trigger refuses a delete
 * of any row younger than 365 days, so neither this job nor anyone else can shorten the trail below a
 * year without dropping the trigger.
 */
export class AuditRetention {
  private cancelTick: (() => void) | null = null;
  private purging: Promise<unknown> | null = null;

  constructor(
    private readonly deps: {
      repository: Pick<AuditRepository, 'deleteOlderThan'>;
      clock: Clock;
      log: FastifyBaseLogger;
      retentionDays: number;
    },
  ) {}

  start(): void {
    if (this.cancelTick) return;
    const tick = () => {
      this.cancelTick = this.deps.clock.schedule(AUDIT_PURGE_INTERVAL_MS, tick);
      if (this.purging) return;
      this.purging = this.purgeOnce()
        .then((deleted) => {
          if (deleted > 0) this.deps.log.info({ deleted, retentionDays: this.deps.retentionDays }, 'audit events past retention deleted');
        })
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'audit retention purge failed'))
        .finally(() => {
          this.purging = null;
        });
    };
    this.cancelTick = this.deps.clock.schedule(FIRST_PURGE_DELAY_MS, tick);
  }

  /** No more runs; resolves once a purge in flight has finished. */
  async stop(): Promise<void> {
    this.cancelTick?.();
    this.cancelTick = null;
    await this.purging;
  }

  /** Deletes every event recorded more than `retentionDays` before `now`; returns how many. */
  async purgeOnce(now: number = this.deps.clock.now()): Promise<number> {
    const cutoff = new Date(now - this.deps.retentionDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const n = await this.deps.repository.deleteOlderThan(cutoff, PURGE_BATCH);
      deleted += n;
      if (n < PURGE_BATCH) return deleted;
      await yieldToLoop();
    }
  }
}
