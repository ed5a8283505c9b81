import type { Vec2 } from '../geometry/units.ts';
import { add, dot, scale, sub, unit } from '../geometry/vec.ts';
import type { LandmarkMap } from '../landmarks/types.ts';
import { gradientMagnitude, traceContour, type GrayImage } from './live-wire.ts';
import { lineMeetsLine, lineMeetsPolyline, median, medianFilter, middleOfExtreme, profile, strongestFall } from './ramus-profile.ts';

/*
 * Ricketts' ramus points R1-R4 found on the film (issue 28, "a complete tracing"; cephalometrics.md §2
 * "Xi construction"): R1 the deepest point of the anterior ramus border, R2 the point of the posterior
 * border opposite R1 (on the line ∥ FH through R1), R3 the lowest point of the sigmoid notch, R4 the point
 * of the lower border below R3 (on the line ⟂ FH through R3). Our method, not a published one:
 *
 * Frame: û = unit(Or − Po) points anterior along FH, d̂ ⟂ û points down (towards Me). L = |Ar − Go|.
 * 1. The posterior border is the live-wire contour Ar → Go and the lower border Go → Me (live-wire.ts,
 *    the tracing's own contours; where they fall back, the tracing's spline).
 * 2. Anterior border: on each line ∥ FH at levels from RAMUS_LEVELS[0] to RAMUS_LEVELS[1] of the way from
 *    Ar down to Go (every px), the profile of the smoothed film is read forward from the posterior
 *    border, between RAMUS_WIDTH_RANGE × L; the border is where the film drops most steeply going forward
 *    (bone, bright, to the less dense region in front of the ramus). The positions found are median-filtered
 *    over RAMUS_MEDIAN_WINDOW levels; R1 is the most posterior of them (the deepest point of the concave
 *    border; where the border is flat there, the middle of the levels within EXTREME_PLATEAU px of it).
 *    R2 is where the line ∥ FH through R1 meets the posterior border.
 * 3. Sigmoid notch: on each line ⟂ FH from NOTCH_COLUMNS[0] to NOTCH_COLUMNS[1] × L in front of Co (but
 *    no farther forward than R1 + NOTCH_PAST_R1 × L, short of the coronoid tip), the profile is read
 *    downward from Co's level − NOTCH_DEPTH[0] × L to + NOTCH_DEPTH[1] × L; the notch is where the film
 *    rises most steeply going down (air and soft tissue above, the bone of the ramus below). Median-filtered
 *    the same way; R3 is the lowest. R4 is where the line ⟂ FH through R3 meets the lower border.
 * 4. Confidence (the fallback rule): an edge counts as found when the mean step along the chosen border is at
 *    least RAMUS_MIN_CONTRAST × the median step over the searched band, and the median-filtered border moves
 *    less than RAMUS_MAX_JUMP px between neighbouring levels on average; R1 must lie behind both ends of
 *    its search by RAMUS_MIN_CONCAVITY × L (the border is concave there); for R3 the notch must also be a
 *    notch (both ends of its search higher than it by NOTCH_MIN_DEPTH × L). Otherwise the point is the
 *    population estimate RAMUS_ESTIMATE (fractions of L in the FH frame, measured on ISBI 2015 films with
 *    this method, docs/planning.md) and marked `estimate`. R2 and R4 share R1's and R3's flag; an estimate
 *    and its partner read only the landmarks (the Ar-Go and Go-Me lines), never the traced borders.
 *
 * All positions in px of the image handed in (x = column, y = row), `positions` in original px times
 * `scale` as for traceFilmContours. Pure: no DOM, clock or randomness.
 */

/** Step 2: the levels searched, as fractions of the Ar → Go height. */
export const RAMUS_LEVELS: readonly [number, number] = [0.3, 0.8];
/** Step 2: how far in front of the posterior border the anterior border is looked for, × L. */
export const RAMUS_WIDTH_RANGE: readonly [number, number] = [0.45, 1.1];
/** Steps 2-3: the median filter's window (levels or columns, odd). */
export const RAMUS_MEDIAN_WINDOW = 7;
/** Step 3: the columns searched for the notch, × L in front of Co. */
export const NOTCH_COLUMNS: readonly [number, number] = [0.1, 0.9];
/** Step 3: the notch is searched no farther forward than R1 plus this × L. */
export const NOTCH_PAST_R1 = 0.15;
/** Step 3: the rows searched, × L above and below Co. */
export const NOTCH_DEPTH: readonly [number, number] = [0.1, 0.6];
/** Step 4: least depth of the notch below both ends of its search, × L. */
export const NOTCH_MIN_DEPTH = 0.05;
/** Step 4: least depth of the anterior border's concavity behind both ends of its search, × L. */
export const RAMUS_MIN_CONCAVITY = 0.02;
/** Steps 2-3: the deepest point is the middle of the levels (columns) within this many px of the deepest. */
export const EXTREME_PLATEAU = 0.5;
/** Step 4: least ratio of the border's mean step to the band's median step. */
export const RAMUS_MIN_CONTRAST = 2;
/** Step 4: most mean movement of a median-filtered border between neighbouring levels, px. */
export const RAMUS_MAX_JUMP = 1.5;

