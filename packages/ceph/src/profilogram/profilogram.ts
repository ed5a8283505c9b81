import type { Calibration } from '../calibration/calibration.ts';
import { toRadians } from '../geometry/angles.ts';
import { landmarksToPatient, makePatientFrame } from '../geometry/patient-frame.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { dot, norm, perp, rotate, sub, unit } from '../geometry/vec.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';

/** Standard (x-axis) line of the profilogram frame. `SN-7` = SN rotated 7° toward FH (reference §2). */
export type ProfilogramStandardLine = 'SN' | 'FH' | 'SN-7';

/** Profilogram settings (spec defaults: standard line SN plane, point Sella, scale 100, rotate 0). */
export interface ProfilogramOptions {
  readonly standardLine: ProfilogramStandardLine;
  /** Origin of the frame. */
  readonly point: 'S' | 'N';
  /** Percent: 100 = true size in the frame unit. */
  readonly scale: number;
  /** Degrees, counter-clockwise, applied after aligning the standard line with +x. */
  readonly rotate: number;
}

/** The spec's viewer defaults. */
export const DEFAULT_PROFILOGRAM_OPTIONS: ProfilogramOptions = { standardLine: 'SN', point: 'S', scale: 100, rotate: 0 };

/** Landmark chains of the profilogram (reference §6.1): bony polygon plus the soft-tissue profile. */
export const PROFILOGRAM_SEGMENTS: readonly { readonly id: string; readonly name: string; readonly landmarks: readonly LandmarkId[] }[] = [
  { id: 'cranial-base', name: 'Cranial base', landmarks: ['Ar', 'S', 'N'] },
  { id: 'midface', name: 'Midface', landmarks: ['N', 'ANS', 'A', 'U1'] },
  { id: 'palate', name: 'Palatal plane', landmarks: ['PNS', 'ANS'] },
  { id: 'mandible', name: 'Mandible', landmarks: ['L1', 'B', 'Pog', 'Gn', 'Me', 'Go', 'Ar'] },
  { id: 'soft-upper', name: 'Soft-tissue profile, upper', landmarks: ['stG', 'stN', 'Prn', 'Sn', 'Ls', 'Stms'] },
  { id: 'soft-lower', name: 'Soft-tissue profile, lower', landmarks: ['Stmi', 'Li', 'stB', 'stPog', 'stGn', 'stMe'] },
];

/** One profilogram polyline: present points in order, plus the landmarks that were missing. */
export interface ProfilogramPolyline {
  readonly id: string;
  readonly name: string;
  readonly points: readonly { readonly id: LandmarkId; readonly x: number; readonly y: number }[];
  readonly missing: readonly LandmarkId[];
}

/** A profilogram in its normalised frame: origin at `point`, +x along the standard line (anterior), +y superior. */
export interface Profilogram {
  readonly options: ProfilogramOptions;
  /** Unit of the coordinates before `scale` (mm when calibrated, else px). */
  readonly unit: 'mm' | 'px';
  /** S–N length in the frame unit (for shape-only comparisons). */
  readonly snLength: number;
  readonly polylines: readonly ProfilogramPolyline[];
}

function standardDirection(line: ProfilogramStandardLine, pts: LandmarkMap<Vec2>): Vec2 | null {
  const [a, b] = line === 'FH' ? [pts.Po, pts.Or] : [pts.S, pts.N];
  if (a === undefined || b === undefined) return null;
  const d = unit(sub(b, a));
  return d === null ? null : line === 'SN-7' ? rotate(d, toRadians(-7)) : d;
}

/**
 * Build a profilogram from IMAGE-PIXEL landmarks and calibration. Points are converted to the patient
 * frame, then expressed relative to `point` along the standard line, rotated by `rotate` and scaled by
 * `scale`/100. Returns the missing landmarks when S, N (or Po, Or for FH) are absent.
 */
export function buildProfilogram(
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  options: ProfilogramOptions = DEFAULT_PROFILOGRAM_OPTIONS,
): { ok: true; profilogram: Profilogram } | { ok: false; missing: LandmarkId[] } {
  const frame = makePatientFrame(landmarks, calibration);
  const pts = landmarksToPatient(frame, landmarks);
  const needed: LandmarkId[] = options.standardLine === 'FH' ? ['S', 'N', 'Po', 'Or'] : ['S', 'N'];
  const missing = needed.filter((id) => pts[id] === undefined);
  const origin = pts[options.point];
  const u = standardDirection(options.standardLine, pts);
  if (missing.length > 0 || origin === undefined || u === null) return { ok: false, missing };
  const n = perp(u);
  const k = options.scale / 100;
  const r = toRadians(options.rotate);
  const place = (p: Vec2): Vec2 => {
    const d = sub(p, origin);
    return rotate({ x: dot(d, u) * k, y: dot(d, n) * k }, r);
  };
  const polylines = PROFILOGRAM_SEGMENTS.map((seg) => ({
    id: seg.id,
    name: seg.name,
    points: seg.landmarks.flatMap((id) => {
      const p = pts[id];
      return p === undefined ? [] : [{ id, ...place(p) }];
    }),
    missing: seg.landmarks.filter((id) => pts[id] === undefined),
  }));
  const snLength = norm(sub(pts.N as Vec2, pts.S as Vec2));
  return { ok: true, profilogram: { options, unit: frame.unit, snLength, polylines } };
}

/**
 * Vectors from a template profilogram to the patient's, per landmark present in both (same frame and
 * unit as the inputs): the "difference arrows" of reference §6.1.
 */
export function compareProfilograms(
  patient: Profilogram,
  template: Profilogram,
): { id: LandmarkId; from: Vec2; to: Vec2; dx: number; dy: number }[] {
  const flat = (p: Profilogram): Map<LandmarkId, Vec2> =>
    new Map(p.polylines.flatMap((l) => l.points.map((q) => [q.id, { x: q.x, y: q.y }] as const)));
  const a = flat(patient);
  const out: { id: LandmarkId; from: Vec2; to: Vec2; dx: number; dy: number }[] = [];
  for (const [id, from] of flat(template)) {
    const to = a.get(id);
    if (to !== undefined) out.push({ id, from, to, dx: to.x - from.x, dy: to.y - from.y });
  }
  return out;
}
