import type { Calibration } from '../calibration/calibration.ts';
import { landmarksToPatient, makePatientFrame } from '../geometry/patient-frame.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { add, scale, sub } from '../geometry/vec.ts';
import { getLandmark } from '../landmarks/registry.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import {
  AUTOROTATION_CONTACT_LANDMARK,
  MANDIBLE_LANDMARKS,
  MANDIBLE_SOFT_TISSUE,
  planAutorotation,
  rotateAbout,
  type AutorotationChoice,
  type AutorotationOutcome,
} from './autorotation.ts';
import { VTO_FIXED_SOFT } from './movement.ts';
import { predictionFromDisplacements, type PredictionKind } from './prediction.ts';
import type { VtoResult } from './simulate.ts';
import {
  SOFT_BONY_COUNTERPART,
  SURGICAL_SOFT_TISSUE_RATIOS,
  chosenSurgicalRatio,
  type SurgicalRatio,
  type SurgicalSegmentId,
} from './surgical-ratios.ts';

/**
 * Surgical set-up (STO, reference §6.2): the maxilla after a Le Fort I osteotomy, the distal mandible
 * after a bilateral sagittal split (BSSO) and the chin after a genioplasty move separately as rigid
 * bodies, each by a rotation about a pivot landmark and then a translation; the mandible may first
 * autorotate about the condyle (autorotation.ts) to follow the maxilla's vertical change; soft tissue
 * follows by the published ratios (surgical-ratios.ts).
 */

/** One segment's move, PATIENT FRAME: mm (horizontal + anterior, vertical + superior), degrees (+ counter-clockwise). */
export interface SegmentMove {
  readonly horizontal: number;
  readonly vertical: number;
  /** Degrees about `pivot`, + counter-clockwise in the patient frame (the front end turns up). */
  readonly rotation: number;
  readonly pivot: LandmarkId;
}

export type SurgicalPlan = Readonly<Record<SurgicalSegmentId, SegmentMove>>;

/** Each segment's landmarks (moved rigidly) and the pivots offered, the first being the default. */
export const SURGICAL_SEGMENTS: readonly {
  readonly id: SurgicalSegmentId;
  readonly members: readonly LandmarkId[];
  readonly pivots: readonly LandmarkId[];
}[] = [
  { id: 'maxilla', members: ['ANS', 'PNS', 'A', 'Pr', 'U1', 'U1A', 'U6', 'UPM'], pivots: ['U1', 'ANS', 'PNS', 'U6'] },
  { id: 'mandible', members: ['B', 'Pog', 'Me', 'Gn', 'Pm', 'Id', 'D', 'L1', 'L1A', 'L6', 'LPM'], pivots: ['L1', 'B', 'Pog', 'Me'] },
  { id: 'chin', members: ['Pog', 'Gn', 'Me'], pivots: ['Pog', 'Me', 'Gn'] },
];

const segment = (id: SurgicalSegmentId) => SURGICAL_SEGMENTS.find((s) => s.id === id) as (typeof SURGICAL_SEGMENTS)[number];

/** No surgery: every segment still, default pivots. */
export const ZERO_SURGICAL_PLAN: SurgicalPlan = {
  maxilla: { horizontal: 0, vertical: 0, rotation: 0, pivot: 'U1' },
  mandible: { horizontal: 0, vertical: 0, rotation: 0, pivot: 'L1' },
  chin: { horizontal: 0, vertical: 0, rotation: 0, pivot: 'Pog' },
};

/**
 * The pivot a move turns about in `pts`: its landmark when present, else the centroid of the
 * segment's present members; null when none is present.
 */
function pivotOf(move: SegmentMove, id: SurgicalSegmentId, pts: LandmarkMap<Vec2>): Vec2 | null {
  const p = pts[move.pivot];
  if (p !== undefined) return p;
  const present = segment(id)
    .members.map((m) => pts[m])
    .filter((q): q is Vec2 => q !== undefined);
  if (present.length === 0) return null;
  return scale(present.reduce(add), 1 / present.length);
}

/** Displacement (patient frame) of `p` under a segment move about `pivot`: rotation then translation; exactly zero for a zero move. */
export function segmentDisplacement(move: SegmentMove, pivot: Vec2, p: Vec2): Vec2 {
  const turned = rotateAbout(p, pivot, move.rotation);
  return { x: turned.x - p.x + move.horizontal, y: turned.y - p.y + move.vertical };
}

/** The displacements one segment's move gives its present members (positions `pts`, patient frame). */
function moveSegment(id: SurgicalSegmentId, move: SegmentMove, pts: LandmarkMap<Vec2>): LandmarkMap<Vec2> {
  const pivot = pivotOf(move, id, pts);
  const out: LandmarkMap<Vec2> = {};
  if (pivot === null) return out;
  for (const m of segment(id).members) {
    const p = pts[m];
    if (p !== undefined) out[m] = segmentDisplacement(move, pivot, p);
  }
  return out;
}

/** A surgical plan's choices: segment moves, chosen soft-tissue ratios (by SurgicalRatio id), autorotation. */
export interface SurgeryChoices {
  readonly plan: SurgicalPlan;
  readonly ratios: Partial<Record<string, number>>;
  readonly autorotation: AutorotationChoice;
}

/** A prediction with what the mandible's autorotation did (null: not asked). */
export interface PlanPrediction extends VtoResult {
  readonly autorotation: AutorotationOutcome | null;
}

