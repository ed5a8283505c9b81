import { LANDMARK_CATALOGUE } from './dataset-names.ts';
import { modelOutputIndexV1 } from './model-output.ts';
import type { LandmarkCategory, LandmarkId, RegistryLandmark } from './types.ts';

/** The landmark registry: catalogue metadata plus the v1 model output index of each landmark. */
export const LANDMARKS: readonly RegistryLandmark[] = LANDMARK_CATALOGUE.map((lm) => ({
  ...lm,
  modelOutputIndexV1: modelOutputIndexV1(lm.id),
}));

const BY_ID = new Map<LandmarkId, RegistryLandmark>(LANDMARKS.map((lm) => [lm.id, lm]));

/** Registry entry for an id (throws on an id outside `LANDMARK_IDS`, which the type system prevents). */
export function getLandmark(id: LandmarkId): RegistryLandmark {
  const lm = BY_ID.get(id);
  if (lm === undefined) throw new Error(`unknown landmark id ${id}`);
  return lm;
}

/** True when `value` is a registry landmark id. */
export function isLandmarkId(value: string): value is LandmarkId {
  return BY_ID.has(value as LandmarkId);
}

/** Registry landmarks of one tissue category, in registry order. */
export function landmarksByCategory(category: LandmarkCategory): readonly RegistryLandmark[] {
  return LANDMARKS.filter((lm) => lm.category === category);
}
