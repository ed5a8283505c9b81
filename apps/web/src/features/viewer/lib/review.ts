import { LANDMARKS, type AiLandmark, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import type { InferResult } from '@ceppro/contract';

/**
 * The "for review" threshold of the model that produced a result. Since model 2.0.0 the server
 * stores it with the result (`infer_result.model.review_threshold`): the model manifest calibrates
 * it for that model's confidences (calibrate-model.ts, models/README.md), so a new model brings
 * its own. Results stored before that carry none; they come from model 1.1.0 (uncalibrated heatmap
 * mass), whose manifest-era threshold was 0.3, chosen on 34 Test1 films.
 */
const LEGACY_REVIEW_THRESHOLDS: Readonly<Record<string, number>> = { 'ceph-landmarks-v1@1.1.0': 0.3, 'ceph-landmarks-v1@1.0.0': 0.3 };

export function reviewThresholdOf(infer: InferResult | null): number | null {
  if (!infer) return null;
  return infer.model.review_threshold ?? LEGACY_REVIEW_THRESHOLDS[`${infer.model.id}@${infer.model.version}`] ?? null;
}

/** Landmarks the model placed with less than `threshold` confidence, least sure first (none without a threshold). */
export function landmarksForReview(ai: LandmarkMap<AiLandmark>, threshold: number | null): LandmarkId[] {
  if (threshold === null) return [];
  return (Object.entries(ai) as [LandmarkId, AiLandmark][])
    .filter(([, l]) => l.confidence !== null && l.confidence < threshold)
    .sort((a, b) => (a[1].confidence ?? 0) - (b[1].confidence ?? 0))
    .map(([id]) => id);
}

/** The whole-film threshold stored with a result (model 2.1 on): below this mean confidence every point is to be checked. */
export function filmReviewThresholdOf(infer: InferResult | null): number | null {
  return infer?.model.film_review_threshold ?? null;
}

/**
 * What the viewer asks the user to check: the landmarks under the threshold, least sure first; or,
 * when the AI was unsure on the film as a whole (mean confidence below `filmThreshold`), one
 * warning to check every point instead of a long list.
 */
export function reviewOf(
  ai: LandmarkMap<AiLandmark>,
  threshold: number | null,
  filmThreshold: number | null,
): { wholeFilm: boolean; ids: LandmarkId[] } {
  const confidences = Object.values(ai).flatMap((l) => (l?.confidence == null ? [] : [l.confidence]));
  const mean = confidences.length ? confidences.reduce((a, c) => a + c, 0) / confidences.length : null;
  if (filmThreshold !== null && mean !== null && mean < filmThreshold) return { wholeFilm: true, ids: [] };
  return { wholeFilm: false, ids: landmarksForReview(ai, threshold) };
}

/**
 * Landmarks the domain constructs from others (`withDerivedLandmarks`: Xi from R1-R4, Po, Or), so
 * nobody is asked to click them.
 */
export const DERIVED_LANDMARKS: ReadonlySet<LandmarkId> = new Set<LandmarkId>(['Xi']);

/** Landmarks with no point yet that a user can place, in registry order. */
export function missingLandmarks(positions: LandmarkMap<ImagePoint>): LandmarkId[] {
  return LANDMARKS.filter((l) => !positions[l.id] && !DERIVED_LANDMARKS.has(l.id)).map((l) => l.id);
}
