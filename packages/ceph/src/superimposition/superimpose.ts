import { UNCALIBRATED, type Calibration } from '../calibration/calibration.ts';
import { applyAffine, composeAffine, IDENTITY_AFFINE, invertAffine, similarityAffine, type Affine2 } from '../geometry/affine.ts';
import { landmarksToPatient, makePatientFrame, patientFrameAffine } from '../geometry/patient-frame.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { dist, sub } from '../geometry/vec.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import { fitSimilarity } from './similarity-fit.ts';

/** Guide-line colours in order of oldest date (spec: white, red, blue, green). */
export const SUPERIMPOSITION_COLOURS = ['white', 'red', 'blue', 'green'] as const;
/** One superimposition colour. */
export type SuperimpositionColour = (typeof SUPERIMPOSITION_COLOURS)[number];

/** One film to superimpose: image-pixel landmarks (original upload), its calibration and shoot date (ISO `yyyy-mm-dd…`). */
export interface Tracing {
  readonly id: string;
  readonly date: string;
  readonly landmarks: LandmarkMap<ImagePoint>;
  readonly calibration: Calibration;
}

/**
 * Registration method: SN line registered at S; least-squares best fit of stable landmarks; or a
 * regional superimposition (`maxilla`, `mandible`): a rigid best fit on that bone's landmark set
 * of `REGIONAL_LANDMARKS`, to show tooth movement within the jaw rather than growth of the face.
 */
export type SuperimpositionMethod =
  | { readonly kind: 'sn-at-s' }
  | { readonly kind: 'best-fit'; readonly landmarks?: readonly LandmarkId[]; readonly allowScale?: boolean }
  | { readonly kind: 'maxilla' }
  | { readonly kind: 'mandible' };

/** Landmarks treated as stable for best-fit registration by default (cranial base / pterygoid region). */
export const DEFAULT_STABLE_LANDMARKS: readonly LandmarkId[] = ['S', 'N', 'Ba', 'Or', 'Po', 'Pt', 'Ptm', 'Bo'];

/**
 * Landmark sets of the regional superimpositions, registered rigidly (no scale: a jaw does not
 * change magnification within a film pair, and scale would absorb real growth).
 *
 * Why these points. Björk's structural method registers each jaw on structures that stop
 * remodelling early, not on points that move with the teeth (Björk A., Skieller V., "Normal and
 * abnormal growth of the mandible", Eur J Orthod 5:1-46, 1983; docs/cephalometrics.md §6.3).
 * The American Board of Orthodontics requires the same three superimpositions (cranial base,
 * maxillary, mandibular), done with the structural method on stable structures (ABO clinical exam,
 * "Superimposition Requirements", americanboardortho.com). Landmarks are not the structures' full
 * outlines; a landmark set is their computational analogue (reference §6.3 "Best-fit ... exclude
 * landmarks that move with treatment"):
 * - `maxilla`: the palatal plane, ANS and PNS (Ricketts' maxillary superimposition is the palatal
 *   plane at ANS). A point is left out: it sits on the alveolar process, which remodels when the
 *   upper incisors are retracted or proclined.
 * - `mandible`: the symphysis, Björk's anterior chin contour and inner cortex of the lower border:
 *   Pog, Pm (suprapogonion) and Gn on the chin, Me on the lower border, D at the centre of the
 *   symphysis cross-section. B point is left out (alveolar bone, moves with the lower incisors).
 *   The catalogue has no mandibular-canal or molar-germ landmarks, so those structures of Björk's
 *   list cannot be used here; Pm and D join the fit only when both films have them.
 */
export const REGIONAL_LANDMARKS = {
  maxilla: ['ANS', 'PNS'],
  mandible: ['Pog', 'Pm', 'Gn', 'Me', 'D'],
} as const satisfies Record<'maxilla' | 'mandible', readonly LandmarkId[]>;

/** The landmarks a method registers on (SN at S: S and N; best fit: its set or the default stable set). */
export function registrationLandmarks(method: SuperimpositionMethod): readonly LandmarkId[] {
  switch (method.kind) {
    case 'sn-at-s':
      return ['S', 'N'];
    case 'best-fit':
      return method.landmarks ?? DEFAULT_STABLE_LANDMARKS;
    case 'maxilla':
    case 'mandible':
      return REGIONAL_LANDMARKS[method.kind];
  }
}

/** One registered tracing. Reference = the oldest film (identity transforms). */
export interface RegisteredTracing {
  readonly id: string;
  readonly date: string;
  readonly colour: SuperimpositionColour;
  /** This film's patient frame → the reference's patient frame (mm, or px when any film is uncalibrated). */
  readonly transformPatient: Affine2;
  /** This film's image pixels → the reference film's image pixels. */
  readonly transformImage: Affine2;
  /** Landmarks used for the registration. */
  readonly registeredOn: readonly LandmarkId[];
  /** Distance from the reference position after registration, per registration landmark (frame unit). */
  readonly residuals: readonly { readonly id: LandmarkId; readonly distance: number }[];
  readonly rmsResidual: number;
  /** Registered position minus reference position for every landmark both films have (patient frame, x anterior, y superior). */
  readonly displacements: readonly { readonly id: LandmarkId; readonly dx: number; readonly dy: number }[];
}

