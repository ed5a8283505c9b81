import { intersectLines } from '../geometry/lines.ts';
import type { Vec2 } from '../geometry/units.ts';
import { add, rotate, sub } from '../geometry/vec.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';

/**
 * Mandibular autorotation (reference §6.2, VTO/STO): when a plan opens or closes the bite, the whole
 * mandible turns rigidly about a condylar hinge until the occlusal contact reaches its planned height.
 *
 * Method, all in the PATIENT FRAME (mm; x anterior, y superior; reference §5.2):
 * - the hinge is condylion (Co) when placed, else articulare (Ar), else an estimate: the crossing of
 *   the Ba–N line with the posterior ramus line Go→R2 (or Go→R), which is where Ricketts puts the
 *   condyle centre DC "on the Ba–N line" (reference §1.1, DC) ◦ (our construction, no public source);
 * - the contact is the lower first molar (L6) or the lower incisor tip (L1); the angle θ is the one
 *   that lifts the contact by the planned rise `r` on its circle about the hinge:
 *   `θ = asin((C.y − H.y + r) / |C − H|) − atan2(C.y − H.y, C.x − H.x)`;
 * - positive θ = counter-clockwise in the patient frame = closing (the chin goes up and forward).
 *
 * Sources: rotating the mandible through the condyle is how orthognathic plans simulate autorotation;
 * the measured centre lies lower and further back (14.9 mm below and 5.0 mm behind the top of the
 * condyle for the first 10 mm of opening: Nattestad A, Vedtofte P, "Mandibular autorotation in
 * orthognathic surgery: a new method of locating the centre of mandibular rotation and determining
 * its consequence in orthognathic surgery", read at c.coek.info; 7.4 mm behind and 16.9 mm below
 * condylion after molar intrusion: Kim K et al., Angle Orthod 2018;88(5):538–544, PMC8183142, which
 * also reports 1 mm of upper-molar intrusion closing the mandible by about 2° SN–GoMe). A hinge at the
 * condyle therefore moves the chin somewhat less forward than those measured centres would.
 */

/** Where the hinge came from. */
export type HingeSource = 'Co' | 'Ar' | 'estimate';

/** The occlusal contact whose height the rotation restores. */
export type AutorotationContact = 'molar' | 'incisor';

export const AUTOROTATION_CONTACT_LANDMARK: Readonly<Record<AutorotationContact, LandmarkId>> = { molar: 'L6', incisor: 'L1' };
/** The upper tooth opposite each contact (its planned vertical change is what the lower one must follow). */
export const AUTOROTATION_UPPER_LANDMARK: Readonly<Record<AutorotationContact, LandmarkId>> = { molar: 'U6', incisor: 'U1' };

/** Hard-tissue landmarks of the whole mandible (distal and proximal parts; the condyle is the hinge and stays). */
export const MANDIBLE_LANDMARKS: readonly LandmarkId[] = [
  'B',
  'Pog',
  'Me',
  'Gn',
  'Pm',
  'Id',
  'D',
  'L1',
  'L1A',
  'L6',
  'LPM',
  'Go',
  'R',
  'R1',
  'R2',
  'R3',
  'R4',
  'Xi',
];

/** Soft tissue carried by the mandible: the soft chin and the lower lip (rotated rigidly with it). */
export const MANDIBLE_SOFT_TISSUE: readonly LandmarkId[] = ['stB', 'stPog', 'stGn', 'stMe', 'Li', 'LLv', 'Stmi'];

/** The user's autorotation choice: on/off, which contact, and a vertical change (mm, + closes) added to the plan's own. */
export interface AutorotationChoice {
  readonly enabled: boolean;
  readonly contact: AutorotationContact;
  /** Extra rise of the contact in mm (+ superior = closing), on top of what the plan's teeth or maxilla ask. */
  readonly verticalMm: number;
}

export const DEFAULT_AUTOROTATION: AutorotationChoice = { enabled: false, contact: 'molar', verticalMm: 0 };

/** The hinge in the patient frame and where it came from; null when neither Co, Ar nor the estimate's points exist. */
export function findHinge(pts: LandmarkMap<Vec2>): { point: Vec2; source: HingeSource } | null {
  if (pts.Co) return { point: pts.Co, source: 'Co' };
  if (pts.Ar) return { point: pts.Ar, source: 'Ar' };
  const ramus = pts.R2 ?? pts.R;
  if (!pts.Ba || !pts.N || !pts.Go || !ramus) return null;
  const p = intersectLines({ a: pts.Ba, b: pts.N }, { a: pts.Go, b: ramus });
  return p === null ? null : { point: p, source: 'estimate' };
}

