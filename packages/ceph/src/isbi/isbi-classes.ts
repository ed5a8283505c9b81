import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { LANDMARK_CATALOGUE } from '../landmarks/dataset-names.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';

/** The eight ISBI 2015 classification labels, in the challenge's order. */
export const ISBI_CLASS_NAMES = ['ANB', 'SNB', 'SNA', 'ODI', 'APDI', 'FHI', 'FMA', 'MW'] as const;
/** One ISBI classification label name. */
export type IsbiClassName = (typeof ISBI_CLASS_NAMES)[number];
/** Raw values (degrees; FHI a ratio; MW in mm). */
export type IsbiValues = Record<IsbiClassName, number>;
/** Class numbers (1–3, MW 1–4). */
export type IsbiClasses = Record<IsbiClassName, number>;

/**
 * Registry ids of the 19 ISBI landmarks in ISBI file order (reference §1.2): the catalogue's
 * `datasets.isbi2015` indexes, so the order is written once, beside each landmark's definition.
 */
export const ISBI_LANDMARK_IDS: readonly LandmarkId[] = LANDMARK_CATALOGUE.flatMap((lm) =>
  lm.datasets.isbi2015 === undefined ? [] : [{ id: lm.id, index: lm.datasets.isbi2015 }],
)
  .sort((a, b) => a.index - b.index)
  .map((lm) => lm.id);

const v = (p: Vec2, q: Vec2): Vec2 => ({ x: q.x - p.x, y: q.y - p.y });
const cross = (a: Vec2, b: Vec2): number => a.x * b.y - a.y * b.x;
const angle = (a: Vec2, b: Vec2): number => (Math.atan2(Math.abs(cross(a, b)), a.x * b.x + a.y * b.y) * 180) / Math.PI;
const dist = (p: Vec2, q: Vec2): number => Math.hypot(q.x - p.x, q.y - p.y);

function at(points: readonly Vec2[], i: number): Vec2 {
  const p = points[i];
  if (p === undefined) throw new RangeError(`ISBI classes need 19 points, got ${points.length}`);
  return p;
}

/**
 * The eight ISBI 2015 values exactly as reference §7.6 defines them: input = the 19 ISBI landmarks in
 * ISBI order, in IMAGE pixels of the ORIGINAL film (0.1 mm/px for ISBI; y down). Coordinates are
 * truncated to whole pixels first. A left-facing film (N.x < S.x) is mirrored (x → −x) after
 * truncation so the organisers' sign rules keep their meaning. MW is in mm via `spacingMm`.
 */
export function isbiValues(points: readonly ImagePoint[], spacingMm = 0.1): IsbiValues {
  const truncated = Array.from({ length: 19 }, (_, i) => {
    const p = at(points, i);
    return { x: Math.trunc(p.x), y: Math.trunc(p.y) };
  });
  const mirror = at(truncated, 1).x < at(truncated, 0).x;
  const P = truncated.map((p) => (mirror ? { x: -p.x, y: p.y } : p));
  const [S, N, Or, Po, A, B, Pog, Me, Gn, Go, L1, U1] = P.slice(0, 12) as [
    Vec2,
    Vec2,
    Vec2,
    Vec2,
    Vec2,
    Vec2,
    Vec2,
    Vec2,
    Vec2,
    Vec2,
    Vec2,
    Vec2,
  ];
  const PNS = at(P, 16);
  const ANS = at(P, 17);
  const SNA = angle(v(N, S), v(N, A));
  const SNB = angle(v(N, S), v(N, B));
  const s = cross(v(Po, Or), v(PNS, ANS)) < 0 ? -1 : 1;
  const s1 = cross(v(N, Pog), v(A, B)) > 0 ? -1 : 1;
  const palatal = s * angle(v(Po, Or), v(PNS, ANS));
  const mw = dist(L1, U1) * spacingMm;
  return {
    ANB: SNA - SNB,
    SNB,
    SNA,
    ODI: angle(v(Me, Go), v(B, A)) + palatal,
    APDI: angle(v(Or, Po), v(N, Pog)) + s1 * angle(v(N, Pog), v(A, B)) + palatal,
    FHI: dist(S, Go) / dist(N, Me),
    FMA: angle(v(S, N), v(Go, Gn)),
    MW: U1.x < L1.x ? -mw : mw,
  };
}

/** Class numbers from ISBI values, with the thresholds of reference §7.6. */
export function isbiClassesFromValues(x: IsbiValues): IsbiClasses {
  const band = (value: number, lo: number, loClass: number, hi: number, hiClass: number): number =>
    value < lo ? loClass : value > hi ? hiClass : 1;
  return {
    ANB: band(x.ANB, 3.2, 3, 5.7, 2),
    SNB: band(x.SNB, 74.6, 2, 78.7, 3),
    SNA: band(x.SNA, 79.4, 3, 83.2, 2),
    ODI: band(x.ODI, 68.4, 3, 80.5, 2),
    APDI: band(x.APDI, 77.6, 2, 85.2, 3),
    FHI: band(x.FHI, 0.65, 3, 0.75, 2),
    FMA: band(x.FMA, 26.8, 3, 31.4, 2),
    MW: x.MW >= 2 && x.MW <= 4.5 ? 1 : x.MW > 4.5 ? 4 : x.MW === 0 ? 2 : 3,
  };
}

/** ISBI classes from the 19 landmarks in original-film pixels (see `isbiValues`). */
export function isbiClasses(points: readonly ImagePoint[], spacingMm = 0.1): IsbiClasses {
  return isbiClassesFromValues(isbiValues(points, spacingMm));
}

/**
 * The 19 ISBI points from a registry landmark map, scaled by `toOriginal` (e.g. 2 for a manifest stored
 * in a 2× downscaled frame) into original-film pixels; or the missing ids.
 */
export function isbiPointsFromLandmarks(
  landmarks: LandmarkMap<ImagePoint>,
  toOriginal = 1,
): { ok: true; points: ImagePoint[] } | { ok: false; missing: LandmarkId[] } {
  const missing = ISBI_LANDMARK_IDS.filter((id) => landmarks[id] === undefined);
  if (missing.length > 0) return { ok: false, missing };
  const points = ISBI_LANDMARK_IDS.map((id) => {
    const p = landmarks[id] as ImagePoint;
    return { x: p.x * toOriginal, y: p.y * toOriginal } as ImagePoint;
  });
  return { ok: true, points };
}

/** Fraction (0..1) of images whose predicted class equals the expected class, per label; 0 for no images. */
export function isbiAgreement(pairs: readonly { predicted: IsbiClasses; expected: IsbiClasses }[]): Record<IsbiClassName, number> {
  const out = {} as Record<IsbiClassName, number>;
  for (const name of ISBI_CLASS_NAMES) {
    const hits = pairs.filter((p) => p.predicted[name] === p.expected[name]).length;
    out[name] = pairs.length === 0 ? 0 : hits / pairs.length;
  }
  return out;
}