/** The rule of `segment` for soft point `soft` given the driver's horizontal displacement. */
function ruleFor(seg: SurgicalSegmentId, soft: LandmarkId, dx: number): SurgicalRatio | undefined {
  const direction = dx >= 0 ? 'advance' : 'setback';
  return SURGICAL_SOFT_TISSUE_RATIOS.find(
    (r) => r.segment === seg && r.soft.includes(soft) && (r.direction === 'any' || r.direction === direction),
  );
}

/**
 * Run a surgical set-up on IMAGE-PIXEL landmarks of a CALIBRATED film. Order: Le Fort I maxilla;
 * autorotation of the whole mandible (when enabled; the rise the maxilla asks at the contact is its
 * move's vertical displacement there, plus the chosen extra); BSSO of the distal mandible about its
 * pivot where autorotation left it; genioplasty of the chin where the BSSO left it. Proximal mandible
 * (Go, ramus) follows the autorotation only; the cranial base stays. Soft points: the mandible's rotate
 * with it, then each adds `ratio × its driver's displacement` from each segment move.
 */
export function simulateSurgery(
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  choices: SurgeryChoices,
): { ok: true; result: PlanPrediction } | { ok: false; error: string } {
  if (calibration.kind !== 'calibrated') return { ok: false, error: 'STO needs a calibrated film: movements are in millimetres.' };
  const frame = makePatientFrame(landmarks, calibration);
  const pts = landmarksToPatient(frame, landmarks) as LandmarkMap<Vec2>;
  const { plan } = choices;
  const maxilla = moveSegment('maxilla', plan.maxilla, pts);

  // Autorotation: the rise at the contact is the maxilla move's vertical displacement there.
  let autorotation: AutorotationOutcome | null = null;
  const rotated: LandmarkMap<Vec2> = { ...pts };
  if (choices.autorotation.enabled) {
    const contact = pts[AUTOROTATION_CONTACT_LANDMARK[choices.autorotation.contact]];
    const mxPivot = pivotOf(plan.maxilla, 'maxilla', pts);
    const rise = contact === undefined || mxPivot === null ? 0 : segmentDisplacement(plan.maxilla, mxPivot, contact).y;
    autorotation = planAutorotation(pts, choices.autorotation, rise);
    if (autorotation.status === 'ok') {
      for (const id of [...MANDIBLE_LANDMARKS, ...MANDIBLE_SOFT_TISSUE]) {
        const p = pts[id];
        if (p !== undefined) rotated[id] = rotateAbout(p, autorotation.hingePoint, autorotation.angleDeg);
      }
    }
  }
  const bsso = moveSegment('mandible', plan.mandible, rotated);
  const afterBsso: LandmarkMap<Vec2> = { ...rotated };
  for (const [id, d] of Object.entries(bsso) as [LandmarkId, Vec2][]) afterBsso[id] = add(rotated[id] as Vec2, d);
  const chin = moveSegment('chin', plan.chin, afterBsso);
  const stages: Readonly<Record<SurgicalSegmentId, LandmarkMap<Vec2>>> = { maxilla, mandible: bsso, chin };

  const disp: LandmarkMap<Vec2> = {};
  const kind = new Map<LandmarkId, PredictionKind>();
  const zero = { x: 0, y: 0 };
  for (const id of Object.keys(pts) as LandmarkId[]) {
    const p = pts[id] as Vec2;
    const turn = sub(rotated[id] as Vec2, p);
    if (maxilla[id] !== undefined) {
      disp[id] = maxilla[id];
      kind.set(id, 'segment');
    } else if (MANDIBLE_LANDMARKS.includes(id)) {
      disp[id] = add(add(turn, bsso[id] ?? zero), chin[id] ?? zero);
      kind.set(id, 'segment');
    } else if (isSoft(id)) {
      const moved = softDisplacement(id, stages, turn);
      if (moved !== null) {
        disp[id] = moved;
        kind.set(id, 'soft-ratio');
      } else if (VTO_FIXED_SOFT.includes(id)) {
        disp[id] = zero;
        kind.set(id, 'fixed');
      }
    } else {
      disp[id] = zero;
      kind.set(id, 'fixed');
    }
  }
  const result = predictionFromDisplacements(landmarks, frame, disp, kind);
  if (result === null) return { ok: false, error: 'Too few distinct landmarks for the warp (need 3 non-collinear).' };
  return { ok: true, result: { ...result, autorotation } };

  /** A soft point's displacement: its autorotation plus each segment's ratio × driver move; null when no rule drives it. */
  function softDisplacement(id: LandmarkId, moves: Readonly<Record<SurgicalSegmentId, LandmarkMap<Vec2>>>, turn: Vec2): Vec2 | null {
    const carried = MANDIBLE_SOFT_TISSUE.includes(id);
    let total: Vec2 = carried ? turn : zero;
    let driven = carried;
    for (const seg of ['maxilla', 'mandible', 'chin'] as const) {
      const rules = SURGICAL_SOFT_TISSUE_RATIOS.filter((r) => r.segment === seg && r.soft.includes(id));
      const first = rules[0];
      if (first === undefined) continue;
      const driver = first.driver === 'own' ? SOFT_BONY_COUNTERPART[id] : first.driver;
      const d = driver === undefined ? undefined : moves[seg][driver];
      if (d === undefined) continue;
      const rule = ruleFor(seg, id, d.x);
      if (rule === undefined) continue;
      total = add(total, scale(d, chosenSurgicalRatio(rule, choices.ratios)));
      driven = true;
    }
    return driven ? total : null;
  }
}

const isSoft = (id: LandmarkId) => getLandmark(id).category === 'soft';
