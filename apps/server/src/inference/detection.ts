import type { ModelCalibration } from './model-manifest.ts';

/*
 * What the landmark detector (landmark-detector.ts) answers, and its calibrated confidence: the
 * types its callers see, and the confidence model calibrate-model.ts fits.
 */

/**
 * The detector's own output per landmark (with the evidence behind its confidence). It leaves the
 * inference layer only as the stored shape (contract `StoredLandmark`, detection.job.ts
 * `inferResultOf`), the one every reader converts from.
 */
export interface DetectedLandmark {
  index: number;
  name: string;
  shortName: string;
  /** Position in px of the uploaded image (after EXIF orientation), origin top-left, y down. */
  x: number;
  y: number;
  /**
   * Calibrated probability that this landmark is within 2 mm of where a clinician would put it
   * (the manifest's confidence model); the viewer flags it for review below the manifest's threshold.
   */
  confidence: number;
  /** What the confidence is computed from (calibration and evaluation only). */
  evidence: LandmarkEvidence;
}

export interface LandmarkEvidence {
  /** Probability mass of the refinement heatmap near its answer, 0..1. */
  mass: number;
  /** RMS spread of that heatmap, normalised fine px (about 0.2 mm on an average adult skull). */
  spread: number;
  /** How far refinement moved the point from the coarse estimate, normalised fine px. */
  shift: number;
  /** Probability mass of the coarse heatmap near its answer, 0..1. */
  coarse: number;
  /**
   * How far apart the coarse stage puts this landmark on the film and on its mirror image (mapped
   * back), normalised fine px: a free test-time augmentation, since both are run to find the facing.
   */
  flip: number;
  /**
   * How far the point is from where the other landmarks put it (shape-model.ts, Mahalanobis,
   * about 1 on a typical film); 0 when the manifest has no shape model.
   */
  surprise: number;
}

export interface DetectionQuality {
  /** Mean coarse confidence of the chosen orientation. */
  meanConfidence: number;
  /** Procrustes residual of the coarse landmarks against the mean shape (0..1). */
  shapeResidual: number | null;
}

export type Detection =
  | {
      status: 'ok';
      landmarks: DetectedLandmark[];
      imageSize: { width: number; height: number };
      facing: 'right' | 'left';
      model: { id: string; version: string };
      /** The manifest's calibrated threshold below which a landmark is listed for review (null uncalibrated). */
      reviewThreshold: number | null;
      /** Below this mean confidence the whole film is to be checked (null when the manifest has none). */
      filmReviewThreshold: number | null;
      quality: DetectionQuality;
      timingsMs: Record<string, number>;
    }
  | {
      status: 'refused';
      reason: 'XRAY_NOT_RECOGNIZED';
      message: string;
      imageSize: { width: number; height: number };
      model: { id: string; version: string };
      quality: DetectionQuality;
      timingsMs: Record<string, number>;
    };

const logit = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

/**
 * The inputs of the confidence model, in the order of its weights (model-manifest.ts):
 * logit(mass), ln(spread), ln(1 + shift), logit(coarse), ln(1 + flip), ln(1 + surprise).
 * calibrate-model.ts fits on the same.
 */
export function confidenceFeatures(e: LandmarkEvidence): [number, number, number, number, number, number] {
  return [
    logit(e.mass),
    Math.log(Math.max(1e-3, e.spread)),
    Math.log1p(e.shift),
    logit(e.coarse),
    Math.log1p(e.flip),
    Math.log1p(e.surprise),
  ];
}

/**
 * The manifest's confidence model: P(error <= 2 mm) for landmark `index` from its evidence, plus
 * the landmark's own prior (`landmark_bias`, learned from how often this landmark is off on the
 * training films and where two annotation teams disagree on it). Manifests from before model 2.1
 * have neither the flip, surprise nor bias weights: they count as 0.
 */
export function calibratedConfidence(e: LandmarkEvidence, c: ModelCalibration['confidence'], index = 0): number {
  const [mass, spread, shift, coarse, flip, surprise] = confidenceFeatures(e);
  const z =
    c.intercept +
    c.w_mass * mass +
    c.w_spread * spread +
    c.w_shift * shift +
    c.w_coarse * coarse +
    (c.w_flip ?? 0) * flip +
    (c.w_surprise ?? 0) * surprise +
    (c.landmark_bias?.[index] ?? 0);
  return 1 / (1 + Math.exp(-z));
}
