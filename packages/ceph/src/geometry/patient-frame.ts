import type { Affine2 } from './affine.ts';
import type { Calibration } from '../calibration/calibration.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import type { ImagePoint, PatientPoint, Vec2 } from './units.ts';
import { imagePoint, patientPoint } from './units.ts';

/** +1 = patient faces image-right (the usual export), −1 = faces image-left. */
export type Facing = 1 | -1;

/** Which landmark pair decided the facing (reference §5.1), or `default` when none was usable. */
export type FacingSource = 'S-N' | 'Go-Pog' | 'Po-Prn' | 'default';

const FACING_TESTS: readonly [LandmarkId, LandmarkId, FacingSource][] = [
  ['S', 'N', 'S-N'],
  ['Go', 'Pog', 'Go-Pog'],
  ['Po', 'Prn', 'Po-Prn'],
];

/**
 * Detect which way the face looks from image-pixel landmarks: `sign(N.x − S.x)`, falling back to
 * `Pog.x − Go.x`, then `Prn.x − Po.x`; +1 (right) when nothing decides.
 */
export function detectFacing(landmarks: LandmarkMap<Vec2>): { facing: Facing; source: FacingSource } {
  for (const [back, front, source] of FACING_TESTS) {
    const p = landmarks[back];
    const q = landmarks[front];
    if (p !== undefined && q !== undefined && q.x !== p.x) return { facing: q.x > p.x ? 1 : -1, source };
  }
  return { facing: 1, source: 'default' };
}

/**
 * The patient frame of one film (reference §5.2): `X = facing·(x − x0)·sx`, `Y = −(y − y0)·sy` with
 * `sx, sy` in mm/px when calibrated (unit `mm`), else 1 (unit `px`). X points anterior, Y superior on
 * left- and right-facing films alike, so signed values keep their clinical sign.
 */
export interface PatientFrame {
  readonly facing: Facing;
  readonly facingSource: FacingSource;
  readonly origin: ImagePoint;
  readonly sx: number;
  readonly sy: number;
  readonly unit: 'mm' | 'px';
}

/** Build the patient frame for a film from its image-pixel landmarks and calibration (origin default (0,0)). */
export function makePatientFrame(
  landmarks: LandmarkMap<Vec2>,
  calibration: Calibration,
  origin: ImagePoint = imagePoint(0, 0),
): PatientFrame {
  const { facing, source } = detectFacing(landmarks);
  const cal = calibration.kind === 'calibrated';
  return {
    facing,
    facingSource: source,
    origin,
    sx: cal ? 1 / calibration.pxPerMmX : 1,
    sy: cal ? 1 / calibration.pxPerMmY : 1,
    unit: cal ? 'mm' : 'px',
  };
}

/** Image pixels → patient frame (x anterior, y superior; mm or px per `frame.unit`). */
export function imageToPatient(frame: PatientFrame, p: ImagePoint): PatientPoint {
  return patientPoint(frame.facing * (p.x - frame.origin.x) * frame.sx, -(p.y - frame.origin.y) * frame.sy);
}

/** Patient frame → image pixels of the original upload (inverse of `imageToPatient`). */
export function patientToImage(frame: PatientFrame, p: PatientPoint): ImagePoint {
  return imagePoint(frame.origin.x + (frame.facing * p.x) / frame.sx, frame.origin.y - p.y / frame.sy);
}

/** Convert every landmark of a map to the patient frame (missing ones stay missing). */
export function landmarksToPatient(frame: PatientFrame, landmarks: LandmarkMap<ImagePoint>): LandmarkMap<PatientPoint> {
  const out: LandmarkMap<PatientPoint> = {};
  for (const [id, p] of Object.entries(landmarks) as [LandmarkId, ImagePoint | undefined][]) {
    if (p !== undefined) out[id] = imageToPatient(frame, p);
  }
  return out;
}

/** The image → patient map of a frame as an affine transform (image px in, patient mm/px out). */
export function patientFrameAffine(frame: PatientFrame): Affine2 {
  const a = frame.facing * frame.sx;
  return { a, b: 0, c: 0, d: -frame.sy, tx: -a * frame.origin.x, ty: frame.sy * frame.origin.y };
}
