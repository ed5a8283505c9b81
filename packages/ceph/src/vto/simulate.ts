import type { Calibration } from '../calibration/calibration.ts';
import { applyAffine, invertAffine, type Affine2 } from '../geometry/affine.ts';
import { landmarksToPatient, makePatientFrame, type PatientFrame } from '../geometry/patient-frame.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { imagePoint } from '../geometry/units.ts';
import { add, sub } from '../geometry/vec.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import { fitSimilarity } from '../superimposition/similarity-fit.ts';
import {
  DEFAULT_SOFT_TISSUE_RULES,
  VTO_FIXED_SOFT,
  VTO_FREE_SOFT,
  VTO_HARD_SEGMENTS,
  VTO_INTERPOLATED_TEETH,
  VTO_MOVEMENT_POINTS,
  type SoftTissueRule,
  type VtoMovementTable,
} from './movement.ts';
import { applyThinPlateSpline, fitThinPlateSpline, type ThinPlateSpline } from './thin-plate-spline.ts';

/** VTO/STO prediction: moved landmarks and the smooth warp that carries any other image point. */
export interface VtoResult {
  /** Predicted landmark positions, image pixels of the original upload. */
  readonly landmarks: LandmarkMap<ImagePoint>;
  /** Displacement of each landmark in the patient frame (mm; x anterior, y superior). */
  readonly displacementsMm: LandmarkMap<Vec2>;
  /** Which landmarks were control points of the warp, and how each got its displacement. */
  readonly controls: readonly { readonly id: LandmarkId; readonly kind: 'table' | 'segment' | 'tooth' | 'soft-ratio' | 'fixed' }[];
  /** Thin-plate spline in IMAGE PIXELS of the original upload (apply with `warpImagePoint`). */
  readonly warp: ThinPlateSpline;
}

/**
 * Run a VTO/STO on IMAGE-PIXEL landmarks with a CALIBRATED film. Table rows move their landmarks (mm,
 * + anterior/superior); maxilla and distal-mandible followers move with the rigid least-squares fit of
 * their rows; premolars take the mean of the neighbouring rows; soft points follow their driver by the
 * ratios; every other present landmark is a fixed anchor. A TPS through all of these warps any point.
 */
export function simulateVto(
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  movement: VtoMovementTable,
  rules: readonly SoftTissueRule[] = DEFAULT_SOFT_TISSUE_RULES,
): { ok: true; result: VtoResult } | { ok: false; error: string } {
  if (calibration.kind !== 'calibrated') return { ok: false, error: 'VTO needs a calibrated film: movements are in millimetres.' };
  const frame: PatientFrame = makePatientFrame(landmarks, calibration);
  const pts = landmarksToPatient(frame, landmarks);
  const disp: LandmarkMap<Vec2> = {};
  const kind = new Map<LandmarkId, VtoResult['controls'][number]['kind']>();
  for (const row of VTO_MOVEMENT_POINTS) {
    if (pts[row.landmark] === undefined) continue;
    disp[row.landmark] = { x: movement[row.key].horizontal, y: movement[row.key].vertical };
    kind.set(row.landmark, 'table');
  }
  for (const seg of VTO_HARD_SEGMENTS) {
    const drivers = seg.drivers.filter((id) => pts[id] !== undefined && disp[id] !== undefined);
    const src = drivers.map((id) => pts[id] as Vec2);
    const fit = fitSimilarity(
      src,
      drivers.map((id) => add(pts[id] as Vec2, disp[id] as Vec2)),
    );
    for (const id of seg.followers) {
      const p = pts[id];
      if (p === undefined || kind.has(id)) continue;
      disp[id] = fit === null ? { x: 0, y: 0 } : sub(applyAffine(fit.transform, p), p);
      kind.set(id, 'segment');
    }
  }
  for (const t of VTO_INTERPOLATED_TEETH) {
    const [a, b] = [disp[t.between[0]], disp[t.between[1]]];
    if (pts[t.id] === undefined || kind.has(t.id) || !a || !b) continue;
    disp[t.id] = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    kind.set(t.id, 'tooth');
  }
  for (const r of rules) {
    const d = disp[r.driver];
    if (pts[r.soft] === undefined || kind.has(r.soft) || d === undefined) continue;
    disp[r.soft] = { x: r.horizontal * d.x, y: r.vertical * d.y };
    kind.set(r.soft, 'soft-ratio');
  }
  for (const id of Object.keys(pts) as LandmarkId[]) {
    if (kind.has(id) || VTO_FREE_SOFT.includes(id)) continue;
    if (VTO_FIXED_SOFT.includes(id) || !rules.some((r) => r.soft === id)) {
      disp[id] = { x: 0, y: 0 };
      kind.set(id, 'fixed');
    }
  }
  const ids = [...kind.keys()];
  // Patient-frame mm displacement → image-pixel displacement (exactly zero stays exactly zero).
  const toImage = (id: LandmarkId, d: Vec2): ImagePoint => {
    const p = landmarks[id] as ImagePoint;
    return imagePoint(p.x + (frame.facing * d.x) / frame.sx, p.y - d.y / frame.sy);
  };
  const warp = fitThinPlateSpline(
    ids.map((id) => landmarks[id] as ImagePoint),
    ids.map((id) => toImage(id, disp[id] as Vec2)),
  );
  if (warp === null) return { ok: false, error: 'Too few distinct landmarks for the warp (need 3 non-collinear).' };
  const predicted: LandmarkMap<ImagePoint> = {};
  for (const id of Object.keys(landmarks) as LandmarkId[]) {
    const p = landmarks[id] as ImagePoint;
    predicted[id] = kind.has(id) ? toImage(id, disp[id] as Vec2) : warpImagePoint({ warp }, p);
  }
  return {
    ok: true,
    result: { landmarks: predicted, displacementsMm: disp, controls: ids.map((id) => ({ id, kind: kind.get(id) ?? 'fixed' })), warp },
  };
}

/**
 * Warp any IMAGE-PIXEL point of the film (tracing outline, or a facial-photo point already mapped into
 * the film's image space by the photo alignment) with a VTO result.
 */
export function warpImagePoint(vto: Pick<VtoResult, 'warp'>, p: ImagePoint): ImagePoint {
  return applyThinPlateSpline(vto.warp, p) as ImagePoint;
}

/**
 * Warp a FACIAL-PHOTO point (photo pixels): map it into the film's image pixels with `photoToFilm`
 * (the photo alignment), warp it there, and map it back to photo pixels. `null` when the alignment is
 * singular.
 */
export function warpPhotoPoint(vto: Pick<VtoResult, 'warp'>, photoToFilm: Affine2, p: Vec2): Vec2 | null {
  const back = invertAffine(photoToFilm);
  if (back === null) return null;
  return applyAffine(back, warpImagePoint(vto, applyAffine(photoToFilm, p) as ImagePoint));
}
