import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * What `calibrate-model.ts` adds to the exported manifest, from data: refusal thresholds measured
 * on films from more than one device and on non-cephalograms, the per-landmark confidence model
 * (probability that a landmark is within 2 mm, from the refinement heatmap) and the viewer's
 * review threshold on it. A manifest without them is not served (`ModelNotCalibratedError`).
 */
const calibrationSchema = z.object({
  acceptance: z.object({ min_mean_confidence: z.number(), max_shape_residual: z.number() }),
  /**
   * P(error <= 2 mm) = sigmoid(intercept + w_mass*logit(mass) + w_spread*ln(spread) + w_shift*ln(1 + shift) + w_coarse*logit(coarse)):
   * the refinement heatmap's mass near its answer and its spread, how far refinement moved the coarse point (spread and
   * shift in normalised fine px), and the coarse heatmap's mass.
   */
  confidence: z.object({
    intercept: z.number(),
    w_mass: z.number(),
    w_spread: z.number(),
    w_shift: z.number(),
    w_coarse: z.number(),
    /** + w_flip*ln(1 + flip) + w_surprise*ln(1 + surprise) + landmark_bias[i] (model 2.1 on; absent counts as 0). */
    w_flip: z.number().optional(),
    w_surprise: z.number().optional(),
    landmark_bias: z.array(z.number()).optional(),
  }),
  /**
   * The viewer lists a landmark "for review" when its confidence is below `confidence_threshold`;
   * a film whose mean confidence is below `film_mean_threshold` gets one warning to check every
   * point instead (model 2.1 on).
   */
  review: z.object({ confidence_threshold: z.number().min(0).max(1), film_mean_threshold: z.number().min(0).max(1).optional() }),
  /** Mean landmark configuration (unit-normalised, centred) used by the shape plausibility check. */
  mean_shape: z.array(z.tuple([z.number(), z.number()])).min(3),
  /** Leave-one-out shape model of all landmarks (shape-model.ts): the evidence `surprise`; optional before model 2.1. */
  shape_model: z
    .object({
      mean: z.array(z.tuple([z.number(), z.number()])).min(3),
      loo: z.array(
        z.object({
          w: z.tuple([z.array(z.number()), z.array(z.number())]),
          inv: z.tuple([z.number(), z.number(), z.number(), z.number()]),
        }),
      ),
    })
    .optional(),
});

/** The JSON written by ml/ceph_ml/export.py next to the two ONNX files (format 2: skull-size normalised refinement). */
export const modelManifestSchema = z.object({
  id: z.string().min(1),
  version: z.string().min(1),
  format: z.literal('ceppro-two-stage-heatmap/2'),
  trained_on: z.string(),
  landmarks: z.array(z.object({ index: z.number().int().nonnegative(), name: z.string(), short_name: z.string() })).min(19),
  global: z.object({
    file: z.string(),
    sha256: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    stride: z.number().int().positive(),
    letterbox: z.boolean(),
  }),
  fine: z.object({
    file: z.string(),
    sha256: z.string(),
    patch: z.number().int().positive(),
    stride: z.number().int().positive(),
    context_step: z.number().positive(),
    /** Skull size (RMS distance of the 19 ISBI landmarks from their centroid) in fine-frame px. */
    ref_size: z.number().positive(),
    max_frame_side: z.number().int().positive(),
  }),
  decode: z.object({ window_radius: z.number().int().nonnegative() }),
  reference_facing: z.enum(['right', 'left']),
  refine_passes: z.number().int().min(1).max(3).optional(),
  acceptance: calibrationSchema.shape.acceptance.optional(),
  confidence: calibrationSchema.shape.confidence.optional(),
  review: calibrationSchema.shape.review.optional(),
  mean_shape: calibrationSchema.shape.mean_shape.optional(),
  shape_model: calibrationSchema.shape.shape_model,
  /** The model card (metrics as data) beside the manifest, e.g. `ceph-landmarks-v2.card.json`. */
  card: z.string().optional(),
  /** Exact Python / PyTorch / ONNX versions the weights were trained and exported with. */
  training_environment: z.record(z.string(), z.string()).optional(),
});
export type ModelManifest = z.infer<typeof modelManifestSchema>;
export type ModelCalibration = z.infer<typeof calibrationSchema>;

export class ModelNotCalibratedError extends Error {
  constructor(path: string, issues: string) {
    super(
      `The model manifest ${path} has no calibrated thresholds (${issues}); run ` +
        `tools/src/calibrate-model.ts on it (ml/release.sh does).`,
    );
    this.name = 'ModelNotCalibratedError';
  }
}

/** The calibration block of a manifest, or the error that says what is missing. */
export function calibrationOf(manifest: ModelManifest, path: string): ModelCalibration {
  const parsed = calibrationSchema.safeParse(manifest);
  if (!parsed.success) throw new ModelNotCalibratedError(path, parsed.error.issues.map((i) => i.path.join('.') || i.message).join(', '));
  return parsed.data;
}

export async function readModelManifest(path: string): Promise<ModelManifest> {
  const raw: unknown = JSON.parse(await readFile(path, 'utf8'));
  return modelManifestSchema.parse(raw);
}
