import { IMAGE_TYPE, landmarkResponseSchema, type ImageTypeCd, type LandmarkResponse } from '@ceppro/contract';
import { actorFor, type Actor, type ActorRef } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import type { JobQueue } from '../../jobs/job-runner';
import type { JobWaiter } from '../../jobs/job-waiter';
import type { JobRepository } from '../../jobs/job.repository';
import { derivedKeysOf, type ImageRepository } from '../images';
import { commitDraftPatient } from '../patients';
import type { DetectionAdmission } from './detection-admission';
import type { DetectionValues, LandmarkRepository, PendingImage } from './landmark.repository';

export { inferResultOf, type LandmarkModel } from './detection.job';

/** The spec's request time-out: the endpoint answers within it, whatever the queue is doing. */
export const DETECTION_WAIT_MS = 30_000;

/**
 * `POST /ai/ceppro/ceph-landmark`: checks the chart (owner, a cephalogram to analyse), enqueues a
 * `landmark-detection` job (detection.job.ts, run by an `ai` process, this one in the default `all`
 * role) and waits for its outcome, then answers with the job's result or its error, as if the model
 * had run in the request. Not finished within DETECTION_WAIT_MS: a job still waiting is withdrawn
 * and the answer is AI_BUSY (429) with a Retry-After.
 */
export function createLandmarkService(deps: {
  db: AppDatabase;
  images: ImageRepository;
  jobs: JobRepository;
  queue: JobQueue;
  waiter: JobWaiter;
  admission: DetectionAdmission;
  clock: Clock;
}) {
  const { db, images, jobs, queue, waiter, admission, clock } = deps;
  return {
    async detect(ref: ActorRef, chartId: string): Promise<LandmarkResponse> {
      const actor = actorFor(ref, 'landmarks.detect');
      const { userId } = actor;
      const chart = await images.findOwnedChart(db, actor, { chartId });
      if (!chart) throw new AppError('NOT_FOUND');
      const source = await images.newestCephalogram(chart.id);
      if (!source) throw new AppError('UPLOAD_MISSING', 'The chart has no cephalogram to analyse.');

      const started = clock.now();
      // The job carries the actor's space: the `ai` process commits into it without resolving it again.
      const space = actor.clinicId === null ? {} : { clinicId: actor.clinicId, role: actor.role };
      const jobId = await admission.enqueue(userId, { chartId, chartUuid: chart.uuid, ...space });
      const waiting = waiter.wait(jobId, userId, DETECTION_WAIT_MS);
      // An `ai` runner in this process starts at once; other processes claim at their next poll.
      queue.wake();
      const outcome = await waiting;
      if (outcome === null) {
        await jobs.cancelQueued(jobId, 'withdrawn: the request stopped waiting').catch(() => false);
        throw admission.busy((await jobs.countActive('landmark-detection', userId).catch(() => ({ all: 1 }))).all);
      }
      admission.measure(clock.now() - started);
      if (!outcome.ok) throw new AppError(outcome.code, outcome.message);
      return landmarkResponseSchema.parse(outcome.result);
    },
  };
}

export type LandmarkService = ReturnType<typeof createLandmarkService>;

export interface DetectionCommit extends Omit<DetectionValues, 'modifiedResult' | 'updatedBy'> {
  /** Who asked for the detection, in the space they asked in (the job's payload). */
  actor: Actor;
  chartRef: number;
  /** The image the model ran on. */
  sourceId: number;
}

/**
 * Which pending images become live: per type the newest, and for the cephalogram the one the model
 * saw when it is pending (`source`); the rest are stale. `pending` is newest first.
 */
export function pendingWinners(
  source: { id: number; pending: boolean },
  pending: readonly PendingImage[],
): { winners: Map<ImageTypeCd, number>; stale: PendingImage[] } {
  const winners = new Map<ImageTypeCd, number>();
  if (source.pending) winners.set(IMAGE_TYPE.cephalogram, source.id);
  for (const p of pending) if (!winners.has(p.type)) winners.set(p.type, p.id);
  const ids = new Set(winners.values());
  return { winners, stale: pending.filter((p) => !ids.has(p.id)) };
}

/**
 * The one transaction that makes an upload real once landmark detection succeeded (detection.job.ts):
 * the analysis record, the pending images, the draft chart and the draft patient all commit
 * together or not at all. Returns the record id and the objects of superseded pending images
 * (delete them after the commit).
 */
export function createDetectionCommitter(deps: { db: AppDatabase; images: ImageRepository; landmarks: LandmarkRepository; clock: Clock }) {
  const { db, images, landmarks, clock } = deps;
  return {
    async commit(c: DetectionCommit): Promise<{ recordId: number; staleKeys: string[] }> {
      return db.transaction(async (tx) => {
        // Locks chart and patient: a discard or the sweeper cannot remove them under this commit.
        const chart = await images.findOwnedChart(tx, c.actor, { ref: c.chartRef }, true);
        if (!chart) throw new AppError('NOT_FOUND');
        const source = await landmarks.lockImage(tx, c.sourceId);
        if (!source) throw new AppError('UPLOAD_MISSING');
        const imageChanged = source.pendingExpiresAt !== null;
        const { winners, stale } = pendingWinners(
          { id: source.id, pending: imageChanged },
          await landmarks.lockPendingImages(tx, chart.id),
        );

        const now = new Date(clock.now());
        if (winners.size > 0) {
          await landmarks.retireLiveImages(tx, chart.id, [...winners.keys()], now);
          await landmarks.makeImagesLive(tx, [...winners.values()], now);
        }
        if (stale.length > 0)
          await landmarks.deleteImages(
            tx,
            stale.map((p) => p.id),
          );

        // Edits made on the old image do not fit a new one; a rerun on the same image keeps them.
        const values: DetectionValues = {
          inferResult: c.inferResult,
          imgSize: c.imgSize,
          updatedBy: c.actor.userId,
          ...(imageChanged && { modifiedResult: null }),
        };
        const existing = await landmarks.lockRecord(tx, chart.id);
        // A new revision: a landmark save that started before this detection is stale now.
        if (existing) await landmarks.updateRecord(tx, existing.id, values, now);
        const recordId = existing ? existing.id : await landmarks.insertRecord(tx, chart.id, values);

        if (chart.draftExpiresAt) await landmarks.commitDraftChart(tx, chart.id, now);
        if (chart.patient.draftExpiresAt) await commitDraftPatient(tx, c.actor, chart.patient.id);
        const staleKeys = stale.flatMap((p) => [p.path, ...derivedKeysOf(p.path), ...(p.thumbnailPath ? [p.thumbnailPath] : [])]);
        return { recordId, staleKeys };
      });
    },
  };
}

export type DetectionCommitter = ReturnType<typeof createDetectionCommitter>;
