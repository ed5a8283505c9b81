import type { LandmarkId, LandmarkMap } from '@ceppro/ceph';
import type { AiLandmark } from './landmark-record.ts';

/**
 * Below this model confidence a landmark is marked on the film and listed first "for review".
 * Confidence is the refinement stage's probability mass near its answer (models/README.md).
 * REVIEW_EVIDENCE_PLACEHOLDER
 */
export const REVIEW_CONFIDENCE = 0.5;

/** Landmarks the model placed with less than `REVIEW_CONFIDENCE`, least sure first. */
export function landmarksForReview(ai: LandmarkMap<AiLandmark>, threshold = REVIEW_CONFIDENCE): LandmarkId[] {
  return (Object.entries(ai) as [LandmarkId, AiLandmark][])
    .filter(([, l]) => l.confidence !== null && l.confidence < threshold)
    .sort((a, b) => (a[1].confidence ?? 0) - (b[1].confidence ?? 0))
    .map(([id]) => id);
}
