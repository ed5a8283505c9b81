import {
  LANDMARKS,
  MODEL_OUTPUT_IDS_V1,
  imagePoint,
  isLandmarkId,
  landmarkIdFromName,
  modelOutputIndexV1,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
} from '@ceppro/ceph';
import type { InferResult, ModifiedResult, StoredLandmark } from '@ceppro/contract';

/** A landmark as the model placed it: image px of the original upload, and how sure the model was. */
export interface AiLandmark {
  readonly point: ImagePoint;
  /** In [0, 1]; null when the stored result carries none. */
  readonly confidence: number | null;
  /** The name the model stored it under (`Sella`, ...): kept for display and tests that match by it. */
  readonly name: string;
}

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

/** The model's landmarks keyed by registry id. The model's cname is its output index, so that wins. */
export function readInferResult(infer: InferResult | null): LandmarkMap<AiLandmark> {
  const out: LandmarkMap<AiLandmark> = {};
  for (const l of infer?.landmarks ?? []) {
    const id = MODEL_OUTPUT_IDS_V1[l.cname] ?? storedLandmarkId(l);
    if (id) out[id] = { point: imagePoint(l.x, l.y), confidence: l.confidence ?? null, name: l.name };
  }
  return out;
}

/**
 * The user's landmarks keyed by registry id, plus the stored entries no registry id matches: they
 * are written back unchanged on the next save so an edit never silently drops someone's data.
 */
export function readModifiedResult(modified: ModifiedResult | null): { edited: LandmarkMap<ImagePoint>; unknown: StoredLandmark[] } {
  const edited: LandmarkMap<ImagePoint> = {};
  const unknown: StoredLandmark[] = [];
  for (const l of modified?.landmarks ?? []) {
    const id = storedLandmarkId(l);
    if (id) edited[id] = imagePoint(l.x, l.y);
    else unknown.push({ cname: l.cname, name: l.name, x: l.x, y: l.y });
  }
  return { edited, unknown };
}

/**
 * The `modified_result` to store: only the landmarks the user moved or placed (the AI's stay in
 * `infer_result`, house style 4), in registry order, rounded to 0.01 px (sub-pixel noise from
 * zoomed drags is not information).
 */
export function toModifiedResult(edited: LandmarkMap<ImagePoint>, unknown: readonly StoredLandmark[] = []): ModifiedResult {
  const round = (v: number) => Math.round(v * 100) / 100;
  const landmarks: StoredLandmark[] = [];
  for (const { id } of LANDMARKS) {
    const p = edited[id];
    if (p) landmarks.push({ cname: storedCname(id), name: id, x: round(p.x), y: round(p.y) });
  }
  return { version: 1, landmarks: [...landmarks, ...unknown] };
}
