import { applyProfile, type AdaptationProfile } from '@ceppro/ceph';
import { storedAiLandmarkId, type StoredLandmark } from '@ceppro/contract';

/**
 * The model's landmarks (stored shape, image px, cname = the model's output index), after the
 * account's landmark definitions (`x`, `y` then the defined point), with the profile's learned shifts
 * added by packages/ceph `applyProfile`, the function the evaluation calls too. A moved landmark
 * keeps the model's own point in `raw` (already there when a definition moved it); the others come
 * back as they were. Registry ids are read as every reader of a stored model landmark reads them
 * (`storedAiLandmarkId`).
 */
export function adaptModelLandmarks<L extends StoredLandmark>(
  profile: AdaptationProfile,
  landmarks: readonly L[],
): { landmarks: L[]; moved: number } {
  // Keyed by position in the list: unique even if two outputs ever named the same landmark.
  const raw: Record<string, { x: number; y: number }> = {};
  landmarks.forEach((l, i) => {
    raw[i] = { x: l.x, y: l.y };
  });
  const adapted = applyProfile(profile, raw, (key) => storedAiLandmarkId(landmarks[Number(key)]!));
  let moved = 0;
  const out = landmarks.map((l, i) => {
    const a = adapted[i];
    if (!a?.shift) return l;
    moved++;
    return { ...l, x: a.point.x, y: a.point.y, raw: l.raw ?? { x: l.x, y: l.y } };
  });
  return { landmarks: out, moved };
}
