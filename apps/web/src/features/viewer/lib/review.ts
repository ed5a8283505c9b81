import { LANDMARKS, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import type { AiLandmark } from './landmark-record.ts';

/**
 * Below this model confidence a landmark is marked on the film and listed first "for review".
 * Confidence is the refinement stage's probability mass near its answer (models/README.md).
 *
 * Why 0.3: the shipped model (ceph-landmarks-v1 1.1.0, `npm run detect`, the same values the server
 * stores in infer_result) on 34 ISBI Test1 films (151-250, every third; 912 landmarks with ground
 * truth) gave confidences with median 0.60 and quartiles 0.32 / 0.77. Below 0.3: 23% of landmarks
 * (about 6 per film), median error 2.8 mm vs 1.1 mm for the rest, 26% of them off by more than 4 mm
 * vs 7.6%, catching half of all >4 mm errors. 0.5 would flag 40% (11 per film): a review list that
 * long stops being read. Some landmarks are low on nearly every film (Pt, U1A, Ba: mean < 0.12),
 * which is right: they are the hard ones.
 */
export const REVIEW_CONFIDENCE = 0.3;

/** Landmarks the model placed with less than `REVIEW_CONFIDENCE`, least sure first. */
export function landmarksForReview(ai: LandmarkMap<AiLandmark>, threshold = REVIEW_CONFIDENCE): LandmarkId[] {
  return (Object.entries(ai) as [LandmarkId, AiLandmark][])
    .filter(([, l]) => l.confidence !== null && l.confidence < threshold)
    .sort((a, b) => (a[1].confidence ?? 0) - (b[1].confidence ?? 0))
    .map(([id]) => id);
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
