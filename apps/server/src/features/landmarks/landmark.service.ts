import { landmarkResponseSchema, type LandmarkResponse } from '@ceppro/contract';
import type { AppDatabase } from '../../db/database';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import type { JobQueue } from '../../jobs/job-runner';
import type { JobWaiter } from '../../jobs/job-waiter';
import type { JobRepository } from '../../jobs/job.repository';
import type { ImageRepository } from '../images/image.repository';
import type { DetectionAdmission } from './detection-admission';

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
    async detect(userId: number, chartId: string): Promise<LandmarkResponse> {
      const chart = await images.findOwnedChart(db, userId, { chartId });
      if (!chart) throw new AppError('NOT_FOUND');
      const source = await images.newestCephalogram(chart.id);
      if (!source) throw new AppError('UPLOAD_MISSING', 'The chart has no cephalogram to analyse.');

      const started = clock.now();
      const jobId = await admission.enqueue(userId, { chartId, chartUuid: chart.uuid });
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
