import type { Calibration } from '../calibration/calibration.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { imagePoint } from '../geometry/units.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import { STANDARDS_FIRST_AGE, STANDARDS_LAST_AGE, standardAt, type GrowthDimension } from './michigan-standards.ts';

/**
 * Growth forecast for a growing patient (issue 28 item 4): mean increments added to today's landmarks,
 * the cranial base registered on S-N at S, as Johnston's forecast grid does (Johnston 1975, [G2] in
 * `growth/SOURCES.md`), with the yearly increments of the Michigan growth standards (Riolo et al. 1974,
 * [G1]). A mean forecast: it says where the average child of this age and sex would grow, not this child.
 */

/** The forecast methods the product offers (one today). */
export const GROWTH_METHOD_IDS = ['michigan-mean-increments'] as const;
export type GrowthMethodId = (typeof GROWTH_METHOD_IDS)[number];

/** How a method is described wherever a forecast is shown: its citations, verbatim in every language. */
export interface GrowthMethodDescription {
  readonly id: GrowthMethodId;
  readonly citations: readonly string[];
}

export const GROWTH_METHODS: Readonly<Record<GrowthMethodId, GrowthMethodDescription>> = {
  'michigan-mean-increments': {
    id: 'michigan-mean-increments',
    citations: [
      'Riolo ML, Moyers RE, McNamara JA Jr, Hunter WS. An atlas of craniofacial growth: cephalometric standards from the ' +
        'University School Growth Study, the University of Michigan. Ann Arbor, 1974.',
      'Johnston LE. A simplified approach to prediction. Am J Orthod 1975.',
    ],
  },
};

/** Longest forecast offered, in years. */
export const GROWTH_MAX_YEARS = 6;
/** From this age in whole years the patient counts as grown (the adult band of the norm sets). */
export const GROWTH_ADULT_AGE = 18;

export interface GrowthForecastInput {
  /** Today's landmarks, image px of the original upload. */
  readonly landmarks: LandmarkMap<Vec2>;
  /** The film's calibration; the increments are millimetres. */
  readonly calibration: Calibration;
  /** Age in whole years at the shoot date (contract `ageInYears`), null when unknown. */
  readonly ageYears: number | null;
  readonly sex: 'male' | 'female' | null;
  /** Whole years ahead, 0..GROWTH_MAX_YEARS. */
  readonly years: number;
  readonly method: GrowthMethodId;
}

/** One forecast point: where it is today and where the mean increments put it (image px). */
export interface GrowthPointForecast {
  readonly id: LandmarkId;
  readonly from: ImagePoint;
  readonly to: ImagePoint;
  /** Length of the move in mm. */
  readonly moveMm: number;
  /** The published dimension that moves it. */
  readonly dimension: GrowthDimension;
  /**
   * The source's SD (mm) of that dimension at the target age: the spread between children of that age.
   * The SD of one child's yearly change is not published in the source.
   */
  readonly sdMm: number;
  /** The same SD in image px along x and y (an ellipse where the calibration is not isotropic). */
  readonly sdPx: { readonly x: number; readonly y: number };
}

export type GrowthRefusal =
  | 'invalid-years'
  | 'age-unknown'
  | 'adult'
  | 'under-6'
  | 'beyond-standards'
  | 'sex-required'
  | 'uncalibrated'
  | 'missing-points';

export type GrowthForecast =
  | {
      readonly status: 'ok';
      readonly method: GrowthMethodId;
      readonly fromAge: number;
      readonly toAge: number;
      readonly sex: 'male' | 'female';
      /** S (the registration point) and every forecast point at its new place, image px. */
      readonly positions: LandmarkMap<ImagePoint>;
      readonly points: readonly GrowthPointForecast[];
    }
  | {
      readonly status: 'refused';
      readonly reason: GrowthRefusal;
      /** The driving landmarks that are missing (`missing-points`). */
      readonly missing?: readonly LandmarkId[];
      /** The most years the standards cover from this age (`beyond-standards`). */
      readonly maxYears?: number;
    };

/**
 * The points a dimension moves: the dimension grows along its own line (direction of today's film) from
 * an anchor that has already moved, S first. Order matters: an anchor comes before the points it carries.
 */
interface Driver {
  readonly id: LandmarkId;
  readonly anchor: LandmarkId;
  readonly dimension: GrowthDimension;
  /** Points that follow the driven point's move unchanged (same region, no increment of their own published). */
  readonly carried: readonly LandmarkId[];
}

const DRIVERS: readonly Driver[] = [
  { id: 'N', anchor: 'S', dimension: 'S-N', carried: [] },
  { id: 'Ba', anchor: 'S', dimension: 'S-Ba', carried: [] },
  { id: 'Go', anchor: 'S', dimension: 'S-Go', carried: [] },
  { id: 'ANS', anchor: 'N', dimension: 'N-ANS', carried: ['A', 'Pr', 'U1', 'U1A', 'U6', 'UPM'] },
  { id: 'Me', anchor: 'N', dimension: 'N-Me', carried: ['Gn', 'Pog', 'B', 'Id', 'Pm', 'L1', 'L1A', 'L6', 'LPM'] },
  { id: 'PNS', anchor: 'ANS', dimension: 'ANS-PNS', carried: [] },
];

