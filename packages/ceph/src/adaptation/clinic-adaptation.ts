import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import type { Vec2 } from '../geometry/units.ts';
import { imagePoint, type ImagePoint } from '../geometry/units.ts';
import { applyAffine } from '../geometry/affine.ts';
import { fitSimilarity } from '../superimposition/similarity-fit.ts';
import { fromSkullOffset, skullFrame, toSkullOffset, type SkullFrame, type SkullOffset } from './skull-frame.ts';

/*
 * Clinic adaptation: each clinic places some landmarks by its own convention (machine porion, its
 * own B point or menton), constant over its films. From the films a clinic corrected, learn one
 * robust, shrunken offset per landmark in the skull frame (skull-frame.ts) and add it to the model's
 * next answers. The server (on every landmark save) and eval:landmarks --adapt call exactly these
 * functions. All offsets are fractions of the film's S-N length; mm only for display.
 */

/**
 * The anterior cranial base length of an average adult (reference "Anterior cranial base",
 * 71 ± 3 mm): mm for display when no film was calibrated.
 */
export const NOMINAL_SN_MM = 71;

/** Constants of the learning rule, in S-N units (1 mm ≈ 0.014 of an average S-N). */
export const ADAPTATION_RULES = {
  /** A landmark counts as corrected when the user moved it more than this from the AI point shown (≈ 0.25 mm). */
  movedMin: 0.25 / NOMINAL_SN_MM,
  /** A film whose corrections a similarity transform explains (shift, scale or turn of the whole film) teaches nothing: */
  wholeFilmShift: 3 / NOMINAL_SN_MM,
  wholeFilmScale: 0.05,
  wholeFilmTurnDeg: 3,
  /** ... where the similarity explains at least this share of the corrections' mean square. */
  wholeFilmExplained: 0.6,
  /** A correction longer than this (≈ 15 mm) is a mis-click or another film, not a convention: cut to this length. */
  clip: 15 / NOMINAL_SN_MM,
  /** Prior spread of a clinic's convention offset (≈ 2.5 mm): how far a learned shift may move on little evidence. */
  priorSd: 2.5 / NOMINAL_SN_MM,
  /** Spread of one film's correction around the clinic's convention when too few films say (≈ 2 mm), and its floor (≈ 0.8 mm). */
  filmSd: 2 / NOMINAL_SN_MM,
  filmSdMin: 0.8 / NOMINAL_SN_MM,
  /** Shrinkage never weighs fewer than this many pseudo-films of "no shift": one film moves a landmark at most half way. */
  minPseudoFilms: 1,
  /** Only the newest films count, so a clinic that changes its convention is followed. */
  maxFilms: 100,
} as const;

/** What one corrected film teaches: per corrected landmark, the correction (edited - raw model point) in the skull frame. */
export interface FilmCorrection {
  readonly offsets: LandmarkMap<SkullOffset>;
  /** The film's S-N in mm when the film was calibrated (for display only), else null. */
  readonly snMm: number | null;
}

export type LearnOutcome =
  | { readonly status: 'learned'; readonly correction: FilmCorrection; readonly corrected: number }
  | { readonly status: 'ignored'; readonly reason: 'no-frame' | 'no-corrections' | 'whole-film' };

/** One learned landmark: the shift to add (S-N units), from how many films, and their robust spread. */
export interface LearnedShift extends SkullOffset {
  readonly films: number;
  readonly spread: number;
}

/** A clinic's learned conventions (stored JSON, version 1). */
export interface AdaptationProfile {
  readonly version: 1;
  /** Films that taught something. */
  readonly films: number;
  readonly landmarks: LandmarkMap<LearnedShift>;
  /** Median S-N of the calibrated films in mm, null when none was calibrated (display uses NOMINAL_SN_MM). */
  readonly snMm: number | null;
}

export const EMPTY_PROFILE: AdaptationProfile = { version: 1, films: 0, landmarks: {}, snMm: null };

