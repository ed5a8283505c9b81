import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** The JSON written by ml/ceph_ml/export.py next to the two ONNX files. */
export const modelManifestSchema = z.object({
  id: z.string().min(1),
  version: z.string().min(1),
  format: z.literal('ceppro-two-stage-heatmap/1'),
  trained_on: z.string(),
  landmarks: z.array(z.object({ index: z.number().int().nonnegative(), name: z.string(), short_name: z.string() })).min(1),
  global: z.object({ file: z.string(), sha256: z.string(), width: z.number().int().positive(), height: z.number().int().positive(), stride: z.number().int().positive(), letterbox: z.boolean() }),
  fine: z.object({
    file: z.string(),
    sha256: z.string(),
    patch: z.number().int().positive(),
    stride: z.number().int().positive(),
    frame: z.tuple([z.number().int().positive(), z.number().int().positive()]),
    context_frame: z.tuple([z.number().int().positive(), z.number().int().positive()]),
    context_step: z.number().positive(),
  }),
  decode: z.object({ window_radius: z.number().int().nonnegative() }),
  reference_facing: z.enum(['right', 'left']),
  /** Thresholds for refusing non-cephalograms, calibrated after training (see models/README.md). */
  acceptance: z
    .object({ min_mean_confidence: z.number(), max_shape_residual: z.number() })
    .optional(),
  /** Mean landmark configuration (unit-normalised, centred) used by the shape plausibility check. */
  mean_shape: z.array(z.tuple([z.number(), z.number()])).optional(),
  refine_passes: z.number().int().min(1).max(3).optional(),
});
export type ModelManifest = z.infer<typeof modelManifestSchema>;

export async function readModelManifest(path: string): Promise<ModelManifest> {
  const raw: unknown = JSON.parse(await readFile(path, 'utf8'));
  return modelManifestSchema.parse(raw);
}
