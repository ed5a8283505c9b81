import {
  LANDMARKS,
  MODEL_OUTPUT_IDS_V1,
  imagePoint,
  isLandmarkId,
  landmarkIdFromName,
  mergePositions,
  modelOutputIndexV1,
  type AiLandmark,
  type FilmLandmarks,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
} from '@ceppro/ceph';
import {
  inferResultSchema,
  modifiedResultSchema,
  type InferResult,
  type LandmarkImage,
  type ModifiedResult,
  type StoredLandmark,
} from './analysis-record';
import type { LandmarkBox } from './files';

/*
 * How landmarks are keyed in a stored analysis record (`infer_result`, `modified_result`), and the
 * conversions between that stored JSON and the one in-product shape (packages/ceph `FilmLandmarks`):
 * read by the viewer, the report and the exports; written by the viewer; the REST `boxs` projection.
 */

/** First `cname` of landmarks the v1 model does not output (see `storedCname`). */
export const HAND_PLACED_CNAME_BASE = 100;

/**
 * The `cname` a user's landmark is stored under in `modified_result`. A landmark the v1 model
 * outputs keeps the model's output index, so the stored edit pairs with the AI point of the same
 * cname (older readers match by cname). A landmark the model does not output gets
 * 100 + its index in `LANDMARKS`: far above the model's 38 outputs, so the two ranges never meet.
 * `name` is always the registry LandmarkId.
 */
export function storedCname(id: LandmarkId): number {
  const model = modelOutputIndexV1(id);
  if (model !== null) return model;
  return HAND_PLACED_CNAME_BASE + LANDMARKS.findIndex((l) => l.id === id);
}

/** The registry id of a stored landmark: by name first (ids, dataset names), then by cname. */
export function storedLandmarkId(l: Pick<StoredLandmark, 'cname' | 'name'>): LandmarkId | null {
  if (isLandmarkId(l.name)) return l.name;
  const byName = landmarkIdFromName(l.name);
  if (byName !== null) return byName;
  if (l.cname >= HAND_PLACED_CNAME_BASE) return LANDMARKS[l.cname - HAND_PLACED_CNAME_BASE]?.id ?? null;
  return MODEL_OUTPUT_IDS_V1[l.cname] ?? null;
}

/** The registry id of a model (`infer_result`) landmark: its cname is the model's output index, so that wins. */
export function storedAiLandmarkId(l: Pick<StoredLandmark, 'cname' | 'name'>): LandmarkId | null {
  return MODEL_OUTPUT_IDS_V1[l.cname] ?? storedLandmarkId(l);
}

/** A stored document's landmarks read into the one in-product shape (packages/ceph `FilmLandmarks`). */
export interface RecordLandmarks extends FilmLandmarks {
  /** edited ?? ai ?? constructed per registry id (image px): what is shown and measured. */
  readonly positions: LandmarkMap<ImagePoint>;
  /**
   * The points constructed from the others (packages/ceph constructed.ts) where neither the model nor
   * the user placed one: the third provenance beside `ai` and `edited`. Derived on every read, never
   * stored (docs/house-rules.md §3), so stored documents are unchanged and follow their source points.
   */
  readonly constructed: LandmarkMap<ImagePoint>;
  /**
   * Stored entries no registry id matches, per document: never measured; the viewer writes the
   * user's back unchanged on its next save, the report draws them by their stored name.
   */
  readonly unmatched: { readonly ai: readonly StoredLandmark[]; readonly edited: readonly StoredLandmark[] };
  /** The producing model (`infer_result.model`); null without a model result. */
  readonly model: InferResult['model'] | null;
  /** The clinic adaptation applied to the model's points (`infer_result.adaptation`); null when none was. */
  readonly adaptation: NonNullable<InferResult['adaptation']> | null;
  /** The account's landmark definitions applied to the model's points (`infer_result.definitions`); null when the model's own were kept. */
  readonly definitions: NonNullable<InferResult['definitions']> | null;
}

/**
 * Reads `infer_result` and `modified_result` (unknown JSON, as stored) the way the viewer, the
 * report and the exports all read them; a document that does not parse counts as absent.
 */
