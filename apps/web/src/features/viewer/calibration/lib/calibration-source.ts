import {
  calibrationFromDefaultPpm,
  calibrationFromRuler,
  dist,
  imagePoint,
  mm,
  UNCALIBRATED,
  type Calibration,
  type Vec2,
} from '@ceppro/ceph';
import { rulerInfoSchema, type RulerInfo } from '@ceppro/contract';

/** Where the film's calibration comes from, in precedence order: ruler, then default PPM, then none. */
export type CalibrationOrigin = 'ruler' | 'default-ppm' | 'none';

/** The film's calibration with its origin and pixels per mm (null when uncalibrated). */
export interface ResolvedCalibration {
  readonly calibration: Calibration;
  readonly origin: CalibrationOrigin;
  /** Pixels per millimetre (isotropic), or null when uncalibrated. */
  readonly ppm: number | null;
}

const NONE: ResolvedCalibration = { calibration: UNCALIBRATED, origin: 'none', ppm: null };

/**
 * Reads a stored `ruler_info` document; anything that is not a valid version-1 ruler with two
 * distinct points reads as "no ruler" (an old or broken document must not break the viewer).
 */
export function parseRulerInfo(raw: unknown): RulerInfo | null {
  const parsed = rulerInfoSchema.safeParse(raw);
  if (!parsed.success) return null;
  return dist(parsed.data.p1, parsed.data.p2) > 0 ? parsed.data : null;
}

/**
 * The calibration to measure with (spec: ruler > default PPM > uncalibrated, reference §5.5).
 * The ruler's ppm is recomputed from its points and length, so a stored ppm can never disagree
 * with the points drawn on the film. A default PPM that is not a positive number is ignored.
 */
export function resolveCalibration(ruler: RulerInfo | null, defaultPpm: number | null): ResolvedCalibration {
  if (ruler !== null) {
    const calibration = calibrationFromRuler(imagePoint(ruler.p1.x, ruler.p1.y), imagePoint(ruler.p2.x, ruler.p2.y), mm(ruler.length_mm));
    return { calibration, origin: 'ruler', ppm: calibration.pxPerMmX };
  }
  if (defaultPpm !== null && Number.isFinite(defaultPpm) && defaultPpm > 0) {
    const calibration = calibrationFromDefaultPpm(defaultPpm);
    return { calibration, origin: 'default-ppm', ppm: calibration.pxPerMmX };
  }
  return NONE;
}

/** The problem with a ruler input, if any (for the form); null when it can be applied. */
export type RulerProblem = 'same-point' | 'length';

export function rulerProblem(p1: Vec2, p2: Vec2, lengthMm: number): RulerProblem | null {
  if (!(dist(p1, p2) > 0)) return 'same-point';
  if (!Number.isFinite(lengthMm) || lengthMm <= 0 || lengthMm > 1000) return 'length';
  return null;
}

/**
 * The `ruler_info` document for two image-pixel points `lengthMm` apart:
 * `ppm = dist_px(p1, p2) / length_mm` (reference §5.5 item 1). Throws on a problem input
 * (check `rulerProblem` first).
 */
export function makeRulerInfo(p1: Vec2, p2: Vec2, lengthMm: number): RulerInfo {
  const problem = rulerProblem(p1, p2, lengthMm);
  if (problem !== null) throw new Error(`Invalid ruler: ${problem}`);
  const calibration = calibrationFromRuler(imagePoint(p1.x, p1.y), imagePoint(p2.x, p2.y), mm(lengthMm));
  return { version: 1, p1: { x: p1.x, y: p1.y }, p2: { x: p2.x, y: p2.y }, length_mm: lengthMm, ppm: calibration.pxPerMmX };
}