/**
 * Step 4's fallback, fractions of L = |Ar − Go| in the FH frame: R1 `r1Level` of the way from Ar's level
 * to Go's and `r1Width` × L in front of the posterior border; R3 `r3Forward` × L in front of Co and
 * `r3Below` × L below it. The medians of the points this method found on ISBI 2015 test1 films 152-226 (R1 on 20 of
 * 50 films: width 0.71, level 0.49; R3 on 10 of 50: forward 0.53, below 0.53; docs/planning.md), rounded.
 */
export const RAMUS_ESTIMATE = { r1Level: 0.5, r1Width: 0.7, r3Forward: 0.5, r3Below: 0.5 } as const;

/** How a ramus point was placed: found on the film (step 2 or 3) or the population estimate (step 4). */
export type RamusPointSource = 'image' | 'estimate';

/** R1-R4 (px of the original upload) and how each was placed. */
export interface RamusPoints {
  readonly points: { readonly R1: Vec2; readonly R2: Vec2; readonly R3: Vec2; readonly R4: Vec2 };
  readonly source: {
    readonly R1: RamusPointSource;
    readonly R2: RamusPointSource;
    readonly R3: RamusPointSource;
    readonly R4: RamusPointSource;
  };
}

/** One searched border: per line, the edge's position along the line (px from its start) and its step. */
interface BorderSearch {
  readonly origins: Vec2[];
  readonly at: number[];
  readonly steps: number[];
  readonly bandSteps: number[];
}

/** Step 4's test on a searched border, after the median filter. */
function borderHolds(search: BorderSearch, filtered: readonly number[]): boolean {
  if (filtered.length < RAMUS_MEDIAN_WINDOW) return false;
  const contrast = median(search.steps) / Math.max(1e-6, median(search.bandSteps));
  let jump = 0;
  for (let i = 1; i < filtered.length; i++) jump += Math.abs((filtered[i] as number) - (filtered[i - 1] as number));
  return contrast >= RAMUS_MIN_CONTRAST && jump / (filtered.length - 1) <= RAMUS_MAX_JUMP;
}

/**
 * R1-R4 of one film (steps 1-4 above). `image` is the film (or a reduced copy: `scale` = its px per
 * original px), `positions` in original px; needs Ar, Go, Co, Po, Or and Me, else null. Points come back in
 * original px. `grad` is the film's gradientMagnitude when it is already at hand.
 */
