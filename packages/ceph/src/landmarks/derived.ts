import type { Calibration } from '../calibration/calibration.ts';
import { landmarksToPatient, makePatientFrame, patientToImage } from '../geometry/patient-frame.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { patientPoint } from '../geometry/units.ts';
import { add, dot, perp, scale, sub, unit } from '../geometry/vec.ts';
import type { LandmarkMap } from './types.ts';

/**
 * Ricketts Xi point (reference §2), PATIENT-FRAME inputs and output (x anterior, y superior): with
 * û = unit(Or − Po) and n̂ ⟂ û, the rectangle bounded by lines ⟂FH through R1, R2 and ∥FH through R3, R4
 * has its centre at û·mean(R1·û, R2·û) + n̂·mean(R3·n̂, R4·n̂). `null` when Po = Or.
 */
export function constructXi(r1: Vec2, r2: Vec2, r3: Vec2, r4: Vec2, po: Vec2, or: Vec2): Vec2 | null {
  const u = unit(sub(or, po));
  if (u === null) return null;
  const n = perp(u);
  const a = (dot(r1, u) + dot(r2, u)) / 2;
  const b = (dot(r3, n) + dot(r4, n)) / 2;
  return add(scale(u, a), scale(n, b));
}

/**
 * Return a copy of IMAGE-PIXEL landmarks with constructed points added where absent and constructible
 * (currently Xi from R1–R4, Po, Or). Existing landmarks are never overwritten.
 */
export function withDerivedLandmarks(landmarks: LandmarkMap<ImagePoint>, calibration: Calibration): LandmarkMap<ImagePoint> {
  if (landmarks.Xi !== undefined) return landmarks;
  const frame = makePatientFrame(landmarks, calibration);
  const p = landmarksToPatient(frame, landmarks);
  if (!p.R1 || !p.R2 || !p.R3 || !p.R4 || !p.Po || !p.Or) return landmarks;
  const xi = constructXi(p.R1, p.R2, p.R3, p.R4, p.Po, p.Or);
  return xi === null ? landmarks : { ...landmarks, Xi: patientToImage(frame, patientPoint(xi.x, xi.y)) };
}
