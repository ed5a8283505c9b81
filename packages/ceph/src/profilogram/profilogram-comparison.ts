import type { Calibration } from '../calibration/calibration.ts';
import { toRadians } from '../geometry/angles.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { rotate } from '../geometry/vec.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import {
  BJORK_TEMPLATE_PARAMS,
  PROFILOGRAM_TEMPLATE_IDS,
  PROFILOGRAM_TEMPLATE_SOURCE,
  bjorkPolygon,
  bjorkTemplateMeans,
  bjorkTemplateNorm,
  type BjorkTemplateParams,
  type TemplateLandmark,
} from './bjork-template.ts';
import { buildProfilogram, type ProfilogramOptions } from './profilogram.ts';

/*
 * The patient's profilogram compared with the Björk template (spec: Viewer > profilogram). Frame
 * (`buildProfilogram`): origin at the registration point, +x along the standard line towards the face
 * (anterior), +y superior; mm when the film is calibrated, else px. Computed where it is shown and
 * printed, never stored: the analysis record's `profilogram_result` keeps only the options
 * (packages/contract `profilogramComparisonSchema` checks the report model's copy against this type).
 */

/** A point of the drawn frame. */
export interface ProfilogramFramePoint {
  id: string;
  x: number;
  y: number;
}

/** One template point's deviation, patient − template, at true size in the standard-line frame. */
export interface ProfilogramTemplateDeviation {
  id: string;
  /** Along the standard line (+ anterior) and across it (+ superior), frame unit. */
  dx: number;
  dy: number;
  /** ±1 SD of the template point (the norms' SDs propagated), same unit. */
  rangeX: number;
  rangeY: number;
  outside: boolean;
}

/** The profilogram as drawn (scale and rotation applied), the template in the same frame, and the deviations. */
export interface ProfilogramComparison {
  version: 1;
  options: ProfilogramOptions;
  unit: 'mm' | 'px';
  polylines: { id: string; points: ProfilogramFramePoint[] }[];
  /** The template polygon N–S–Ar–Go–Me in the drawn frame. */
  template: ProfilogramFramePoint[];
  deviations: ProfilogramTemplateDeviation[];
  templateSource: string;
}

/** Template in the standard-line frame at true size, registered at `point` (frame unit, × `sizeFactor`). */
function templateInFrame(params: BjorkTemplateParams, options: ProfilogramOptions, sizeFactor: number): Record<TemplateLandmark, Vec2> {
  const poly = bjorkPolygon(params);
  const origin = poly[options.point];
  const turn = options.standardLine === 'SN' ? 0 : toRadians(7);
  const out = {} as Record<TemplateLandmark, Vec2>;
  for (const id of PROFILOGRAM_TEMPLATE_IDS) {
    const p = rotate({ x: poly[id].x - origin.x, y: poly[id].y - origin.y }, turn);
    out[id] = { x: p.x * sizeFactor, y: p.y * sizeFactor };
  }
  return out;
}

/**
 * The profilogram of a film: the patient's polylines (`buildProfilogram`, IMAGE-PIXEL landmarks in),
 * the template in the same frame, and per template point the deviation patient − template at true
 * size in the standard-line frame (scale and rotation only change the drawing). On an uncalibrated
 * film (px) the template is scaled to the patient's S–N length (shape comparison, reference §6.1
 * step 3). A deviation is `outside` when |dx| or |dy| exceeds the template point's ±1 SD, the norms'
 * SDs propagated to the point (root sum of squares of one-SD changes).
 */
export function computeProfilogramResult(
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  options: ProfilogramOptions,
): { ok: true; result: ProfilogramComparison } | { ok: false; missing: LandmarkId[] } {
  const built = buildProfilogram(landmarks, calibration, options);
  if (!built.ok) return { ok: false, missing: built.missing };
  const trueSize = buildProfilogram(landmarks, calibration, { ...options, scale: 100, rotate: 0 });
  if (!trueSize.ok) return { ok: false, missing: trueSize.missing };
  const { profilogram } = built;
  const params = bjorkTemplateMeans();
  const sizeFactor = profilogram.unit === 'mm' ? 1 : profilogram.snLength / params.sn;
  const mean = templateInFrame(params, options, sizeFactor);
  const spread: Record<TemplateLandmark, { x: number; y: number }> = Object.fromEntries(
    PROFILOGRAM_TEMPLATE_IDS.map((id) => [id, { x: 0, y: 0 }]),
  ) as Record<TemplateLandmark, Vec2>;
  for (const param of BJORK_TEMPLATE_PARAMS) {
    const moved = templateInFrame({ ...params, [param]: params[param] + bjorkTemplateNorm(param).sd }, options, sizeFactor);
    for (const id of PROFILOGRAM_TEMPLATE_IDS) {
      spread[id].x += (moved[id].x - mean[id].x) ** 2;
      spread[id].y += (moved[id].y - mean[id].y) ** 2;
    }
  }
  const patient = new Map(trueSize.profilogram.polylines.flatMap((l) => l.points.map((p) => [p.id, p] as const)));
  const deviations: ProfilogramTemplateDeviation[] = [];
  for (const id of PROFILOGRAM_TEMPLATE_IDS) {
    const p = patient.get(id);
    if (p === undefined) continue;
    const dx = p.x - mean[id].x;
    const dy = p.y - mean[id].y;
    const rangeX = Math.sqrt(spread[id].x);
    const rangeY = Math.sqrt(spread[id].y);
    // A point the frame pins (the registration point, N on the SN line) has no spread and no deviation.
    const beyond = (d: number, r: number) => Math.abs(d) > r + 1e-9;
    deviations.push({ id, dx, dy, rangeX, rangeY, outside: beyond(dx, rangeX) || beyond(dy, rangeY) });
  }
  const k = options.scale / 100;
  const r = toRadians(options.rotate);
  const template = PROFILOGRAM_TEMPLATE_IDS.map((id) => ({ id, ...rotate({ x: mean[id].x * k, y: mean[id].y * k }, r) }));
  return {
    ok: true,
    result: {
      version: 1,
      options: { ...options },
      unit: profilogram.unit,
      polylines: profilogram.polylines
        .filter((l) => l.points.length > 0)
        .map((l) => ({ id: l.id, points: l.points.map((p) => ({ id: p.id, x: p.x, y: p.y })) })),
      template,
      deviations,
      templateSource: PROFILOGRAM_TEMPLATE_SOURCE,
    },
  };
}