export function findRamusPoints(
  image: GrayImage,
  positions: LandmarkMap<Vec2>,
  scaleToImage: number,
  grad?: Float32Array,
): RamusPoints | null {
  const { Ar, Go, Co, Po, Or, Me } = positions;
  if (!Ar || !Go || !Co || !Po || !Or || !Me) return null;
  const toImage = (p: Vec2) => scale(p, scaleToImage);
  const ar = toImage(Ar);
  const go = toImage(Go);
  const co = toImage(Co);
  const me = toImage(Me);
  const u = unit(sub(toImage(Or), toImage(Po)));
  if (u === null) return null;
  // d̂ ⟂ û, on Me's side of FH.
  const d0 = { x: -u.y, y: u.x };
  const d = dot(sub(me, ar), d0) >= 0 ? d0 : scale(d0, -1);
  const L = Math.hypot(go.x - ar.x, go.y - ar.y);
  if (L < 8) return null;
  const g = grad ?? gradientMagnitude(image);
  const posterior = traceContour(image, [ar, go], { grad: g })?.points ?? [ar, go];
  const lower = traceContour(image, [go, me], { grad: g })?.points ?? [go, me];
  const level = (p: Vec2) => dot(p, d);

  // Step 2: the anterior border, one line ∥ FH per px of level.
  const top = level(ar) + RAMUS_LEVELS[0] * (level(go) - level(ar));
  const bottom = level(ar) + RAMUS_LEVELS[1] * (level(go) - level(ar));
  const ant: BorderSearch = { origins: [], at: [], steps: [], bandSteps: [] };
  const start = Math.round(RAMUS_WIDTH_RANGE[0] * L);
  const span = Math.round((RAMUS_WIDTH_RANGE[1] - RAMUS_WIDTH_RANGE[0]) * L);
  for (let v = top; v <= bottom; v += 1) {
    const onLevel = add(ar, scale(d, v - level(ar)));
    const back = lineMeetsPolyline(onLevel, u, posterior);
    if (back === null) continue;
    const origin = add(back, scale(u, start));
    const fall = strongestFall(profile(image, origin, u, d, span));
    if (fall === null) continue;
    ant.origins.push(origin);
    ant.at.push(fall.at);
    ant.steps.push(fall.step);
    ant.bandSteps.push(...fall.steps);
  }
  const antFiltered = medianFilter(ant.at, RAMUS_MEDIAN_WINDOW);
  let r1: Vec2 = ar;
  let r1Source: RamusPointSource = 'estimate';
  if (borderHolds(ant, antFiltered)) {
    const k = middleOfExtreme(antFiltered, -1, EXTREME_PLATEAU);
    const deepest = antFiltered[k] as number;
    const minDepth = RAMUS_MIN_CONCAVITY * L;
    const concave =
      (antFiltered[0] as number) - deepest >= minDepth && (antFiltered[antFiltered.length - 1] as number) - deepest >= minDepth;
    if (concave) {
      r1 = add(ant.origins[k] as Vec2, scale(u, deepest));
      r1Source = 'image';
    }
  }
  if (r1Source === 'estimate') {
    const onLevel = add(ar, scale(d, RAMUS_ESTIMATE.r1Level * (level(go) - level(ar))));
    const back = lineMeetsLine(onLevel, u, ar, go) ?? onLevel;
    r1 = add(back, scale(u, RAMUS_ESTIMATE.r1Width * L));
  }
  // An estimate reads only the landmarks (the Ar-Go line), not the traced border: it then does not move with
  // how the film was reduced (the browser's and the server's resampling differ a little).
  const r2 = (r1Source === 'image' ? lineMeetsPolyline(r1, u, posterior) : null) ?? lineMeetsLine(r1, u, ar, go) ?? r1;

  // Step 3: the sigmoid notch, one line ⟂ FH per px of forward distance.
  const notch: BorderSearch = { origins: [], at: [], steps: [], bandSteps: [] };
  const first = NOTCH_COLUMNS[0] * L;
  const last = Math.min(NOTCH_COLUMNS[1] * L, dot(sub(r1, co), u) + NOTCH_PAST_R1 * L);
  const rows = Math.round((NOTCH_DEPTH[0] + NOTCH_DEPTH[1]) * L);
  for (let a = first; a <= last; a += 1) {
    const origin = add(add(co, scale(u, a)), scale(d, -NOTCH_DEPTH[0] * L));
    // A rise going down is a fall going up: read the profile bottom to top.
    const values = profile(image, origin, d, u, rows).reverse();
    const fall = strongestFall(values);
    if (fall === null) continue;
    notch.origins.push(origin);
    notch.at.push(rows - fall.at);
    notch.steps.push(fall.step);
    notch.bandSteps.push(...fall.steps);
  }
  const notchFiltered = medianFilter(notch.at, RAMUS_MEDIAN_WINDOW);
  let r3: Vec2 | null = null;
  if (borderHolds(notch, notchFiltered)) {
    const k = middleOfExtreme(notchFiltered, 1, EXTREME_PLATEAU);
    const deepest = notchFiltered[k] as number;
    const minDepth = NOTCH_MIN_DEPTH * L;
    const isNotch =
      deepest - (notchFiltered[0] as number) >= minDepth && deepest - (notchFiltered[notchFiltered.length - 1] as number) >= minDepth;
    if (isNotch) r3 = add(notch.origins[k] as Vec2, scale(d, deepest));
  }
  const r3Source: RamusPointSource = r3 === null ? 'estimate' : 'image';
  if (r3 === null) r3 = add(add(co, scale(u, RAMUS_ESTIMATE.r3Forward * L)), scale(d, RAMUS_ESTIMATE.r3Below * L));
  const r4 = (r3Source === 'image' ? lineMeetsPolyline(r3, d, lower) : null) ?? lineMeetsLine(r3, d, go, me) ?? r3;

  const back = (p: Vec2) => scale(p, 1 / scaleToImage);
  return {
    points: { R1: back(r1), R2: back(r2), R3: back(r3), R4: back(r4) },
    source: { R1: r1Source, R2: r1Source, R3: r3Source, R4: r3Source },
  };
}
