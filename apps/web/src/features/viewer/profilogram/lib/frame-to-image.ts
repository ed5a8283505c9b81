import {
  landmarksToPatient,
  makePatientFrame,
  patientPoint,
  patientToImage,
  perp,
  rotate,
  sub,
  toRadians,
  unit,
  type Calibration,
  type ImagePoint,
  type LandmarkMap,
  type ProfilogramOptions,
  type Vec2,
} from '@ceppro/ceph';

/**
 * The inverse of the profilogram frame for one film: a point in the frame (origin the registration
 * point, +x along the standard line, +y superior; mm or px as the film's unit) to image px of the
 * original upload, so the profilogram can be laid on the film. A point of the drawn profilogram
 * (scale and rotation applied) lands scaled and turned about the registration point; at scale 100
 * and rotation 0 a landmark lands on itself. null when the frame's landmarks are missing. Same frame
 * as packages/ceph `buildProfilogram` (SN−7 = SN turned 7° toward FH).
 */
export function frameToImage(
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  options: ProfilogramOptions,
): ((p: Vec2) => ImagePoint) | null {
  const frame = makePatientFrame(landmarks, calibration);
  const pts = landmarksToPatient(frame, landmarks);
  const origin = pts[options.point];
  const [a, b] = options.standardLine === 'FH' ? [pts.Po, pts.Or] : [pts.S, pts.N];
  if (origin === undefined || a === undefined || b === undefined) return null;
  const d = unit(sub(b, a));
  if (d === null) return null;
  const u = options.standardLine === 'SN-7' ? rotate(d, toRadians(-7)) : d;
  const n = perp(u);
  // The basis is orthonormal, so the frame coordinates (dot with u, n) invert as x·u + y·n.
  return (p) => patientToImage(frame, patientPoint(origin.x + p.x * u.x + p.y * n.x, origin.y + p.x * u.y + p.y * n.y));
}
