import {
  imgSizeSchema as storedImgSizeSchema,
  inferResultSchema as storedInferResultSchema,
  landmarkImageSchema,
  migrateRulerInfo,
  migrateSuperimpositionData,
  storedLandmarkSchema,
} from '@ceppro/contract';
import { z } from 'zod';

/**
 * Stored JSON of an analysis record, validated before every write (docs/house-rules.md §11). The
 * fields are the contract's (analysis-record.ts, one schema of a stored landmark for every reader);
 * writes are strict on top: no unknown keys, bounded lengths. Landmarks are in pixels of the
 * original upload (docs/house-rules.md §2); `version` lets readers migrate old documents.
 */
const landmarkSchema = z.strictObject(storedLandmarkSchema.shape);
const pointSchema = z.strictObject(storedLandmarkSchema.shape.raw.unwrap().shape);
/**
 * A model landmark: `raw` is the model's own point where a landmark definition or the clinic
 * adaptation moved it; `definition` / `defined` the definition applied and the point it gave.
 */
const modelLandmarkSchema = landmarkSchema.extend({ raw: pointSchema.optional(), defined: pointSchema.optional() });
/** A user's landmark: never a model's `raw` point nor a definition. */
const editedLandmarkSchema = landmarkSchema.omit({ raw: true, definition: true, defined: true });
const definitionsShape = storedInferResultSchema.shape.definitions.unwrap().shape;
const MAX_LANDMARKS = 500;

/** The model's output, kept as produced: model id and version make it auditable (docs/house-rules.md §4). */
export const inferResultSchema = z.strictObject({
  version: storedInferResultSchema.shape.version,
  /** review_threshold: the served manifest's calibrated "for review" threshold for these confidences. */
  model: z.strictObject({
    ...storedInferResultSchema.shape.model.shape,
    id: z.string().min(1).max(100),
    version: z.string().min(1).max(50),
  }),
  landmarks: z.array(modelLandmarkSchema).max(MAX_LANDMARKS),
  /** Present when clinic adaptation moved the model's points (features/ai-adaptation). */
  adaptation: z.strictObject(storedInferResultSchema.shape.adaptation.unwrap().shape).optional(),
  /** Present when the account's landmark definitions were applied (features/landmarks define-landmarks.ts). */
  definitions: z
    .strictObject({
      profile: z.strictObject(definitionsShape.profile.shape),
      applied: z.array(z.strictObject(definitionsShape.applied.element.shape)).max(20),
    })
    .optional(),
});

/**
 * The user's adjusted landmarks, stored beside (never over) the model's, with the image they were
 * placed on (`sha256` is filled by the server). Only version 2 is written; stored version 1
 * documents stay readable (contract analysis-record.ts).
 */
export const modifiedResultSchema = z.strictObject({
  version: z.literal(2),
  image: z.strictObject(landmarkImageSchema.shape),
  landmarks: z.array(editedLandmarkSchema).max(MAX_LANDMARKS),
});

/** A stored viewer document (drawings, VTO/STO set-up, settings lists) serialises to at most this. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

/**
 * Documents whose inner shape belongs to the viewer; the server insists on a version and a size
 * (the request body limit alone would let every column of a record take a megabyte).
 */
export const versionedDocumentSchema = z
  .looseObject({ version: z.number().int().positive() })
  .refine((doc) => Buffer.byteLength(JSON.stringify(doc)) <= MAX_DOCUMENT_BYTES, `must be at most ${MAX_DOCUMENT_BYTES / 1024} KB as JSON`);

/**
 * A patch of `drawing_result`'s top-level keys (the drawing pad writes `version`, `coords` and
 * `superimpositionCoords`; the measuring tools `measurements`). `version`, when given, is the
 * document's version and must be a positive integer.
 */
export const drawingResultPatchSchema = z
  .record(z.string().min(1).max(50), z.unknown())
  .refine((patch) => Object.keys(patch).length > 0 && Object.keys(patch).length <= 20, 'must set 1 to 20 keys')
  .refine(
    (patch) => patch.version === undefined || (Number.isInteger(patch.version) && (patch.version as number) > 0),
    'version must be a positive integer',
  )
  .refine(
    (patch) => Buffer.byteLength(JSON.stringify(patch)) <= MAX_DOCUMENT_BYTES,
    `must be at most ${MAX_DOCUMENT_BYTES / 1024} KB as JSON`,
  );

/**
 * A document the server stores as the user's choices only: what is sent is brought to the current
 * version by the contract's `migrate` (an older client's document too), which drops what is derived from
 * the choices (computed where shown and printed); a document it cannot read is refused.
 */
const choicesDocumentSchema = <T>(migrate: (stored: unknown) => T | null, what: string) =>
  versionedDocumentSchema.transform((doc, ctx) => {
    const current = migrate(doc);
    if (current === null) {
      ctx.addIssue({ code: 'custom', message: `is not a ${what} this version reads` });
      return z.NEVER;
    }
    return current;
  });

export const imgSizeSchema = z.strictObject(storedImgSizeSchema.shape);

export const analysisRecordInputSchema = z.strictObject({
  infer_result: inferResultSchema.nullable().optional(),
  modified_result: modifiedResultSchema.nullable().optional(),
  profilogram_result: versionedDocumentSchema.nullable().optional(),
  // Points and length only: the pixels per mm are computed from them (contract `resolveCalibration`).
  ruler_info: choicesDocumentSchema(migrateRulerInfo, 'ruler').nullable().optional(),
  // The choices only: the superimposition itself is computed where shown and printed (features/planning).
  superimposition_data: choicesDocumentSchema(migrateSuperimpositionData, 'superimposition').nullable().optional(),
  vto_sto_config: versionedDocumentSchema.nullable().optional(),
  drawing_result: versionedDocumentSchema.nullable().optional(),
  img_size: imgSizeSchema.nullable().optional(),
});

export type AnalysisRecordInput = z.input<typeof analysisRecordInputSchema>;
