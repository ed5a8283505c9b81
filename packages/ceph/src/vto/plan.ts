import type { Calibration } from '../calibration/calibration.ts';
import { imageToPatient, landmarksToPatient, makePatientFrame, patientToImage } from '../geometry/patient-frame.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { patientPoint } from '../geometry/units.ts';
import { sub } from '../geometry/vec.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import {
  MANDIBLE_LANDMARKS,
  MANDIBLE_SOFT_TISSUE,
  planAutorotation,
  rotateAbout,
  type AutorotationChoice,
  type AutorotationContact,
} from './autorotation.ts';
import type { SoftTissueRule, VtoMovementTable, VtoPointKey } from './movement.ts';
import { predictionFromDisplacements, type PredictionKind } from './prediction.ts';
import { simulateVto } from './simulate.ts';
import { simulateSurgery, type PlanPrediction, type SurgicalPlan } from './surgical-setup.ts';

/** Which kind of plan: the orthodontic movement table (VTO) or the surgical set-up (STO). */
export type PlanMode = 'vto' | 'sto';

/** Everything a prediction needs besides the landmarks and the calibration. */
export interface PlanChoices {
  readonly mode: PlanMode;
  /** VTO: the nine-row movement table and its soft-tissue rules. */
  readonly movements: VtoMovementTable;
  readonly rules: readonly SoftTissueRule[];
  /** STO: the segment moves and the chosen surgical ratios. */
  readonly surgery: SurgicalPlan;
  readonly surgicalRatios: Partial<Record<string, number>>;
  readonly autorotation: AutorotationChoice;
}

/** The table rows of the upper and lower tooth at each contact. */
const CONTACT_ROWS: Readonly<Record<AutorotationContact, readonly [VtoPointKey, VtoPointKey]>> = {
  molar: ['Mx6Distal', 'Mn6Distal'],
  incisor: ['Mx1Crown', 'Mn1Crown'],
};

/**
 * The rise (mm, + superior = closing) a VTO table asks of the mandible at a contact: the upper tooth's
 * vertical change minus the lower tooth's (molar intrusion of 2 mm asks +2; lower-molar extrusion of
 * 2 mm asks −2, since the extruded tooth meets its antagonist earlier).
 */
export function vtoContactRise(movements: VtoMovementTable, contact: AutorotationContact): number {
  const [upper, lower] = CONTACT_ROWS[contact];
  return movements[upper].vertical - movements[lower].vertical;
}

/**
 * One prediction for either mode on IMAGE-PIXEL landmarks of a CALIBRATED film. VTO with autorotation:
 * the mandible and its soft tissue turn about the hinge first (by the angle the table's contact rise
 * plus the chosen extra asks), then the table moves run on the turned landmarks, and the warp is fitted
 * from today's positions to the result. STO: `simulateSurgery`.
 */
export function simulatePlan(
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  choices: PlanChoices,
): { ok: true; result: PlanPrediction } | { ok: false; error: string } {
  if (choices.mode === 'sto') {
    return simulateSurgery(landmarks, calibration, {
      plan: choices.surgery,
      ratios: choices.surgicalRatios,
      autorotation: choices.autorotation,
    });
  }
  if (!choices.autorotation.enabled) {
    const run = simulateVto(landmarks, calibration, choices.movements, choices.rules);
    return run.ok ? { ok: true, result: { ...run.result, autorotation: null } } : run;
  }
  if (calibration.kind !== 'calibrated') return { ok: false, error: 'VTO needs a calibrated film: movements are in millimetres.' };
  const frame = makePatientFrame(landmarks, calibration);
  const pts = landmarksToPatient(frame, landmarks) as LandmarkMap<Vec2>;
  const autorotation = planAutorotation(pts, choices.autorotation, vtoContactRise(choices.movements, choices.autorotation.contact));
  if (autorotation.status !== 'ok') {
    const run = simulateVto(landmarks, calibration, choices.movements, choices.rules);
    return run.ok ? { ok: true, result: { ...run.result, autorotation } } : run;
  }
  const turned: LandmarkMap<ImagePoint> = { ...landmarks };
  const rotatedIds = new Set<LandmarkId>();
  for (const id of [...MANDIBLE_LANDMARKS, ...MANDIBLE_SOFT_TISSUE]) {
    const p = pts[id];
    if (p === undefined) continue;
    const q = rotateAbout(p, autorotation.hingePoint, autorotation.angleDeg);
    turned[id] = patientToImage(frame, patientPoint(q.x, q.y));
    rotatedIds.add(id);
  }
  const inner = simulateVto(turned, calibration, choices.movements, choices.rules);
  if (!inner.ok) return inner;
  const disp: LandmarkMap<Vec2> = {};
  const kind = new Map<LandmarkId, PredictionKind>();
  for (const c of inner.result.controls) {
    const before = landmarks[c.id];
    const after = inner.result.landmarks[c.id];
    if (before === undefined || after === undefined) continue;
    disp[c.id] = before === after ? { x: 0, y: 0 } : sub(imageToPatient(frame, after), imageToPatient(frame, before));
    kind.set(c.id, rotatedIds.has(c.id) && c.kind === 'fixed' ? 'segment' : c.kind);
  }
  const result = predictionFromDisplacements(landmarks, frame, disp, kind);
  if (result === null) return { ok: false, error: 'Too few distinct landmarks for the warp (need 3 non-collinear).' };
  return { ok: true, result: { ...result, autorotation } };
}
