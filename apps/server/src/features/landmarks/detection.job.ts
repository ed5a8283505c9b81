import {
  DEFAULT_DEFINITION_PROFILE,
  DEFINABLE_LANDMARKS,
  type AdaptationProfile,
  type DefinitionProfile,
  type LandmarkId,
  type Vec2,
} from '@ceppro/ceph';
import { toLandmarkBox, type InferDefinitions, type LandmarkResponse, type StoredLandmark } from '@ceppro/contract';
import { CLINIC_ROLES } from '@ceppro/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { clinicActor, personalActor, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { DefinitionsResult } from '../../inference/definitions';
import { ImageInputError, InferenceFailedError, type Detection } from '../../inference/index';
import type { JobHandler } from '../../jobs/job-runner';
import type { ObjectStorage } from '../../storage/object-storage';
import { adaptModelLandmarks, type AiAdaptationService, type DetectionChoices } from '../ai-adaptation';
import { inferResultSchema } from '../analysis-records';
import { deleteObjects, type DiscardService } from '../images/discard.service';
import { readCheckedImage, type CheckedBytes, type ImageRepository } from '../images';
import { defineModelLandmarks, definitionPoints, type DefinedLandmarks } from './define-landmarks';
import type { DetectionCommitter } from './landmark.service';

/** What the job needs of the model: the `ai` process's InferencePool (a worker thread). */
export interface LandmarkModel {
  detect(bytes: Uint8Array): Promise<Detection>;
  /** A clinic's landmark definitions on the film, from the detected points (off the event loop, like detect). */
  define(bytes: Uint8Array, points: Partial<Record<LandmarkId, Vec2>>, profile: DefinitionProfile): Promise<DefinitionsResult>;
}

type OkDetection = Extract<Detection, { status: 'ok' }>;

/**
 * The `landmark-detection` job's payload (stored JSON): whose chart, as the endpoint named it, and the
 * space the request was made in (a clinic and the member's role there; absent: the personal space),
 * so the job reads, commits and adapts in that space without resolving it again.
 */
export const detectionPayloadSchema = z.object({
  chartId: z.string().min(1),
  chartUuid: z.uuid(),
  clinicId: z.number().int().positive().optional(),
  role: z.enum(CLINIC_ROLES).optional(),
});

export type DetectionPayload = z.input<typeof detectionPayloadSchema>;

/** The job's actor: its user in the space its payload names. */
function actorOfJob(userId: number, payload: z.output<typeof detectionPayloadSchema>): Actor {
  return payload.clinicId !== undefined && payload.role !== undefined
    ? clinicActor(userId, payload.clinicId, payload.role)
    : personalActor(userId);
}

/** The model's own refusal codes, in the contract's terms. */
function toAppError(error: unknown): unknown {
  if (error instanceof ImageInputError) {
    const outOfRange = error.code === 'IMAGE_TOO_SMALL' || error.code === 'IMAGE_TOO_LARGE';
    return new AppError(outOfRange ? 'IMAGE_DIMENSIONS' : 'IMAGE_NOT_SUPPORTED', error.message);
  }
  if (error instanceof InferenceFailedError) return new AppError('INFERENCE_FAILED', undefined, { cause: error });
  return error;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The model's landmarks in the stored shape (contract `StoredLandmark`: cname = the model's output
 * index), the one conversion from the detector's own `DetectedLandmark`; the REST `boxs` are their
 * projection (`toLandmarkBox`).
 */
function storedModelLandmarks(detection: OkDetection): Array<StoredLandmark & { confidence: number }> {
  return detection.landmarks.map((l) => ({ cname: l.index, name: l.name, x: l.x, y: l.y, confidence: clamp01(l.confidence) }));
}

type StoredModelLandmark = ReturnType<typeof storedModelLandmarks>[number];

interface ModelLandmarks {
  landmarks: StoredModelLandmark[];
  adaptation: { films: number; landmarks: number } | null;
  definitions: InferDefinitions | null;
}

/** The profile without the landmarks named: their learned shifts are measured from a point this film lacks. */
function profileWithout(profile: AdaptationProfile, ids: readonly LandmarkId[]): AdaptationProfile {
  if (ids.length === 0) return profile;
  const landmarks = { ...profile.landmarks };
  for (const id of ids) delete landmarks[id];
  return { ...profile, landmarks };
}

/**
 * The detection's landmarks as stored and answered. First the owner's landmark definitions
 * (`defined`: when they differ from the model's own, `defineModelLandmarks` on the decoded film),
 * then the owner's clinic adaptation profile (features/ai-adaptation): a landmark either moved is at
 * its final point (what the viewer shows and "Reset to AI" restores) with the model's own in `raw`;
 * `definitions` and `adaptation` say what was applied. A landmark whose chosen definition was not
 * found keeps the model's point and gets no learned shift (the shift is measured from the defined
 * point). Without either, the model's answer as is.
 */
function modelLandmarks(
  detection: OkDetection,
  profile: AdaptationProfile | null,
  defined: DefinedLandmarks<StoredModelLandmark> | null = null,
): ModelLandmarks {
  const model = defined?.landmarks ?? storedModelLandmarks(detection);
  const definitions = defined?.definitions ?? null;
  if (!profile) return { landmarks: model, adaptation: null, definitions };
  const adapted = adaptModelLandmarks(profileWithout(profile, defined?.missed ?? []), model);
  return { landmarks: adapted.landmarks, adaptation: { films: profile.films, landmarks: adapted.moved }, definitions };
}

