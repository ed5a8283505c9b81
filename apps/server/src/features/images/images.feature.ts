import type { FastifyInstance } from 'fastify';
import { createJobRepository } from '../../jobs/job.repository';
import { JobQueue, JobRunner } from '../../jobs/job-runner';
import type { Services } from '../../services';
import type { SessionService } from '../auth/session.service';
import { createLandmarkRepository } from '../landmarks/landmark.repository';
import { registerLandmarkRoutes } from '../landmarks/landmark.routes';
import { JobWaiter } from '../../jobs/job-waiter';
import { createDetectionCommitter, createLandmarkService } from '../landmarks/landmark.service';
import { DetectionAdmission } from '../landmarks/detection-admission';
import { createDetectionJob } from '../landmarks/detection.job';
import { createDiscardService } from './discard.service';
import { DraftSweeper } from './draft-sweeper';
import { createImageRepository } from './image.repository';
import { registerImageRoutes } from './image.routes';
import { createImageService } from './image.service';
import { createThumbnailJob } from './thumbnail.job';

/** The background side of images: the job queue, its runners, and the draft sweeper. */
export interface Background {
  queue: JobQueue;
  /** The non-AI jobs (thumbnails): runs in `worker` processes. */
  runner: JobRunner;
  /** `landmark-detection` jobs, AI_MAX_RUNNING at once: run in `ai` processes. */
  detection: JobRunner[];
  sweeper: DraftSweeper;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Started when the app is ready, stopped when it closes; tests drive them directly. */
    background: Background;
  }
}

/**
 * Wires patient images, landmark detection, thumbnails and drafts. Every process enqueues; the
 * runners start by role (roles.ts): the thumbnail runner and the sweeper in `worker` processes, the
 * detection runners (and so the model) in `ai` processes; `all` runs everything here.
 */
export async function registerImagesFeature(app: FastifyInstance, services: Services, sessions: SessionService): Promise<Background> {
  const { database, storage, events, config, clock } = services;
  const db = database.db;
  const log = app.log;
  const images = createImageRepository(db);
  const jobRepository = createJobRepository(db);
  const queue = new JobQueue(jobRepository);
  const discard = createDiscardService({ db, images, storage, log });

  await registerImageRoutes(app, {
    images: createImageService({ db, images, storage, queue, log, draftTtlS: config.drafts.ttlS }),
    discard,
    sessions,
  });
  await registerLandmarkRoutes(app, {
    sessions,
    landmarks: createLandmarkService({
      db,
      images,
      jobs: jobRepository,
      queue,
      waiter: new JobWaiter({ repository: jobRepository, events, clock, log }),
      admission: new DetectionAdmission(db, jobRepository, { ...config.detection, initialMeanMs: 2_000 }),
      clock,
    }),
  });

  const runnerOptions = { repository: jobRepository, queue, events, log, pollMs: config.jobs.pollMs, leaseS: config.jobs.leaseS };
  const runner = new JobRunner({ ...runnerOptions, handlers: { thumbnail: createThumbnailJob({ images, storage, events }) } });
  // The model's worker thread is made on the first detection, so only `ai` processes load it.
  const landmarks = createDetectionCommitter({ db, images, landmarks: createLandmarkRepository(), clock });
  const detect = createDetectionJob({ db, images, landmarks, discard, storage, model: () => services.inference(), log });
  const detectionOptions = {
    ...runnerOptions,
    handlers: { 'landmark-detection': detect },
    appErrorsAreFinal: true,
    abandonedCode: 'INFERENCE_FAILED' as const,
  };
  const detection = Array.from({ length: config.detection.maxRunning }, () => new JobRunner(detectionOptions));
  const sweeper = new DraftSweeper({ db, storage, jobs: jobRepository, log, intervalMs: config.drafts.sweepIntervalMs });
  const background = { queue, runner, detection, sweeper };
  app.decorate('background', background);
  app.addHook('onReady', async () => {
    if (config.jobs.worker) {
      runner.start();
      sweeper.start();
    }
    if (config.jobs.ai) for (const r of detection) r.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([runner.stop(), sweeper.stop(), ...detection.map((r) => r.stop())]);
  });
  return background;
}