/**
 * The rotation (degrees, + counter-clockwise in the patient frame = closing) about `hinge` that moves
 * `contact` up by `riseMm` (mm, + superior) along its circle; null when the rise is beyond the circle
 * (|C.y − H.y + r| > |C − H|) or the contact is on the hinge. The branch that keeps the contact on
 * its side of the hinge is taken, so zero rise gives exactly 0.
 */
export function autorotationAngle(hinge: Vec2, contact: Vec2, riseMm: number): number | null {
  const d = sub(contact, hinge);
  const radius = Math.hypot(d.x, d.y);
  if (radius === 0) return null;
  if (riseMm === 0) return 0;
  const s = (d.y + riseMm) / radius;
  if (Math.abs(s) > 1) return null;
  const now = Math.atan2(d.y, d.x);
  // On the anterior half (x ≥ 0) the target angle is asin(s); behind the hinge it is π − asin(s).
  const target = d.x >= 0 ? Math.asin(s) : Math.PI - Math.asin(s);
  let theta = target - now;
  if (theta > Math.PI) theta -= 2 * Math.PI;
  if (theta < -Math.PI) theta += 2 * Math.PI;
  return (theta * 180) / Math.PI;
}

/** `p` rotated about `pivot` by `deg` degrees (counter-clockwise in the frame of the points; patient frame: + closes). */
export function rotateAbout(p: Vec2, pivot: Vec2, deg: number): Vec2 {
  if (deg === 0) return p;
  return add(pivot, rotate(sub(p, pivot), (deg * Math.PI) / 180));
}

/** What the autorotation did (patient frame), or why it could not. */
export type AutorotationOutcome =
  | {
      readonly status: 'ok';
      readonly hinge: HingeSource;
      /** Hinge in the patient frame (mm). */
      readonly hingePoint: Vec2;
      readonly contact: AutorotationContact;
      /** The rise the plan itself asks at the contact (mm, + closes), before the chosen extra. */
      readonly planRiseMm: number;
      /** Plan rise + chosen extra: the contact's vertical change (mm). */
      readonly riseMm: number;
      /** Rotation about the hinge, degrees, + counter-clockwise in the patient frame (closing). */
      readonly angleDeg: number;
    }
  | { readonly status: 'no-hinge' | 'no-contact' | 'unreachable'; readonly contact: AutorotationContact; readonly riseMm: number };

/**
 * Plan the autorotation on PATIENT-FRAME landmarks (mm): find the hinge, the contact, and the angle
 * for `planRiseMm + choice.verticalMm`. The caller turns MANDIBLE_LANDMARKS and MANDIBLE_SOFT_TISSUE
 * with `rotateAbout(p, hingePoint, angleDeg)`.
 */
export function planAutorotation(pts: LandmarkMap<Vec2>, choice: AutorotationChoice, planRiseMm: number): AutorotationOutcome {
  const riseMm = planRiseMm + choice.verticalMm;
  const hinge = findHinge(pts);
  if (hinge === null) return { status: 'no-hinge', contact: choice.contact, riseMm };
  const contact = pts[AUTOROTATION_CONTACT_LANDMARK[choice.contact]];
  if (contact === undefined) return { status: 'no-contact', contact: choice.contact, riseMm };
  const angle = autorotationAngle(hinge.point, contact, riseMm);
  if (angle === null) return { status: 'unreachable', contact: choice.contact, riseMm };
  return { status: 'ok', hinge: hinge.source, hingePoint: hinge.point, contact: choice.contact, planRiseMm, riseMm, angleDeg: angle };
}

/** Rotate the mandible and its soft tissue of a PATIENT-FRAME map (others unchanged); a new map. */
export function rotateMandible<P extends Vec2>(pts: LandmarkMap<P>, hinge: Vec2, angleDeg: number, make: (v: Vec2) => P): LandmarkMap<P> {
  const out: LandmarkMap<P> = { ...pts };
  for (const id of [...MANDIBLE_LANDMARKS, ...MANDIBLE_SOFT_TISSUE]) {
    const p = pts[id];
    if (p !== undefined) out[id] = make(rotateAbout(p, hinge, angleDeg));
  }
  return out;
}