function toInferResult(detection: OkDetection, { landmarks, adaptation, definitions }: ModelLandmarks) {
  return inferResultSchema.parse({
    version: 1,
    model: {
      ...detection.model,
      ...(detection.reviewThreshold !== null && { review_threshold: detection.reviewThreshold }),
      ...(detection.filmReviewThreshold !== null && { film_review_threshold: detection.filmReviewThreshold }),
    },
    landmarks,
    ...(adaptation && { adaptation }),
    ...(definitions && { definitions }),
  });
}

/** The stored `infer_result` of a successful detection (also what `npm run report` prints from), adapted by `profile` when given. */
export function inferResultOf(detection: OkDetection, profile: AdaptationProfile | null = null) {
  return toInferResult(detection, modelLandmarks(detection, profile));
}

/**
 * The `landmark-detection` job, run by `ai` processes: the model on the chart's newest cephalogram
 * (pending, else live) and, on success, everything committed in one transaction
 * (landmark.service.ts `createDetectionCommitter`); the result is the endpoint's answer. A refusal ("not an X-ray") or an
 * image the model cannot use discards the chart's pending images and drafts, as the browser's undo
 * would, and ends the job with that AppError at once (the runner retries only crashes). The runner
 * sends the owner's socket `job.progress` / `job.completed` / `job.failed` with the chart uuid.
 */
export function createDetectionJob(deps: {
  db: AppDatabase;
  images: ImageRepository;
  landmarks: DetectionCommitter;
  discard: DiscardService;
  storage: ObjectStorage;
  model: () => LandmarkModel;
  /** The owner's landmark definitions and clinic adaptation, applied to every successful detection. */
  adaptation: Pick<AiAdaptationService, 'forDetection'>;
  log: FastifyBaseLogger;
}): JobHandler {
  const { db, images, landmarks, discard, storage, log } = deps;

  /**
   * The owner's definitions on the model's points, when they differ from the model's own (only then
   * is the film decoded). Never fails the detection: on an error each chosen definition counts as not
   * found and the model's points stay.
   */
  async function defineLandmarks(
    detection: OkDetection,
    bytes: Uint8Array,
    choices: DetectionChoices,
  ): Promise<DefinedLandmarks<StoredModelLandmark> | null> {
    const { definitions } = choices;
    if (DEFINABLE_LANDMARKS.every((id) => definitions[id] === DEFAULT_DEFINITION_PROFILE[id])) return null;
    const model = storedModelLandmarks(detection);
    try {
      return defineModelLandmarks(await deps.model().define(bytes, definitionPoints(model), definitions), model, definitions);
    } catch (error) {
      log.warn({ err: error }, 'landmark definitions could not be applied; the model points stay');
      const applied = DEFINABLE_LANDMARKS.map((id) => ({
        id,
        choice: definitions[id],
        found: definitions[id] === DEFAULT_DEFINITION_PROFILE[id],
      }));
      return {
        landmarks: model,
        definitions: { profile: { ...definitions }, applied: applied.map((a) => (a.found ? a : { ...a, reason: 'failed' })) },
        missed: applied.filter((a) => !a.found).map((a) => a.id),
      };
    }
  }

  async function readImage(image: CheckedBytes): Promise<Buffer> {
    try {
      return await readCheckedImage(storage, image);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('UPLOAD_MISSING');
      throw error;
    }
  }

  return async (job, context): Promise<LandmarkResponse> => {
    const payload = detectionPayloadSchema.parse(job.payload);
    const { chartId } = payload;
    if (job.userId === null) throw new AppError('NOT_FOUND');
    const actor = actorOfJob(job.userId, payload);
    // Read again: the chart may have been discarded while the job waited.
    const chart = await images.findOwnedChart(db, actor, { chartId });
    if (!chart) throw new AppError('NOT_FOUND');
    const source = await images.newestCephalogram(chart.id);
    if (!source) throw new AppError('UPLOAD_MISSING', 'The chart has no cephalogram to analyse.');
    try {
      const bytes = await readImage(source);
      const detection = await deps
        .model()
        .detect(bytes)
        .catch((error: unknown) => {
          throw toAppError(error);
        });
      if (detection.status === 'refused') {
        await discard.discard(actor, chartId);
        throw new AppError('XRAY_NOT_RECOGNIZED');
      }
      await context.progress(0.9);
      // The space's profile: a clinic's is learned from every member's corrections.
      const choices = await deps.adaptation.forDetection(actor);
      const shown = modelLandmarks(detection, choices.profile, await defineLandmarks(detection, bytes, choices));
      const { recordId, staleKeys } = await landmarks.commit({
        actor,
        chartRef: chart.id,
        sourceId: source.id,
        inferResult: toInferResult(detection, shown),
        imgSize: detection.imageSize,
      });
      await deleteObjects(storage, staleKeys, log);
      return {
        // The points the viewer shows: defined and adapted where the account's choices moved them.
        output: { boxs: shown.landmarks.map(toLandmarkBox), size: detection.imageSize },
        model: detection.model,
        analysis_record_id: recordId,
        chart_uuid: chart.uuid,
      };
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL';
      // The image's own fault (unreadable, out of the model's size range) is final like a refusal:
      // undo what is pending now rather than leave it to the browser or the sweeper.
      if (code === 'IMAGE_NOT_SUPPORTED' || code === 'IMAGE_DIMENSIONS') {
        await discard.discard(actor, chartId).catch((cause: unknown) => log.warn({ err: cause }, 'discard after an unusable image failed'));
      }
      throw error;
    }
  };
}