/** Superimposition output, or a reason it could not be done. */
export type SuperimpositionResult =
  | { readonly ok: true; readonly unit: 'mm' | 'px'; readonly referenceId: string; readonly tracings: readonly RegisteredTracing[] }
  | { readonly ok: false; readonly error: string };

type Frame = { pts: LandmarkMap<Vec2>; toPatient: Affine2 };

function snAtS(moving: LandmarkMap<Vec2>, ref: LandmarkMap<Vec2>): { t: Affine2; on: LandmarkId[] } | string {
  const [s1, n1, s0, n0] = [moving.S, moving.N, ref.S, ref.N];
  if (!s1 || !n1 || !s0 || !n0) return 'SN registration needs S and N on every film';
  const d1 = sub(n1, s1);
  const d0 = sub(n0, s0);
  if (dist(s1, n1) === 0 || dist(s0, n0) === 0) return 'S and N coincide';
  const rot = Math.atan2(d0.y, d0.x) - Math.atan2(d1.y, d1.x);
  const r = similarityAffine(1, rot, 0, 0);
  const rs = applyAffine(r, s1);
  return { t: { ...r, tx: s0.x - rs.x, ty: s0.y - rs.y }, on: ['S', 'N'] };
}

function bestFit(
  moving: LandmarkMap<Vec2>,
  ref: LandmarkMap<Vec2>,
  ids: readonly LandmarkId[],
  allowScale: boolean,
): { t: Affine2; on: LandmarkId[] } | string {
  const on = ids.filter((id) => moving[id] !== undefined && ref[id] !== undefined);
  const fit = fitSimilarity(
    on.map((id) => moving[id] as Vec2),
    on.map((id) => ref[id] as Vec2),
    allowScale,
  );
  return fit === null ? `best fit needs at least 2 non-coincident common landmarks of: ${ids.join(', ')}` : { t: fit.transform, on };
}

/**
 * Superimpose 2–4 films. Films are ordered by date (oldest first → white, red, blue, green); the oldest is
 * the reference. Work happens in each film's patient frame (facing mirrored, mm when all films are
 * calibrated, else px), so films of either facing and different spacings register correctly.
 */
export function superimpose(tracings: readonly Tracing[], method: SuperimpositionMethod): SuperimpositionResult {
  if (tracings.length < 2) return { ok: false, error: 'Select at least 2 X-ray images.' };
  if (tracings.length > 4) return { ok: false, error: 'At most 4 images can be superimposed.' };
  const sorted = [...tracings].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const allCalibrated = sorted.every((t) => t.calibration.kind === 'calibrated');
  const frames: Frame[] = sorted.map((t) => {
    const frame = makePatientFrame(t.landmarks, allCalibrated ? t.calibration : UNCALIBRATED);
    return { pts: landmarksToPatient(frame, t.landmarks), toPatient: patientFrameAffine(frame) };
  });
  const ref = frames[0] as Frame;
  const refFromPatient = invertAffine(ref.toPatient);
  if (refFromPatient === null) return { ok: false, error: 'degenerate reference frame' };
  const out: RegisteredTracing[] = [];
  for (const [i, t] of sorted.entries()) {
    const f = frames[i] as Frame;
    const refIds = registrationLandmarks(method);
    const reg =
      i === 0
        ? { t: IDENTITY_AFFINE, on: refIds.filter((id) => f.pts[id] !== undefined) }
        : method.kind === 'sn-at-s'
          ? snAtS(f.pts, ref.pts)
          : bestFit(f.pts, ref.pts, refIds, method.kind === 'best-fit' ? (method.allowScale ?? false) : false);
    if (typeof reg === 'string') return { ok: false, error: `${t.id}: ${reg}` };
    const moved = (id: LandmarkId): Vec2 | null => {
      const p = f.pts[id];
      return p === undefined ? null : applyAffine(reg.t, p);
    };
    const residuals = reg.on.map((id) => ({ id, distance: dist(moved(id) as Vec2, ref.pts[id] as Vec2) }));
    const displacements = (Object.keys(f.pts) as LandmarkId[])
      .filter((id) => ref.pts[id] !== undefined)
      .map((id) => {
        const d = sub(moved(id) as Vec2, ref.pts[id] as Vec2);
        return { id, dx: d.x, dy: d.y };
      });
    out.push({
      id: t.id,
      date: t.date,
      colour: SUPERIMPOSITION_COLOURS[i] as SuperimpositionColour,
      transformPatient: reg.t,
      transformImage: composeAffine(refFromPatient, composeAffine(reg.t, f.toPatient)),
      registeredOn: reg.on,
      residuals,
      rmsResidual: residuals.length === 0 ? 0 : Math.sqrt(residuals.reduce((s, r) => s + r.distance ** 2, 0) / residuals.length),
      displacements,
    });
  }
  return { ok: true, unit: allCalibrated ? 'mm' : 'px', referenceId: (sorted[0] as Tracing).id, tracings: out };
}
