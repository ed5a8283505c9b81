import type { FastifyInstance } from 'fastify';
import { JobRunner } from '../../jobs/job-runner';
import { JobWaiter } from '../../jobs/job-waiter';
import type { Services } from '../../services';
import type { AiAdaptationService } from '../ai-adaptation';
import type { ImagesSurface } from '../images';
import { DetectionAdmission } from './detection-admission';
import { createDetectionJob } from './detection.job';
import { createLandmarkRepository } from './landmark.repository';
import { registerLandmarkRoutes } from './landmark.routes';
import { createDetectionCommitter, createLandmarkService } from './landmark.service';

/**
 * Wires landmark detection on top of the images feature's public surface (features/images/index.ts):
 * `POST /ai/ceppro/ceph-landmark` and the `landmark-detection` runners, AI_MAX_RUNNING of them, which
 * apply the owner's clinic adaptation (features/ai-adaptation). They
 * start only in `ai` processes (roles.ts), so only those load the model; tests drive them through
 * `app.background.detection`.
 */
export async function registerLandmarksFeature(
  app: FastifyInstance,
  services: Services,
  imaging: ImagesSurface,
  adaptation: AiAdaptationService,
): Promise<void> {
  const { database, storage, events, config, clock } = services;
  const db = database.db;
  const log = app.log;
  const { images, jobs, queue, discard, background } = imaging;
  registerLandmarkRoutes(app, {
    landmarks: createLandmarkService({
      db,
      images,
      jobs,
      queue,
      waiter: new JobWaiter({ repository: jobs, events, clock, log }),
      admission: new DetectionAdmission(db, jobs, { ...config.detection, initialMeanMs: 2_000 }),
      clock,
    }),
  });
  // The model's worker thread is made on the first detection, so only `ai` processes load it.
  const landmarks = createDetectionCommitter({ db, images, landmarks: createLandmarkRepository(), clock });
  const detect = createDetectionJob({ db, images, landmarks, discard, storage, model: () => services.inference(), adaptation, log });
  const detectionOptions = {
    repository: jobs,
    queue,
    events,
    log,
    pollMs: config.jobs.pollMs,
    leaseS: config.jobs.leaseS,
    handlers: { 'landmark-detection': detect },
    appErrorsAreFinal: true,
    abandonedCode: 'INFERENCE_FAILED' as const,
  };
  for (let i = 0; i < config.detection.maxRunning; i++) background.detection.push(new JobRunner(detectionOptions));
  app.addHook('onReady', async () => {
    if (config.jobs.ai) for (const r of background.detection) r.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all(background.detection.map((r) => r.stop()));
  });
}
