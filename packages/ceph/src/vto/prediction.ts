import type { PatientFrame } from '../geometry/patient-frame.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { imagePoint } from '../geometry/units.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import { warpImagePoint, type VtoResult } from './simulate.ts';
import { fitThinPlateSpline } from './thin-plate-spline.ts';

/** How a control point got its displacement (the kinds of `VtoResult.controls`). */
export type PredictionKind = VtoResult['controls'][number]['kind'];

/**
 * A prediction from per-landmark displacements in the PATIENT FRAME (mm; x anterior, y superior):
 * the controls move by their displacement (exactly zero stays exactly zero), a thin-plate spline
 * through them (IMAGE PIXELS of the original upload) carries every other landmark and any point.
 * null when fewer than 3 distinct controls.
 */
export function predictionFromDisplacements(
  landmarks: LandmarkMap<ImagePoint>,
  frame: Pick<PatientFrame, 'facing' | 'sx' | 'sy'>,
  disp: LandmarkMap<Vec2>,
  kind: ReadonlyMap<LandmarkId, PredictionKind>,
): VtoResult | null {
  const ids = [...kind.keys()].filter((id) => landmarks[id] !== undefined && disp[id] !== undefined);
  const toImage = (id: LandmarkId, d: Vec2): ImagePoint => {
    const p = landmarks[id] as ImagePoint;
    return imagePoint(p.x + (frame.facing * d.x) / frame.sx, p.y - d.y / frame.sy);
  };
  const warp = fitThinPlateSpline(
    ids.map((id) => landmarks[id] as ImagePoint),
    ids.map((id) => toImage(id, disp[id] as Vec2)),
  );
  if (warp === null) return null;
  const predicted: LandmarkMap<ImagePoint> = {};
  const moved: LandmarkMap<Vec2> = {};
  for (const id of Object.keys(landmarks) as LandmarkId[]) {
    const p = landmarks[id] as ImagePoint;
    if (ids.includes(id)) {
      predicted[id] = toImage(id, disp[id] as Vec2);
      moved[id] = disp[id] as Vec2;
    } else {
      const q = warpImagePoint({ warp }, p);
      predicted[id] = q;
      moved[id] = { x: frame.facing * (q.x - p.x) * frame.sx, y: -(q.y - p.y) * frame.sy };
    }
  }
  return { landmarks: predicted, displacementsMm: moved, controls: ids.map((id) => ({ id, kind: kind.get(id) ?? 'fixed' })), warp };
}
