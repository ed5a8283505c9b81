import type { LandmarkPositions } from '../../../src/features/viewer/lib/analysis-rows.ts';

/**
 * Hand-made landmarks in image px (patient facing right: N is right of S). Built so that the
 * Steiner angles have simple closed forms (vertex N, N→S = (−500, 0)):
 *   N→A = (−20, 140): SNA = atan2(500·140, 500·20) = atan(7)   = 81.8699°  (82 ± 2 → z −0.07, ok)
 *   N→B = (−40, 180): SNB = atan2(500·180, 500·40) = atan(4.5) = 77.4712°  (80 ± 2 → z −1.26, mild)
 *   ANB = SNA − SNB = 4.3987°                                              (2 ± 2 → z +1.20, mild)
 *   S–N = 500 px: 71.43 mm at 7 px/mm (71 ± 3, ok), 50 mm at 10 px/mm (z −7, severe).
 */
export const S = { x: 100, y: 500 };
export const N = { x: 600, y: 500 };
export const A = { x: 580, y: 640 };
export const B = { x: 560, y: 680 };

export const POSITIONS: LandmarkPositions = { S, N, A, B };

export const SNA_DEG = (Math.atan(7) * 180) / Math.PI;
export const SNB_DEG = (Math.atan(4.5) * 180) / Math.PI;
export const ANB_DEG = SNA_DEG - SNB_DEG;
