import {
  applyAffine,
  fitSimilarity,
  invertAffine,
  similarityAffine,
  TRACING_OUTLINES,
  type Affine2,
  type LandmarkId,
  type LandmarkMap,
  type Vec2,
} from '@ceppro/ceph';
import { NearestGrid, NearestMap, type Nearest } from './nearest-outline';
import type { FaceRegion } from './photo-profile';

/**
 * Fitting the film's soft-tissue profile onto the outline of the face found on the photo: a
 * similarity (photo px -> film px) by iterative closest points (ICP), started from the nose tips.
 * Pure and bounded: a few hundred film samples, a grid for nearest outline points, a fixed number
 * of starts and iterations.
 */

/** The soft-tissue profile outlines of the tracing (forehead to upper lip, lower lip to neck). */
const PROFILE_OUTLINES = TRACING_OUTLINES.filter((o) => o.id === 'soft-upper-profile' || o.id === 'soft-lower-profile');

export interface FilmProfile {
  /** Dense samples along the profile through the film's soft-tissue landmarks (film px). */
  readonly samples: readonly Vec2[];
  /** The soft-tissue landmarks the film has, in profile order. */
  readonly points: readonly { readonly id: LandmarkId; readonly p: Vec2 }[];
  /** Diagonal of the samples' bounding box (film px): the scale thresholds are relative to. */
  readonly extent: number;
}

/** Catmull-Rom point of segment p1 -> p2 at t in [0, 1]. */
function catmullRom(p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2, t: number): Vec2 {
  const t2 = t * t;
  const t3 = t2 * t;
  const f = (a: number, b: number, c: number, d: number) =>
    0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
  return { x: f(p0.x, p1.x, p2.x, p3.x), y: f(p0.y, p1.y, p2.y, p3.y) };
}

/**
 * The film's soft-tissue profile as dense samples (about 300 over the whole profile) through its
 * soft-tissue landmarks, the tracing's two profile outlines in order. Null below 3 landmarks.
 */
export function filmProfile(landmarks: LandmarkMap<Vec2>): FilmProfile | null {
  const lines = PROFILE_OUTLINES.map((o) => o.landmarks.flatMap((id) => (landmarks[id] ? [{ id, p: landmarks[id] }] : [])));
  const points = lines.flat();
  if (points.length < 3) return null;
  const xs = points.map((q) => q.p.x);
  const ys = points.map((q) => q.p.y);
  const extent = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  if (!(extent > 0)) return null;
  const step = extent / 300;
  const samples: Vec2[] = [];
  for (const line of lines) {
    const ps = line.map((q) => q.p);
    if (ps.length === 1) samples.push(ps[0] as Vec2);
    for (let i = 0; i + 1 < ps.length; i += 1) {
      const p1 = ps[i] as Vec2;
      const p2 = ps[i + 1] as Vec2;
      const p0 = ps[i - 1] ?? p1;
      const p3 = ps[i + 2] ?? p2;
      const n = Math.max(1, Math.ceil(Math.hypot(p2.x - p1.x, p2.y - p1.y) / step));
      for (let k = 0; k < n; k += 1) samples.push(catmullRom(p0, p1, p2, p3, k / n));
      if (i + 2 === ps.length) samples.push(p2);
    }
  }
  return { samples, points, extent };
}

interface IcpResult {
  readonly transform: Affine2;
  /** Per film sample: its matched outline point (raster px) and the distance after the fit (film px). */
  readonly pairs: readonly { readonly photo: Vec2; readonly film: Vec2; readonly distance: number }[];
  readonly rms: number;
  /** Share of samples within INLIER_FRACTION_OF_EXTENT of their outline point. */
  readonly inliers: number;
}

/** Share of pairs kept by each trimmed-ICP step (the rest: hair, hands, a collar on the outline). */
const TRIM_KEEP = 0.85;
/** A film sample is an inlier within this share of the profile extent of the photo outline. */
const INLIER_FRACTION_OF_EXTENT = 0.025;

function icp(grid: Nearest, samples: readonly Vec2[], start: Affine2, iterations: number, extent: number): IcpResult | null {
  let t = start;
  for (let it = 0; it <= iterations; it += 1) {
    const inv = invertAffine(t);
    if (inv === null) return null;
    const pairs = samples.map((f) => {
      const q = grid.nearest(applyAffine(inv, f)) as Vec2;
      const m = applyAffine(t, q);
      return { photo: q, film: f, distance: Math.hypot(m.x - f.x, m.y - f.y) };
    });
    if (it === iterations) {
      const rms = Math.sqrt(pairs.reduce((s, p) => s + p.distance ** 2, 0) / pairs.length);
      const inliers = pairs.filter((p) => p.distance <= INLIER_FRACTION_OF_EXTENT * extent).length / pairs.length;
      return { transform: t, pairs, rms, inliers };
    }
    const kept = [...pairs].sort((a, b) => a.distance - b.distance).slice(0, Math.max(3, Math.ceil(pairs.length * TRIM_KEEP)));
    const fit = fitSimilarity(
      kept.map((p) => p.photo),
      kept.map((p) => p.film),
      true,
    );
    if (fit === null) return null;
    t = fit.transform;
  }
  return null;
}