/**
 * What a film teaches, from the model's raw points (`raw`, image px, before any adaptation), the AI
 * points the user saw (`shown`: raw plus the adaptation applied then) and the user's saved points
 * (`edited`, only the landmarks the user placed). The frame is the raw Sella-Nasion, as when the
 * profile is applied. A landmark counts only where the user moved it from what was shown; a film
 * whose every correction is one shift, scale or turn of the whole set (a wrong film, a
 * calibration slip) teaches nothing.
 */
export function learnFromFilm(
  raw: LandmarkMap<Vec2>,
  shown: LandmarkMap<Vec2>,
  edited: LandmarkMap<Vec2>,
  snMm: number | null = null,
): LearnOutcome {
  const frame = raw.S && raw.N ? skullFrame(raw.S, raw.N) : null;
  if (!frame) return { status: 'ignored', reason: 'no-frame' };
  const R = ADAPTATION_RULES;
  const ids = (Object.keys(edited) as LandmarkId[]).filter((id) => raw[id] && (shown[id] ?? raw[id]));
  const moved = ids.filter((id) => {
    const d = toSkullOffset(frame, sub(edited[id]!, shown[id] ?? raw[id]!));
    return Math.hypot(d.u, d.v) > R.movedMin;
  });
  if (moved.length === 0) return { status: 'ignored', reason: 'no-corrections' };
  if (
    wholeFilmMove(
      frame,
      ids.map((id) => shown[id] ?? raw[id]!),
      ids.map((id) => edited[id]!),
    )
  )
    return { status: 'ignored', reason: 'whole-film' };
  const offsets: LandmarkMap<SkullOffset> = {};
  for (const id of moved) offsets[id] = clipOffset(toSkullOffset(frame, sub(edited[id]!, raw[id]!)), R.clip);
  return { status: 'learned', correction: { offsets, snMm }, corrected: moved.length };
}

/**
 * The profile from a clinic's film corrections, newest first (only the first `maxFilms` count). Per
 * landmark: a Huber M-estimate of the corrections (robust: one odd film among several barely
 * moves it), shrunk towards no shift by n / (n + k), k = max(minPseudoFilms, (film spread / prior
 * spread)^2) — the empirical-Bayes weight of n films against the prior. A landmark no film
 * corrected has no entry and is never moved.
 */
export function buildProfile(corrections: readonly FilmCorrection[]): AdaptationProfile {
  const R = ADAPTATION_RULES;
  const used = corrections.slice(0, R.maxFilms);
  const per = new Map<LandmarkId, SkullOffset[]>();
  for (const c of used)
    for (const [id, o] of Object.entries(c.offsets) as [LandmarkId, SkullOffset][]) {
      const list = per.get(id) ?? [];
      list.push(o);
      per.set(id, list);
    }
  const landmarks: LandmarkMap<LearnedShift> = {};
  for (const [id, obs] of per) {
    const { centre, spread } = huberCentre(obs);
    const sd = obs.length >= 3 ? Math.max(spread, R.filmSdMin) : R.filmSd;
    const k = Math.max(R.minPseudoFilms, (sd / R.priorSd) ** 2);
    const w = obs.length / (obs.length + k);
    landmarks[id] = { u: centre.u * w, v: centre.v * w, films: obs.length, spread };
  }
  const sn = used.flatMap((c) => (c.snMm !== null && c.snMm > 0 ? [c.snMm] : []));
  return { version: 1, films: used.length, landmarks, snMm: sn.length ? median(sn) : null };
}

/** Which landmarks an adaptation moved, and by how much (image px). */
export interface AdaptedPoint {
  readonly point: ImagePoint;
  /** The shift applied, image px; absent when the profile leaves this landmark alone. */
  readonly shift?: Vec2;
}

/**
 * The model's raw points (image px) with the profile's shifts added, each in the frame of this
 * film's raw Sella-Nasion. Without Sella and Nasion, or with an empty profile, the points come back
 * unchanged.
 */
