import type { LandmarkResponse, ServerEvent } from '@ceppro/contract';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AppDatabase } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { ImageInputError, InferenceFailedError, type Detection } from '../../inference/index';
import type { EventBus } from '../../realtime/event-bus';
import type { ObjectStorage } from '../../storage/object-storage';
import { inferResultSchema } from '../analysis-records/analysis-record.schemas';
import { deleteObjects, type DiscardService } from '../images/discard.service';
import type { ImageRepository } from '../images/image.repository';
import { readCheckedImage, type CheckedBytes } from '../images/stored-image';
import type { LandmarkRepository } from './landmark.repository';

/** What the service needs of the model: the process's InferencePool (a worker thread). */
export interface LandmarkModel {
  detect(bytes: Uint8Array): Promise<Detection>;
}

type OkDetection = Extract<Detection, { status: 'ok' }>;

/** The model's own refusal codes, in the contract's terms. */
function toAppError(error: unknown): unknown {
  if (error instanceof ImageInputError) {
    return new AppError(error.code === 'IMAGE_TOO_SMALL' || error.code === 'IMAGE_TOO_LARGE' ? 'IMAGE_DIMENSIONS' : 'IMAGE_NOT_SUPPORTED', error.message);
  }
  if (error instanceof InferenceFailedError) return new AppError('INFERENCE_FAILED', undefined, { cause: error });
  return error;
}

/** The stored `infer_result` of a successful detection (also what `npm run report` prints from). */
export function inferResultOf(detection: OkDetection) {
  return inferResultSchema.parse({
    version: 1,
    model: { ...detection.model, ...(detection.reviewThreshold !== null && { review_threshold: detection.reviewThreshold }) },
    landmarks: detection.landmarks.map((l) => ({ cname: l.index, name: l.name, x: l.x, y: l.y, confidence: Math.min(1, Math.max(0, l.confidence)) })),
  });
}

/**
 * `POST /ai/ceppro/ceph-landmark`: runs the model on the chart's newest cephalogram (pending, else
 * live) and, on success, commits everything in one transaction (landmark.repository.ts). A refusal
 * ("not an X-ray") discards the chart's pending images and drafts, as the browser's undo would.
 * Progress goes to the caller's sockets as job `landmark-detection`.
 */
export function createLandmarkService(deps: {
  db: AppDatabase;
  images: ImageRepository;
  landmarks: LandmarkRepository;
  discard: DiscardService;
  storage: ObjectStorage;
  events: EventBus;
  model: () => LandmarkModel;
  log: FastifyBaseLogger;
}) {
  const { db, images, landmarks, discard, storage, events, log } = deps;

  async function readImage(image: CheckedBytes): Promise<Buffer> {
    try {
      return await readCheckedImage(storage, image);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('UPLOAD_MISSING');
      throw error;
    }
  }

  return {
    async detect(userId: number, chartId: string): Promise<LandmarkResponse> {
      const chart = await images.findOwnedChart(db, userId, { chartId });
      if (!chart) throw new AppError('NOT_FOUND');
      const source = await images.newestCephalogram(chart.id);
      if (!source) throw new AppError('UPLOAD_MISSING', 'The chart has no cephalogram to analyse.');

      const fields = { jobId: randomUUID(), job: 'landmark-detection' as const, chartUuid: chart.uuid };
      const notify = (event: ServerEvent) =>
        events.publish(userId, { kind: 'event', event }).catch((error: unknown) => log.warn({ err: error }, 'landmark event not published'));
      await notify({ type: 'job.progress', ...fields, progress: 0 });
      try {
        const bytes = await readImage(source);
        const detection = await deps
          .model()
          .detect(bytes)
          .catch((error: unknown) => {
            throw toAppError(error);
          });
        if (detection.status === 'refused') {
          await discard.discard(userId, chartId);
          throw new AppError('XRAY_NOT_RECOGNIZED');
        }
        await notify({ type: 'job.progress', ...fields, progress: 0.9 });
        const { recordId, staleKeys } = await landmarks.commit({
          userId,
          chartRef: chart.id,
          sourceId: source.id,
          inferResult: inferResultOf(detection),
          imgSize: detection.imageSize,
        });
        await deleteObjects(storage, staleKeys, log);
        await notify({ type: 'job.completed', ...fields });
        return {
          output: {
            boxs: detection.landmarks.map((l) => ({ cname: l.index, name: l.name, bbox: { x: l.x, y: l.y }, confidence: Math.min(1, Math.max(0, l.confidence)) })),
            size: detection.imageSize,
          },
          model: detection.model,
          analysis_record_id: recordId,
          chart_uuid: chart.uuid,
        };
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'INTERNAL';
        // The image's own fault (unreadable, out of the model's size range) is final like a refusal:
        // undo what is pending now rather than leave it to the browser or the sweeper.
        if (code === 'IMAGE_NOT_SUPPORTED' || code === 'IMAGE_DIMENSIONS') {
          await discard.discard(userId, chartId).catch((cause: unknown) => log.warn({ err: cause }, 'discard after an unusable image failed'));
        }
        await notify({ type: 'job.failed', ...fields, code, message: error instanceof AppError ? error.message : 'Landmark detection failed.' });
        throw error;
      }
    },
  };
}

export type LandmarkService = ReturnType<typeof createLandmarkService>;
