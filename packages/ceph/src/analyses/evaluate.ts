import type { Calibration } from '../calibration/calibration.ts';
import { acuteAngle, angleBetween, signedAngle, vertexAngle } from '../geometry/angles.ts';
import { along, signedDistance } from '../geometry/lines.ts';
import { landmarksToPatient, makePatientFrame, type PatientFrame } from '../geometry/patient-frame.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { dist, midpoint, perp, sub } from '../geometry/vec.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import type { AnalysisDefinition, Construction, MeasurementDefinition, PointRef, VectorRef } from './types.ts';
import { analysisMeasurements } from './catalogue.ts';

/** Unit a value is reported in: a `mm` measurement on an uncalibrated film is reported in `px`. */
export type ReportedUnit = 'deg' | 'mm' | 'px' | 'ratio' | '%';

/** Result of evaluating one measurement. Never NaN: missing or degenerate input is explicit. */
export type MeasurementResult =
  | { readonly id: string; readonly status: 'ok'; readonly value: number; readonly unit: ReportedUnit; readonly uncalibrated: boolean }
  | { readonly id: string; readonly status: 'incomplete'; readonly missing: readonly LandmarkId[] }
  | { readonly id: string; readonly status: 'not-computable'; readonly reason: string };

function pointRefIds(ref: PointRef, out: Set<LandmarkId>): void {
  if (typeof ref === 'string') out.add(ref);
  else if ('mid' in ref) ref.mid.forEach((r) => pointRefIds(r, out));
  else {
    ref.mostProtrusive.forEach((r) => pointRefIds(r, out));
    pointRefIds(ref.from, out);
  }
}

function constructionIds(c: Construction, out: Set<LandmarkId>): void {
  const vecIds = (v: VectorRef): void => {
    pointRefIds(v.from, out);
    pointRefIds(v.to, out);
  };
  switch (c.kind) {
    case 'vertex-angle':
      [c.a, c.vertex, c.b].forEach((r) => pointRefIds(r, out));
      return;
    case 'angle':
    case 'signed-angle':
    case 'acute-angle':
      vecIds(c.u);
      vecIds(c.w);
      return;
    case 'distance':
      pointRefIds(c.a, out);
      pointRefIds(c.b, out);
      return;
    case 'signed-distance':
      pointRefIds(c.point, out);
      vecIds(c.line);
      return;
    case 'projection':
      pointRefIds(c.from, out);
      pointRefIds(c.to, out);
      vecIds(c.direction);
      return;
    case 'ratio':
      constructionIds(c.numerator, out);
      constructionIds(c.denominator, out);
      return;
    case 'linear':
      c.terms.forEach((t) => constructionIds(t.of, out));
      return;
    case 'signed-by-side':
      constructionIds(c.magnitude, out);
      pointRefIds(c.point, out);
      if (c.relativeTo !== null) pointRefIds(c.relativeTo, out);
      vecIds(c.line);
  }
}

/** Registry landmarks a construction needs, in first-use order. */
export function requiredLandmarks(c: Construction): LandmarkId[] {
  const out = new Set<LandmarkId>();
  constructionIds(c, out);
  return [...out];
}

/**
 * A construction's point reference (a landmark, a midpoint, or the most protrusive of several seen
 * from a point) in the coordinate space of `pts` (the patient frame when evaluating); null when a
 * landmark it needs is missing.
 */
export function resolvePointRef(ref: PointRef, pts: LandmarkMap<Vec2>): Vec2 | null {
  return resolve(ref, pts);
}

function resolve(ref: PointRef, pts: LandmarkMap<Vec2>): Vec2 | null {
  if (typeof ref === 'string') return pts[ref] ?? null;
  if ('mid' in ref) {
    const a = resolve(ref.mid[0], pts);
    const b = resolve(ref.mid[1], pts);
    return a && b ? midpoint(a, b) : null;
  }
  // Seen from `from`, a candidate lying anterior to the line from → best (sd < 0 for a line pointing
  // superiorly) is more protrusive than best.
  const from = resolve(ref.from, pts);
  if (from === null) return null;
  let best: Vec2 | null = null;
  for (const r of ref.mostProtrusive) {
    const p = resolve(r, pts);
    if (p === null) return null;
    if (best === null) best = p;
    else {
      const s = signedDistance(p, { a: from, b: best });
      if (s !== null && (best.y >= from.y ? s < 0 : s > 0)) best = p;
    }
  }
  return best;
}

function resolveVec(v: VectorRef, pts: LandmarkMap<Vec2>): Vec2 | null {
  const a = resolve(v.from, pts);
  const b = resolve(v.to, pts);
  return a && b ? sub(b, a) : null;
}

function resolveLine(v: VectorRef, pts: LandmarkMap<Vec2>): { a: Vec2; b: Vec2 } | null {
  const a = resolve(v.from, pts);
  const b = resolve(v.to, pts);
  return a && b ? { a, b } : null;
}

