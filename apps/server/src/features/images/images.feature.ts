import type { FastifyInstance } from 'fastify';
import { createJobRepository, type JobRepository } from '../../jobs/job.repository';
import { JobQueue, JobRunner } from '../../jobs/job-runner';
import type { Services } from '../../services';
import { createDiscardService, type DiscardService } from './discard.service';
import { DraftSweeper } from './draft-sweeper';
import { createImageRepository, type ImageRepository } from './image.repository';
import { registerImageRoutes } from './image.routes';
import { createImageService, type ImageService } from './image.service';
import { createThumbnailJob } from './thumbnail.job';

/** The background side of images: the job queue, its runners, and the draft sweeper. */
export interface Background {
  queue: JobQueue;
  /** The non-AI jobs (thumbnails): runs in `worker` processes. */
  runner: JobRunner;
  /** `landmark-detection` jobs, AI_MAX_RUNNING at once: run in `ai` processes (features/landmarks adds them). */
  detection: JobRunner[];
  sweeper: DraftSweeper;
}

/** What features/landmarks builds detection on (features/images/index.ts exports the type). */
export interface ImagesSurface {
  images: ImageRepository;
  jobs: JobRepository;
  queue: JobQueue;
  discard: DiscardService;
  background: Background;
  /** The presigned film reads (and the rest of the service): the graph service answers the viewer's film with its chart. */
  service: ImageService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Started when the app is ready, stopped when it closes; tests drive them directly. */
    background: Background;
  }
}

/**
 * Wires patient images, thumbnails and drafts. Every process enqueues; the runners start by role
 * (roles.ts): the thumbnail runner and the sweeper in `worker` processes (the detection runners, in
 * `ai` processes, are features/landmarks'); `all` runs everything here.
 */
export async function registerImagesFeature(app: FastifyInstance, services: Services): Promise<ImagesSurface> {
  const { database, storage, events, config, clock } = services;
  const db = database.db;
  const log = app.log;
  const images = createImageRepository(db);
  const jobRepository = createJobRepository(db);
  const queue = new JobQueue(jobRepository);
  const discard = createDiscardService({ db, images, storage, log });

  const service = createImageService({ db, images, storage, queue, log, draftTtlS: config.drafts.ttlS });
  registerImageRoutes(app, { images: service, discard });
  const runnerOptions = { repository: jobRepository, queue, events, log, pollMs: config.jobs.pollMs, leaseS: config.jobs.leaseS };
  const runner = new JobRunner({ ...runnerOptions, handlers: { thumbnail: createThumbnailJob({ images, storage, events }) } });
  const detection: JobRunner[] = [];
  const sweeper = new DraftSweeper({ db, storage, jobs: jobRepository, log, intervalMs: config.drafts.sweepIntervalMs, clock });
  const background = { queue, runner, detection, sweeper };
  app.decorate('background', background);
  app.addHook('onReady', async () => {
    if (config.jobs.worker) {
      runner.start();
      sweeper.start();
    }
  });
  app.addHook('onClose', async () => {
    await Promise.all([runner.stop(), sweeper.stop()]);
  });
  return { images, jobs: jobRepository, queue, discard, background, service };
}
