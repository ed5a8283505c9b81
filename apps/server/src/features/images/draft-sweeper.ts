import { IMAGE_UPLOAD } from '@ceppro/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { AppDatabase } from '../../db/database';
import type { JobRepository } from '../../jobs/job.repository';
import type { ObjectStorage } from '../../storage/object-storage';
import { deleteObjects } from './discard.service';
import { STAGING_PREFIX } from './image.service';
import { purge } from './purge.repository';

export interface SweepResult {
  uploads: number;
  chartData: number;
  charts: number;
  patients: number;
  /** Licence files uploaded at sign-up and never attached to an account. */
  licenses: number;
  /** Partial files a crash left in the object store's temporary area. */
  partialWrites: number;
  /** Staging objects no upload names any more (a PUT that finished after its upload was closed). */
  stagingOrphans: number;
}

const FINISHED_JOB_RETENTION_MS = 24 * 3600 * 1000;
/** A write to the fs store's temporary area untouched this long was cut off by a crash. */
export const PARTIAL_WRITE_MAX_AGE_MS = 3600 * 1000;
/**
 * A staging object is looked at once it is older than an upload URL's lifetime: by then no PUT of
 * that URL can still be starting, and an upload that is still open has its row.
 */
export const STAGING_ORPHAN_MIN_AGE_MS = IMAGE_UPLOAD.urlTtlSeconds * 1000;
/** Staging objects looked at per sweep; more wait for the next sweep. */
const STAGING_SWEEP_BATCH = 500;

/**
 * Purges what an abandoned flow left behind (a tab closed mid-way): expired uploads, pending
 * images, draft charts and draft patients, licence files of sign-ups never finished, with their
 * objects; spent sign-up proofs once expired; partial files a crash left in the object store's
 * temporary area; and staging objects no upload names any more (on S3 a browser's PUT can finish
 * after the check closed its upload; on either driver a crash between write and clean-up). Rows
 * another transaction holds are skipped and picked up by the next sweep.
 */
export class DraftSweeper {
  private cancelTick: (() => void) | null = null;
  private sweeping: Promise<unknown> | null = null;

  constructor(
    private readonly deps: {
      db: AppDatabase;
      storage: ObjectStorage;
      jobs: JobRepository;
      log: FastifyBaseLogger;
      intervalMs: number;
      /** Ticks and "now" come from here, so tests move time instead of waiting for the interval. */
      clock: Clock;
    },
  ) {}

  start(): void {
    if (this.cancelTick) return;
    const tick = () => {
      this.cancelTick = this.deps.clock.schedule(this.deps.intervalMs, tick);
      // One sweep at a time: a slow sweep is not stacked on by the next tick.
      if (this.sweeping) return;
      this.sweeping = this.sweepOnce()
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'draft sweep failed'))
        .finally(() => {
          this.sweeping = null;
        });
    };
    this.cancelTick = this.deps.clock.schedule(this.deps.intervalMs, tick);
  }

  /** No more ticks; resolves once a sweep in flight has finished. */
  async stop(): Promise<void> {
    this.cancelTick?.();
    this.cancelTick = null;
    await this.sweeping;
  }

  async sweepOnce(now: Date = new Date(this.deps.clock.now())): Promise<SweepResult> {
    const { db, storage, log } = this.deps;
    const { result, keys } = await db.transaction(async (tx) => {
      const keys: string[] = [];
      const uploadKeys = await purge.expiredUploads(tx, now);
      keys.push(...uploadKeys);
      const pending = await purge.expiredPendingImages(tx, now);
      keys.push(...pending.keys);
      let chartData = pending.chartData;
      const chartIds = await purge.expiredDraftCharts(tx, now);
      for (const id of chartIds) {
        const purged = await purge.chart(tx, id);
        chartData += purged.chartData;
        keys.push(...purged.keys);
      }
      const patientIds = await purge.expiredDraftPatients(tx, now);
      for (const id of patientIds) {
        const purged = await purge.patient(tx, id);
        chartData += purged.chartData;
        keys.push(...purged.keys);
      }
      const licenseKeys = await purge.expiredLicenseUploads(tx, now);
      keys.push(...licenseKeys);
      await purge.expiredSpentProofs(tx, now);
      await purge.expiredDiscardRecords(tx, new Date(now.getTime() - FINISHED_JOB_RETENTION_MS));
      return {
        result: {
          uploads: uploadKeys.length,
          chartData,
          charts: chartIds.length,
          patients: patientIds.length,
          licenses: licenseKeys.length,
        },
        keys,
      };
    });
    await deleteObjects(storage, keys, log);
    await this.deps.jobs.purgeFinished(new Date(now.getTime() - FINISHED_JOB_RETENTION_MS));
    const partialWrites = (await storage.sweepPartialWrites?.(new Date(now.getTime() - PARTIAL_WRITE_MAX_AGE_MS))) ?? 0;
    const stagingOrphans = await this.sweepStagingOrphans(now);
    return { ...result, partialWrites, stagingOrphans };
  }

  /**
   * Deletes staging objects older than an upload URL's lifetime that no upload row names. Deleting
   * one whose check is finishing right now is harmless: the check read the bytes before it
   * removed the row, and deletes the staging object itself afterwards.
   */
  private async sweepStagingOrphans(now: Date): Promise<number> {
    const { db, storage, log } = this.deps;
    const old = await storage.listObjects(STAGING_PREFIX, {
      modifiedBefore: new Date(now.getTime() - STAGING_ORPHAN_MIN_AGE_MS),
      limit: STAGING_SWEEP_BATCH,
    });
    if (old.length === 0) return 0;
    const keys = old.map((o) => o.key);
    const named = await purge.keysWithUpload(db, keys);
    const orphans = keys.filter((key) => !named.has(key));
    await deleteObjects(storage, orphans, log);
    return orphans.length;
  }
}