export interface ProfileFit {
  /** Raster px (mirrored when `mirrored`) -> film px. */
  readonly transform: Affine2;
  readonly mirrored: boolean;
  readonly pairs: IcpResult['pairs'];
  /** RMS distance of every film sample to the photo outline after the fit (film px). */
  readonly rms: number;
  readonly inliers: number;
}

const ROTATIONS_DEG = [-24, -16, -8, 0, 8, 16, 24];
const SCALE_STEPS = 9;
const SCALE_RANGE: readonly [number, number] = [0.5, 3];
const COARSE_SAMPLES = 60;
const COARSE_ITERATIONS = 8;
const FINE_ITERATIONS = 30;
const REFINED_STARTS = 3;

/**
 * Fits the film profile onto the face outline for one candidate side of the face: the photo is
 * mirrored when that side looks the other way from the film. Starts: the film's most anterior
 * profile sample (pronasale) on the photo's outline point furthest the same way, over a grid of
 * rotations and scales around the ratio of the profile's height to the face region's height; a
 * coarse ICP on a subsample ranks the starts, the best few are refined on every sample. The caller
 * compares the sides (lowest RMS wins).
 */
export function fitProfileSide(
  region: FaceRegion,
  film: FilmProfile,
  filmFacing: 1 | -1,
  side: FaceRegion['sides'][number],
): ProfileFit | null {
  const filmYs = film.samples.map((p) => p.y);
  const filmHeight = Math.max(...filmYs) - Math.min(...filmYs);
  const filmTip = film.samples.reduce((a, b) => (filmFacing * b.x > filmFacing * a.x ? b : a));
  let regionTop = region.height;
  let regionBottom = 0;
  for (const p of region.outline) {
    regionTop = Math.min(regionTop, p.y);
    regionBottom = Math.max(regionBottom, p.y);
  }
  const regionHeight = regionBottom - regionTop;
  if (!(filmHeight > 0) || !(regionHeight > 0)) return null;
  const s0 = filmHeight / regionHeight;
  const coarse = film.samples.filter((_, i) => i % Math.max(1, Math.floor(film.samples.length / COARSE_SAMPLES)) === 0);

  const mirrored = side.facing !== filmFacing;
  const outline = mirrored ? region.outline.map((p) => ({ x: region.width - p.x, y: p.y })) : region.outline;
  const grid = new NearestGrid(outline, region.width, region.height);
  const map = new NearestMap(outline, region.width, region.height);
  const starts: IcpResult[] = [];
  for (const deg of ROTATIONS_DEG) {
    // The photo's nose tip under this rotation: the outline point furthest along the film's
    // anterior direction turned back onto the photo (the image's own extreme point is the chin
    // or the forehead once the head is tilted).
    const rad = (deg * Math.PI) / 180;
    const dir = { x: filmFacing * Math.cos(rad), y: -filmFacing * Math.sin(rad) };
    const tip = outline.reduce((a, b) => (b.x * dir.x + b.y * dir.y > a.x * dir.x + a.y * dir.y ? b : a));
    for (let k = 0; k < SCALE_STEPS; k += 1) {
      const scale = s0 * SCALE_RANGE[0] * (SCALE_RANGE[1] / SCALE_RANGE[0]) ** (k / (SCALE_STEPS - 1));
      const r = similarityAffine(scale, rad, 0, 0);
      const m = applyAffine(r, tip);
      const result = icp(map, coarse, { ...r, tx: filmTip.x - m.x, ty: filmTip.y - m.y }, COARSE_ITERATIONS, film.extent);
      if (result) starts.push(result);
    }
  }
  starts.sort((a, b) => a.rms - b.rms);
  let best: ProfileFit | null = null;
  for (const s of starts.slice(0, REFINED_STARTS)) {
    const fine = icp(grid, film.samples, s.transform, FINE_ITERATIONS, film.extent);
    if (fine && (best === null || fine.rms < best.rms))
      best = { transform: fine.transform, mirrored, pairs: fine.pairs, rms: fine.rms, inliers: fine.inliers };
  }
  return best;
}

/** The outline point nearest to where `filmPoint` lands on the raster (mirrored raster px). */
export function photoPointOf(region: FaceRegion, fit: ProfileFit, filmPoint: Vec2): Vec2 | null {
  const inv = invertAffine(fit.transform);
  if (inv === null) return null;
  const q = applyAffine(inv, filmPoint);
  let best: Vec2 | null = null;
  let bestD = Infinity;
  for (const p of region.outline) {
    const m = fit.mirrored ? { x: region.width - p.x, y: p.y } : p;
    const d = (m.x - q.x) ** 2 + (m.y - q.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = m;
    }
  }
  return best;
}