export function applyProfile<K extends string>(
  profile: AdaptationProfile,
  raw: Partial<Record<K, Vec2>>,
  idOf: (key: K) => LandmarkId | null = (k) => k as unknown as LandmarkId,
): Partial<Record<K, AdaptedPoint>> {
  const byId = new Map<LandmarkId, Vec2>();
  for (const [k, p] of Object.entries(raw) as [K, Vec2][]) {
    const id = idOf(k);
    if (id) byId.set(id, p);
  }
  const s = byId.get('S');
  const n = byId.get('N');
  const frame: SkullFrame | null = s && n ? skullFrame(s, n) : null;
  const out: Partial<Record<K, AdaptedPoint>> = {};
  for (const [k, p] of Object.entries(raw) as [K, Vec2][]) {
    const id = idOf(k);
    const learned = id && frame ? profile.landmarks[id] : undefined;
    if (!learned || !frame) {
      out[k] = { point: imagePoint(p.x, p.y) };
      continue;
    }
    const d = fromSkullOffset(frame, learned);
    out[k] = { point: imagePoint(p.x + d.x, p.y + d.y), shift: d };
  }
  return out;
}

/** A learned shift in mm for display: anterior (+) / posterior (-) along S-N, inferior (+) / superior (-) across it. */
export function shiftInMm(profile: AdaptationProfile, shift: SkullOffset): { anterior: number; inferior: number; length: number } {
  const sn = profile.snMm ?? NOMINAL_SN_MM;
  return { anterior: shift.u * sn, inferior: shift.v * sn, length: Math.hypot(shift.u, shift.v) * sn };
}

function sub(p: Vec2, q: Vec2): Vec2 {
  return { x: p.x - q.x, y: p.y - q.y };
}

function clipOffset(o: SkullOffset, max: number): SkullOffset {
  const r = Math.hypot(o.u, o.v);
  return r <= max ? o : { u: (o.u * max) / r, v: (o.v * max) / r };
}

function median(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Whether the edits are mostly one similarity transform of the shown points, and a large one. */
function wholeFilmMove(frame: SkullFrame, shown: readonly Vec2[], edited: readonly Vec2[]): boolean {
  const R = ADAPTATION_RULES;
  if (shown.length < 3) return false;
  const fit = fitSimilarity(shown, edited, true);
  if (!fit) return false;
  const total = shown.reduce((a, p, i) => a + (edited[i]!.x - p.x) ** 2 + (edited[i]!.y - p.y) ** 2, 0);
  const residual = fit.residuals.reduce((a, r) => a + r * r, 0);
  if (total <= 0 || 1 - residual / total < R.wholeFilmExplained) return false;
  const cx = shown.reduce((a, p) => a + p.x, 0) / shown.length;
  const cy = shown.reduce((a, p) => a + p.y, 0) / shown.length;
  const at = applyAffine(fit.transform, { x: cx, y: cy });
  const moved = { x: at.x - cx, y: at.y - cy };
  const shift = Math.hypot(moved.x, moved.y) / frame.snPx;
  return (
    shift > R.wholeFilmShift || Math.abs(fit.scale - 1) > R.wholeFilmScale || (Math.abs(fit.rotation) * 180) / Math.PI > R.wholeFilmTurnDeg
  );
}

/** Huber M-estimate of 2-D offsets (from the coordinate-wise median) and the robust radial spread (per-axis SD). */
function huberCentre(obs: readonly SkullOffset[]): { centre: SkullOffset; spread: number } {
  let c = { u: median(obs.map((o) => o.u)), v: median(obs.map((o) => o.v)) };
  let spread = 0;
  for (let iter = 0; iter < 20; iter++) {
    const r = obs.map((o) => Math.hypot(o.u - c.u, o.v - c.v));
    // Rayleigh: the median radius of an isotropic Gaussian is 1.1774 of its per-axis SD.
    spread = median(r) / 1.1774;
    const cut = 1.5 * Math.max(spread, ADAPTATION_RULES.filmSdMin);
    let su = 0;
    let sv = 0;
    let sw = 0;
    obs.forEach((o, i) => {
      const w = r[i]! <= cut ? 1 : cut / r[i]!;
      su += w * o.u;
      sv += w * o.v;
      sw += w;
    });
    const next = { u: su / sw, v: sv / sw };
    const moved = Math.hypot(next.u - c.u, next.v - c.v);
    c = next;
    if (moved < 1e-9) break;
  }
  return { centre: c, spread };
}
