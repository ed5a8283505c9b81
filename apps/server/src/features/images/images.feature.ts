import type { FastifyInstance } from 'fastify';
import { createJobRepository } from '../../jobs/job.repository';
import { JobQueue, JobRunner } from '../../jobs/job-runner';
import type { Services } from '../../services';
import type { SessionService } from '../auth/session.service';
import { createLandmarkRepository } from '../landmarks/landmark.repository';
import { registerLandmarkRoutes } from '../landmarks/landmark.routes';
import { createLandmarkService } from '../landmarks/landmark.service';
import { DetectionQueue, withDetectionQueue } from '../landmarks/detection-queue';
import { createDiscardService } from './discard.service';
import { DraftSweeper } from './draft-sweeper';
import { createImageRepository } from './image.repository';
import { registerImageRoutes } from './image.routes';
import { createImageService } from './image.service';
import { createThumbnailJob } from './thumbnail.job';

/** The background side of images: the job queue and its runner, and the draft sweeper. */
export interface Background {
  queue: JobQueue;
  runner: JobRunner;
  sweeper: DraftSweeper;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Started when the app is ready, stopped when it closes; tests drive them directly. */
    background: Background;
  }
}

/**
 * Wires patient images, landmark detection, thumbnails and drafts. The job runner runs in this
 * process unless JOBS_WORKER=false (another process sharing the database runs the jobs then).
 */
export async function registerImagesFeature(app: FastifyInstance, services: Services, sessions: SessionService): Promise<Background> {
  const { database, storage, events, config } = services;
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
    // One queue per process, in front of the model's one worker: bounded, fair between users.
    landmarks: withDetectionQueue(
      createLandmarkService({
        db,
        images,
        landmarks: createLandmarkRepository(db, images),
        discard,
        storage,
        events,
        model: () => services.inference(),
        log,
      }),
      new DetectionQueue({ ...config.detection, initialMeanMs: 2_000 }),
    ),
  });

  const runner = new JobRunner({
    repository: jobRepository,
    queue,
    handlers: { thumbnail: createThumbnailJob({ images, storage, events }) },
    events,
    log,
    pollMs: config.jobs.pollMs,
  });
  const sweeper = new DraftSweeper({ db, storage, jobs: jobRepository, log, intervalMs: config.drafts.sweepIntervalMs });
  const background = { queue, runner, sweeper };
  app.decorate('background', background);
  app.addHook('onReady', async () => {
    if (config.jobs.worker) runner.start();
    sweeper.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([runner.stop(), sweeper.stop()]);
  });
  return background;
}