/** Landmarks the forecast cannot do without (Ba, Go, PNS and the carried points are forecast when present). */
export const GROWTH_REQUIRED_POINTS: readonly LandmarkId[] = ['S', 'N', 'ANS', 'Me'];

function refused(reason: GrowthRefusal, extra: { missing?: readonly LandmarkId[]; maxYears?: number } = {}): GrowthForecast {
  return { status: 'refused', reason, ...extra };
}

/** Why a forecast does not apply to this patient, or null when the age, sex and years allow one. */
export function growthAgeRefusal(ageYears: number | null, sex: 'male' | 'female' | null, years: number): GrowthForecast | null {
  if (!Number.isInteger(years) || years < 0 || years > GROWTH_MAX_YEARS) return refused('invalid-years');
  if (ageYears === null) return refused('age-unknown');
  if (ageYears >= GROWTH_ADULT_AGE) return refused('adult');
  if (ageYears < STANDARDS_FIRST_AGE) return refused('under-6');
  if (ageYears + years > STANDARDS_LAST_AGE) return refused('beyond-standards', { maxYears: Math.max(0, STANDARDS_LAST_AGE - ageYears) });
  if (sex === null) return refused('sex-required');
  return null;
}

/**
 * Forecast `years` of growth. Frame: the cranial base registered on S-N at S (S stays, N moves along S-N),
 * in image px of the film; lengths are converted to mm with the calibration (per axis). For each driver,
 * `P' = A' + u * (|AP| + d)`, with A the anchor, u the unit direction A->P on today's film (in mm), and
 * d = mean(age + years) - mean(age) of the dimension for the patient's sex. Carried points move with
 * their driver. Refused, with the reason, for adults, an unknown age or sex, ages outside the tables,
 * an uncalibrated film or a missing driving landmark. Zero years returns today's positions.
 */
export function forecastGrowth(input: GrowthForecastInput): GrowthForecast {
  const ageProblem = growthAgeRefusal(input.ageYears, input.sex, input.years);
  if (ageProblem !== null) return ageProblem;
  const age = input.ageYears as number;
  const sex = input.sex as 'male' | 'female';
  if (input.calibration.kind !== 'calibrated') return refused('uncalibrated');
  const missing = GROWTH_REQUIRED_POINTS.filter((id) => input.landmarks[id] === undefined);
  if (missing.length > 0) return refused('missing-points', { missing });

  const kx = input.calibration.pxPerMmX as number;
  const ky = input.calibration.pxPerMmY as number;
  const toMm = (v: Vec2): Vec2 => ({ x: v.x / kx, y: v.y / ky });
  const toPx = (v: Vec2): Vec2 => ({ x: v.x * kx, y: v.y * ky });
  const today = input.landmarks;
  const S = today.S as Vec2;
  const moved: Partial<Record<LandmarkId, Vec2>> = { S };
  const points: GrowthPointForecast[] = [];

  for (const driver of DRIVERS) {
    const from = today[driver.id];
    const anchorFrom = today[driver.anchor];
    const anchorTo = moved[driver.anchor];
    if (from === undefined || anchorFrom === undefined || anchorTo === undefined) continue;
    const now = standardAt(driver.dimension, sex, age);
    const then = standardAt(driver.dimension, sex, age + input.years);
    if (now === null || then === null) continue;
    const rel = toMm({ x: from.x - anchorFrom.x, y: from.y - anchorFrom.y });
    const length = Math.hypot(rel.x, rel.y);
    if (!(length > 0)) continue;
    const increment = then.mean - now.mean;
    const grown = toPx({ x: (rel.x / length) * (length + increment), y: (rel.y / length) * (length + increment) });
    const to = { x: anchorTo.x + grown.x, y: anchorTo.y + grown.y };
    const shift = { x: to.x - from.x, y: to.y - from.y };
    const sdPx = { x: then.sd * kx, y: then.sd * ky };
    const point = (id: LandmarkId, p: Vec2): GrowthPointForecast => {
      const target = imagePoint(p.x + shift.x, p.y + shift.y);
      const moveMm = Math.hypot(shift.x / kx, shift.y / ky);
      return { id, from: imagePoint(p.x, p.y), to: target, moveMm, dimension: driver.dimension, sdMm: then.sd, sdPx };
    };
    moved[driver.id] = to;
    points.push(point(driver.id, from));
    for (const id of driver.carried) {
      const p = today[id];
      if (p === undefined) continue;
      moved[id] = { x: p.x + shift.x, y: p.y + shift.y };
      points.push(point(id, p));
    }
  }

  const positions: LandmarkMap<ImagePoint> = { S: imagePoint(S.x, S.y) };
  for (const p of points) positions[p.id] = p.to;
  return { status: 'ok', method: input.method, fromAge: age, toAge: age + input.years, sex, positions, points };
}
