import { dist, type Vec2 } from '@ceppro/ceph';
import { RULER_INFO_VERSION, type RulerInfo } from '@ceppro/contract';

// The precedence (ruler > default PPM > none) is shared with the server's PDF report.
export { parseRulerInfo, resolveCalibration, type CalibrationOrigin, type ResolvedCalibration } from '@ceppro/contract';

/** The problem with a ruler input, if any (for the form); null when it can be applied. */
export type RulerProblem = 'same-point' | 'length';

export function rulerProblem(p1: Vec2, p2: Vec2, lengthMm: number): RulerProblem | null {
  if (!(dist(p1, p2) > 0)) return 'same-point';
  if (!Number.isFinite(lengthMm) || lengthMm <= 0 || lengthMm > 1000) return 'length';
  return null;
}

/**
 * The `ruler_info` document for two image-pixel points `lengthMm` apart: the user's choices only; the
 * calibration `ppm = dist_px(p1, p2) / length_mm` (docs/cephalometrics.md §5.5 item 1) is computed from
 * them where shown (`resolveCalibration`). Throws on a problem input (check `rulerProblem` first).
 */
export function makeRulerInfo(p1: Vec2, p2: Vec2, lengthMm: number): RulerInfo {
  const problem = rulerProblem(p1, p2, lengthMm);
  if (problem !== null) throw new Error(`Invalid ruler: ${problem}`);
  return { version: RULER_INFO_VERSION, p1: { x: p1.x, y: p1.y }, p2: { x: p2.x, y: p2.y }, length_mm: lengthMm };
}