function both<T>(u: T | null, w: T | null, f: (u: T, w: T) => number | null): number | null {
  return u === null || w === null ? null : f(u, w);
}

/**
 * Evaluate a construction on PATIENT-FRAME points (x anterior, y superior; mm or px). Angles in
 * degrees, lengths in the points' unit. `null` when a point is missing or the geometry is degenerate.
 */
export function evaluateConstruction(c: Construction, pts: LandmarkMap<Vec2>): number | null {
  switch (c.kind) {
    case 'vertex-angle': {
      const [a, v, b] = [resolve(c.a, pts), resolve(c.vertex, pts), resolve(c.b, pts)];
      return a && v && b ? vertexAngle(a, v, b) : null;
    }
    case 'angle':
      return both(resolveVec(c.u, pts), resolveVec(c.w, pts), angleBetween);
    case 'signed-angle':
      return both(resolveVec(c.u, pts), resolveVec(c.w, pts), signedAngle);
    case 'acute-angle':
      return both(resolveVec(c.u, pts), resolveVec(c.w, pts), acuteAngle);
    case 'distance':
      return both(resolve(c.a, pts), resolve(c.b, pts), dist);
    case 'signed-distance': {
      const p = resolve(c.point, pts);
      const line = resolveLine(c.line, pts);
      return p && line ? signedDistance(p, line) : null;
    }
    case 'projection': {
      const from = resolve(c.from, pts);
      const to = resolve(c.to, pts);
      const d = resolveVec(c.direction, pts);
      if (!from || !to || !d) return null;
      return along(sub(to, from), c.perpendicular ? perp(d) : d);
    }
    case 'ratio': {
      const n = evaluateConstruction(c.numerator, pts);
      const d = evaluateConstruction(c.denominator, pts);
      return n === null || d === null || d === 0 ? null : (c.factor * n) / d;
    }
    case 'linear': {
      let total = c.constant;
      for (const t of c.terms) {
        const v = evaluateConstruction(t.of, pts);
        if (v === null) return null;
        total += t.coefficient * v;
      }
      return total;
    }
    case 'signed-by-side': {
      const mag = evaluateConstruction(c.magnitude, pts);
      const line = resolveLine(c.line, pts);
      const p = resolve(c.point, pts);
      if (mag === null || line === null || p === null) return null;
      const s = signedDistance(p, line);
      const rel = c.relativeTo === null ? null : resolve(c.relativeTo, pts);
      const r = c.relativeTo === null ? 0 : rel === null ? null : signedDistance(rel, line);
      if (s === null || r === null) return null;
      return s - r >= 0 ? Math.abs(mag) : -Math.abs(mag);
    }
  }
}

/**
 * Evaluate one measurement on PATIENT-FRAME points of a frame with unit `frameUnit`
 * (`mm` calibrated / `px` uncalibrated). Missing landmarks → `incomplete` with their ids.
 */
export function evaluateMeasurementInFrame(def: MeasurementDefinition, pts: LandmarkMap<Vec2>, frameUnit: 'mm' | 'px'): MeasurementResult {
  const missing = requiredLandmarks(def.construction).filter((id) => pts[id] === undefined);
  if (missing.length > 0) return { id: def.id, status: 'incomplete', missing };
  const value = evaluateConstruction(def.construction, pts);
  if (value === null || !Number.isFinite(value)) {
    return { id: def.id, status: 'not-computable', reason: 'degenerate geometry (coincident points or zero-length line)' };
  }
  const uncalibrated = def.unit === 'mm' && frameUnit === 'px';
  return { id: def.id, status: 'ok', value, unit: uncalibrated ? 'px' : def.unit, uncalibrated };
}

/**
 * Evaluate measurements from IMAGE-PIXEL landmarks (original upload) and the film's calibration.
 * Converts once to the patient frame (facing detected, left-facing films mirrored), so signed values
 * keep their clinical sign. Lengths are mm when calibrated, else px flagged `uncalibrated`.
 */
export function evaluateMeasurements(
  defs: readonly MeasurementDefinition[],
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  frame: PatientFrame = makePatientFrame(landmarks, calibration),
): MeasurementResult[] {
  const pts = landmarksToPatient(frame, landmarks);
  return defs.map((d) => evaluateMeasurementInFrame(d, pts, frame.unit));
}

/** Evaluate one measurement from image-pixel landmarks and calibration (see `evaluateMeasurements`). */
export function evaluateMeasurement(
  def: MeasurementDefinition,
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
): MeasurementResult {
  return evaluateMeasurements([def], landmarks, calibration)[0] as MeasurementResult;
}

/** Evaluate every measurement of an analysis from image-pixel landmarks and calibration. */
export function evaluateAnalysis(
  analysis: AnalysisDefinition,
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
): MeasurementResult[] {
  return evaluateMeasurements(analysisMeasurements(analysis), landmarks, calibration);
}
