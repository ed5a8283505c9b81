import type { ImagePoint, Mm, Px, PxPerMm, Vec2 } from '../geometry/units.ts';
import { mm, px, pxPerMm } from '../geometry/units.ts';
import { dist } from '../geometry/vec.ts';

/** Where a calibration came from (stored with every measurement, reference §5.5). */
export type CalibrationSource = 'default-ppm' | 'ruler' | 'pixel-spacing' | 'imager-pixel-spacing' | 'ermf';

/** A calibrated film: pixels per millimetre along image x (columns) and y (rows). */
export interface Calibrated {
  readonly kind: 'calibrated';
  readonly pxPerMmX: PxPerMm;
  readonly pxPerMmY: PxPerMm;
  readonly source: CalibrationSource;
}

/** No calibration known: lengths are reported in px and flagged `uncalibrated`. */
export interface Uncalibrated {
  readonly kind: 'uncalibrated';
}

/** Calibration of one film (image pixels ↔ millimetres). */
export type Calibration = Calibrated | Uncalibrated;

/** The "nothing known" calibration. */
export const UNCALIBRATED: Uncalibrated = { kind: 'uncalibrated' };

/** Thrown for impossible calibration input (non-positive, non-finite or coincident ruler points). */
export class CalibrationError extends Error {
  override readonly name = 'CalibrationError';
}

function positive(value: number, what: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new CalibrationError(`${what} must be a positive number, got ${value}`);
  return value;
}

/** Calibration from the user's default PPM setting (pixels per mm, isotropic). */
export function calibrationFromDefaultPpm(ppm: number): Calibrated {
  const v = pxPerMm(positive(ppm, 'default PPM'));
  return { kind: 'calibrated', pxPerMmX: v, pxPerMmY: v, source: 'default-ppm' };
}

/**
 * Calibration from two ruler points (image pixels) a known distance apart (mm):
 * `px/mm = dist_px(p1, p2) / d_mm`, isotropic (reference §5.5 item 1).
 */
export function calibrationFromRuler(p1: ImagePoint, p2: ImagePoint, distanceMm: Mm): Calibrated {
  const d = positive(dist(p1, p2), 'ruler length in pixels');
  const v = pxPerMm(d / positive(distanceMm, 'ruler distance in mm'));
  return { kind: 'calibrated', pxPerMmX: v, pxPerMmY: v, source: 'ruler' };
}

/**
 * Calibration from DICOM-style pixel spacing, mm per pixel, in DICOM order `[row spacing (y), column
 * spacing (x)]` (tag 0028,0030; or 0018,1164 with `source: 'imager-pixel-spacing'`). With an estimated
 * radiographic magnification factor the object-plane spacing is `spacing / ermf` (source `ermf`).
 */
export function calibrationFromPixelSpacing(
  rowSpacingMm: number,
  columnSpacingMm: number,
  options: { source?: 'pixel-spacing' | 'imager-pixel-spacing'; ermf?: number } = {},
): Calibrated {
  const ermf = options.ermf === undefined ? 1 : positive(options.ermf, 'magnification factor');
  const row = positive(rowSpacingMm, 'row spacing') / ermf;
  const col = positive(columnSpacingMm, 'column spacing') / ermf;
  return {
    kind: 'calibrated',
    pxPerMmX: pxPerMm(1 / col),
    pxPerMmY: pxPerMm(1 / row),
    source: options.ermf === undefined ? (options.source ?? 'pixel-spacing') : 'ermf',
  };
}

/** Millimetres per pixel along image x and y, or `null` when uncalibrated. */
export function mmPerPx(cal: Calibration): { x: number; y: number } | null {
  return cal.kind === 'calibrated' ? { x: 1 / cal.pxPerMmX, y: 1 / cal.pxPerMmY } : null;
}

/** True when x and y spacings are equal (lengths can be converted without knowing the direction). */
export function isIsotropic(cal: Calibrated): boolean {
  return cal.pxPerMmX === cal.pxPerMmY;
}

/** Convert an isotropic pixel length to mm (throws on anisotropic calibration: use `imageVectorToMm`). */
export function pxToMm(length: Px, cal: Calibrated): Mm {
  if (!isIsotropic(cal)) throw new CalibrationError('anisotropic calibration: convert vectors, not lengths');
  return mm(length / cal.pxPerMmX);
}

/** Convert an isotropic mm length to pixels (throws on anisotropic calibration). */
export function mmToPx(length: Mm, cal: Calibrated): Px {
  if (!isIsotropic(cal)) throw new CalibrationError('anisotropic calibration: convert vectors, not lengths');
  return px(length * cal.pxPerMmX);
}

/** An image-pixel displacement (x right, y down) scaled to mm per axis (still x right, y down). */
export function imageVectorToMm(v: Vec2, cal: Calibrated): Vec2 {
  return { x: v.x / cal.pxPerMmX, y: v.y / cal.pxPerMmY };
}

/** A length, in mm when calibrated, otherwise in px flagged `uncalibrated`. */
export type Length =
  | { readonly value: number; readonly unit: 'mm' }
  | { readonly value: number; readonly unit: 'px'; readonly uncalibrated: true };

/** Distance between two image points as a `Length` (mm via per-axis spacing, else px). */
export function measureLength(p: ImagePoint, q: ImagePoint, cal: Calibration): Length {
  if (cal.kind === 'uncalibrated') return { value: dist(p, q), unit: 'px', uncalibrated: true };
  return { value: Math.hypot((q.x - p.x) / cal.pxPerMmX, (q.y - p.y) / cal.pxPerMmY), unit: 'mm' };
}
