import { z } from 'zod';

/**
 * The stored JSON of an analysis record (the one schema of a stored landmark: the server validates
 * its writes with the same fields, strictly) as readers see it (docs/house-rules.md §4 and §11): the model's
 * landmarks and the user's adjusted ones side by side, each with a version; positions in pixels of
 * the original upload (docs/house-rules.md §2), origin top-left, y down.
 */
const pointSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

export const storedLandmarkSchema = z.object({
  /** The model's output index; a hand-placed landmark 100 + its registry index (stored-landmarks.ts `storedCname`). */
  cname: z.number().int().min(0),
  /** The registry id (user edits) or the model's name for it (`Sella`). */
  name: z.string().min(1).max(50),
  x: z.number().finite(),
  y: z.number().finite(),
  /** The model's confidence in [0, 1]; absent on a user's edit. */
  confidence: z.number().min(0).max(1).optional(),
  /**
   * Model landmarks only, wherever `x`, `y` is not the model's own output (the account's landmark
   * definition or its clinic adaptation moved the point): the model's own output (image px). `x`, `y`
   * are then the final point, what the viewer shows and "Reset to AI" restores; both stay stored so
   * either can be shown and audited.
   */
  raw: pointSchema.optional(),
  /**
   * Model landmarks only: the account's landmark definition applied to this point and found on the
   * film (packages/ceph `LANDMARK_DEFINITION_CHOICES`, e.g. `machine` for Po); absent when the point
   * keeps the model's own definition. A string, not an enum, so a choice retired later still reads.
   */
  definition: z.string().min(1).max(40).optional(),
  /**
   * With `definition`: the point that definition gives (image px), before the clinic adaptation.
   * The adaptation adds its learned shift to this point and learns the user's corrections relative
   * to it, so what it learns is the clinic's convention on top of the chosen definition.
   */
  defined: pointSchema.optional(),
});
export type StoredLandmark = z.infer<typeof storedLandmarkSchema>;

/** `infer_result.definitions`: strings, not enums, so a choice retired later still reads. */
const choiceId = z.string().min(1).max(40);
export const inferDefinitionsSchema = z.object({
  profile: z.object({ Po: choiceId, Go: choiceId, Me: choiceId }),
  /** Per landmark with alternative definitions; `reason` when not found: `missing-landmarks` (its inputs) or `not-on-film`. */
  applied: z
    .array(z.object({ id: z.string().min(1).max(20), choice: choiceId, found: z.boolean(), reason: z.string().min(1).max(40).optional() }))
    .max(20),
});
export type InferDefinitions = z.infer<typeof inferDefinitionsSchema>;

/**
 * The model's output as produced, with model id and version (auditable) and, from model 2.0.0 on,
 * the review threshold its manifest calibrated for these confidences (the viewer flags below it).
 */
export const inferResultSchema = z.object({
  version: z.literal(1),
  model: z.object({
    id: z.string(),
    version: z.string(),
    review_threshold: z.number().min(0).max(1).optional(),
    /** Model 2.1 on: below this mean confidence the viewer asks to check every point of the film instead of listing some. */
    film_review_threshold: z.number().min(0).max(1).optional(),
  }),
  landmarks: z.array(storedLandmarkSchema),
  /**
   * Present when the account's clinic adaptation was applied: how many corrected films it was
   * learned from and how many landmarks it moved (each moved one keeps its `raw` point).
   */
  adaptation: z.object({ films: z.number().int().min(0), landmarks: z.number().int().min(0) }).optional(),
  /**
   * Present when the account's landmark definitions differed from the model's own: the definitions
   * chosen then (`profile`, packages/ceph `DefinitionProfile`) and, per landmark given another
   * definition, whether it was found on this film (`found: false`: the model's point was kept). Kept
   * with the result so a film stays explained after the account changes its choices.
   */
  definitions: inferDefinitionsSchema.optional(),
});
export type InferResult = z.infer<typeof inferResultSchema>;

/**
 * The image a set of adjusted landmarks was placed on: the chart data row (the cephalogram) and the
 * SHA-256 of its bytes as checked at upload. The server fills `sha256` on save.
 */
export const landmarkImageSchema = z.object({
  chart_data_id: z.number().int().positive(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .optional(),
});
export type LandmarkImage = z.infer<typeof landmarkImageSchema>;

/** Version 1: from before landmarks were bound to their image; still read, no longer written. */
export const modifiedResultV1Schema = z.object({
  version: z.literal(1),
  landmarks: z.array(storedLandmarkSchema),
});

/** Version 2: the user's landmarks with the image they were placed on. */
export const modifiedResultV2Schema = z.object({
  version: z.literal(2),
  image: landmarkImageSchema,
  landmarks: z.array(storedLandmarkSchema),
});

/** The user's adjusted landmarks, stored beside (never over) the model's. Readers accept both versions. */
export const modifiedResultSchema = z.discriminatedUnion('version', [modifiedResultV1Schema, modifiedResultV2Schema]);
export type ModifiedResult = z.infer<typeof modifiedResultSchema>;

/** Size of the original upload, in px: the space the landmarks live in. */
export const imgSizeSchema = z.object({ width: z.number().int().positive(), height: z.number().int().positive() });
export type ImgSize = z.infer<typeof imgSizeSchema>;