export function readRecordLandmarks(
  inferResult: unknown,
  modifiedResult: unknown,
  /** Points found on the film by the caller (packages/ceph findRamusPoints): shown where neither the model nor the user placed one. */
  found: LandmarkMap<ImagePoint> = {},
): RecordLandmarks {
  const inferred = inferResultSchema.safeParse(inferResult);
  const modified = modifiedResultSchema.safeParse(modifiedResult);
  const ai: LandmarkMap<AiLandmark> = {};
  const edited: LandmarkMap<ImagePoint> = {};
  const unmatched = { ai: [] as StoredLandmark[], edited: [] as StoredLandmark[] };
  for (const l of inferred.success ? inferred.data.landmarks : []) {
    const id = storedAiLandmarkId(l);
    if (id)
      ai[id] = {
        point: imagePoint(l.x, l.y),
        confidence: l.confidence ?? null,
        name: l.name,
        ...(l.raw && { raw: imagePoint(l.raw.x, l.raw.y) }),
        ...(l.definition !== undefined && {
          definition: { choice: l.definition, point: l.defined ? imagePoint(l.defined.x, l.defined.y) : imagePoint(l.x, l.y) },
        }),
      };
    else unmatched.ai.push(l);
  }
  for (const l of modified.success ? modified.data.landmarks : []) {
    const id = storedLandmarkId(l);
    if (id) edited[id] = imagePoint(l.x, l.y);
    else unmatched.edited.push({ cname: l.cname, name: l.name, x: l.x, y: l.y });
  }
  const model = inferred.success ? inferred.data.model : null;
  const adaptation = (inferred.success && inferred.data.adaptation) || null;
  const definitions = (inferred.success && inferred.data.definitions) || null;
  const positions = mergePositions(ai, edited, found);
  const constructed: LandmarkMap<ImagePoint> = {};
  for (const id of Object.keys(positions) as LandmarkId[]) if (!ai[id] && !edited[id]) constructed[id] = positions[id];
  return { ai, edited, positions, constructed, unmatched, model, adaptation, definitions };
}

/**
 * The `modified_result` to store: only the landmarks the user moved or placed (the AI's stay in
 * `infer_result`, docs/house-rules.md §4), in registry order, rounded to 0.01 px (sub-pixel noise
 * from zoomed drags is not information), bound to the film they were placed on (the server adds its
 * content hash), then the unmatched entries read from the previous document, unchanged.
 */
export function toModifiedResult(
  edited: LandmarkMap<ImagePoint>,
  imageId: number,
  unmatched: readonly StoredLandmark[] = [],
): ModifiedResult {
  const round = (v: number) => Math.round(v * 100) / 100;
  const landmarks: StoredLandmark[] = [];
  for (const { id } of LANDMARKS) {
    const p = edited[id];
    if (p) landmarks.push({ cname: storedCname(id), name: id, x: round(p.x), y: round(p.y) });
  }
  return { version: 2, image: { chart_data_id: imageId }, landmarks: [...landmarks, ...unmatched] };
}

/** A stored model landmark as the REST answer's `output.boxs` entry (docs/spec-points.md §3: cname, name, bbox x and y). */
export function toLandmarkBox(l: StoredLandmark & { readonly confidence: number }): LandmarkBox {
  return { cname: l.cname, name: l.name, bbox: { x: l.x, y: l.y }, confidence: l.confidence };
}

/**
 * Whether landmarks bound to `bound` belong on `image` (a chart data row): the same row and, where
 * both content hashes are known, the same bytes. Edits placed on a film since replaced never land
 * on the new one (saved, measured or printed).
 */
export function landmarkImageFits(bound: LandmarkImage, image: { readonly id: number; readonly sha256: string | null }): boolean {
  const hashUnknown = bound.sha256 === undefined || bound.sha256 === null || image.sha256 === null;
  return bound.chart_data_id === image.id && (hashUnknown || bound.sha256 === image.sha256);
}

/**
 * Whether a stored `modified_result` belongs on `image`: a version 2 document when its image fits
 * (`landmarkImageFits`); a version 1 document (from before binding) is taken as is. None, or a
 * document that does not parse, counts as absent (readers ignore it): nothing to misplace.
 */
export function modifiedResultFits(modified: unknown, image: { readonly id: number; readonly sha256: string | null }): boolean {
  const parsed = modifiedResultSchema.safeParse(modified);
  return !parsed.success || parsed.data.version === 1 || landmarkImageFits(parsed.data.image, image);
}
