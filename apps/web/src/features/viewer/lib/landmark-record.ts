import { LANDMARKS, imagePoint, type ImagePoint, type LandmarkMap } from '@ceppro/ceph';
import {
  storedAiLandmarkId,
  storedCname,
  storedLandmarkId,
  type InferResult,
  type ModifiedResult,
  type StoredLandmark,
} from '@ceppro/contract';

/** A landmark as the model placed it: image px of the original upload, and how sure the model was. */
export interface AiLandmark {
  readonly point: ImagePoint;
  /** In [0, 1]; null when the stored result carries none. */
  readonly confidence: number | null;
  /** The name the model stored it under (`Sella`, ...): kept for display and tests that match by it. */
  readonly name: string;
}

// The stored cname/name keys are shared with the server's PDF report.
export { HAND_PLACED_CNAME_BASE, storedCname, storedLandmarkId } from '@ceppro/contract';

/** The model's landmarks keyed by registry id. The model's cname is its output index, so that wins. */
export function readInferResult(infer: InferResult | null): LandmarkMap<AiLandmark> {
  const out: LandmarkMap<AiLandmark> = {};
  for (const l of infer?.landmarks ?? []) {
    const id = storedAiLandmarkId(l);
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
 * `infer_result`, docs/house-rules.md §4), in registry order, rounded to 0.01 px (sub-pixel noise from
 * zoomed drags is not information).
 */
export function toModifiedResult(
  edited: LandmarkMap<ImagePoint>,
  imageId: number,
  unknown: readonly StoredLandmark[] = [],
): ModifiedResult {
  const round = (v: number) => Math.round(v * 100) / 100;
  const landmarks: StoredLandmark[] = [];
  for (const { id } of LANDMARKS) {
    const p = edited[id];
    if (p) landmarks.push({ cname: storedCname(id), name: id, x: round(p.x), y: round(p.y) });
  }
  // Bound to the film they were placed on (the server adds its content hash).
  return { version: 2, image: { chart_data_id: imageId }, landmarks: [...landmarks, ...unknown] };
}
