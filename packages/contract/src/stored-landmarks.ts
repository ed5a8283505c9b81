import { LANDMARKS, MODEL_OUTPUT_IDS_V1, isLandmarkId, landmarkIdFromName, modelOutputIndexV1, type LandmarkId } from '@ceppro/ceph';
import type { StoredLandmark } from './analysis-record';

/*
 * How landmarks are keyed in a stored analysis record (`infer_result`, `modified_result`), read the
 * same way by the viewer and by the server's PDF report.
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
