import { projectionFoot, signedDistance } from '../geometry/lines.ts';
import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { imagePoint } from '../geometry/units.ts';
import { add, midpoint, scale, sub } from '../geometry/vec.ts';
import { constructXi } from './derived.ts';
import { splineSegments, type BezierSegment } from './tracing-paths.ts';
import type { LandmarkId, LandmarkMap } from './types.ts';

/*
 * Catalogue points the landmark model does not output, built from the points it does (issue 28,
 * "a complete tracing"). A constructed point is an estimate, drawn and listed as such; the user's own
 * point always wins (placed.ts `mergePositions`). All inputs and outputs in image px of the original
 * upload (docs/house-rules.md §2); nothing here needs a calibration or the facing direction.
 */

/**
 * Fraction of the first-molar → incisor-tip distance at which a second premolar's buccal cusp lies
 * (our estimate, not a published constant): the cusp sits about half a premolar crown (≈ 3.5 mm) mesial
 * of the first molar's mesial contact (the model's U6/L6, CL-Detection definition), and the
 * molar-contact → incisor-tip span of an adult arch seen in profile is ≈ 25–30 mm.
 */
export const PREMOLAR_FRACTION = 0.13;

/**
 * Second-premolar buccal cusp estimate (image px): `molar + PREMOLAR_FRACTION·(incisor − molar)`.
 * Used for UPM (U6, U1) and LPM (L6, L1) so that the functional occlusal plane mid(U6,L6) → mid(UPM,LPM)
 * (cephalometrics.md §2 "Functional occlusal plane") has both of its points. Consequence, said in the
 * catalogue note: the plane so built runs parallel to the bisected occlusal plane (molars → incisor
 * overbite, §2 "Bisected / anatomic occlusal plane"), which differs from the true FOP in deep bites.
 */
export function premolarEstimate(molar: Vec2, incisorTip: Vec2): ImagePoint {
  const p = add(molar, scale(sub(incisorTip, molar), PREMOLAR_FRACTION));
  return imagePoint(p.x, p.y);
}

/** Point of a cubic Bézier at parameter t ∈ [0, 1] (same space as the segment). */
export function bezierPoint(s: BezierSegment, t: number): Vec2 {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * s.from.x + b * s.c1.x + c * s.c2.x + d * s.to.x, y: a * s.from.y + b * s.c1.y + c * s.c2.y + d * s.to.y };
}

const SAMPLES_PER_SEGMENT = 64;

/**
 * Deepest point of a profile concavity (image px): on the tracing's centripetal spline through `chain`
 * (the same curve the viewer draws, tracing-paths.ts), between `chain[from]` and `chain[to]`, the point
 * farthest from the chord chain[from]–chain[to] on the side of `inside` (a hard-tissue point behind the
 * profile, so the result does not depend on which way the patient faces). `null` when the chord has no
 * length or no sampled point lies on the `inside` side (the profile is not concave there).
 */
export function deepestBetween(chain: readonly Vec2[], from: number, to: number, inside: Vec2): ImagePoint | null {
  const a = chain[from];
  const b = chain[to];
  if (!a || !b || to <= from) return null;
  const chord = { a, b };
  const side = signedDistance(inside, chord);
  if (side === null || side === 0) return null;
  const segments = splineSegments(chain).slice(from, to);
  let best: Vec2 | null = null;
  let bestDepth = 0;
  for (const s of segments) {
    for (let i = 0; i <= SAMPLES_PER_SEGMENT; i++) {
      const q = bezierPoint(s, i / SAMPLES_PER_SEGMENT);
      const depth = (signedDistance(q, chord) ?? 0) * Math.sign(side);
      if (depth > bestDepth) {
        bestDepth = depth;
        best = q;
      }
    }
  }
  return best === null ? null : imagePoint(best.x, best.y);
}

/**
 * Stomion estimate with the lips at rest in contact (image px): the midpoint of labrale superius and
 * labrale inferius, used for both Stms ("lowest point of the upper-lip vermilion") and Stmi ("highest
 * point of the lower-lip vermilion"), cephalometrics.md §1.1. Its vertical position is what the
 * soft-tissue measurements read (Holdaway/Legan interlabial gap and incisor exposure measure ⟂ FH);
 * with apart lips the user places both points.
 */
export function stomionEstimate(ls: Vec2, li: Vec2): ImagePoint {
  const m = midpoint(ls, li);
  return imagePoint(m.x, m.y);
}

/**
 * Protuberance menti (Pm) estimate (image px): "where the anterior symphysis contour turns from concave
 * to convex, between B and Pog" (cephalometrics.md §1.1). B is the deepest point of the concavity and
 * Pog the most prominent of the convexity, so the turn lies between them; we take the halfway point
 * (t = ½) of the tracing's spline segment B → Pog through the chain Id?, B, Pog, Gn, Me.
 */
export function protuberanceMentiEstimate(chain: readonly Vec2[], bIndex: number): ImagePoint | null {
  const s = splineSegments(chain)[bIndex];
  if (!s) return null;
  const p = bezierPoint(s, 0.5);
  return imagePoint(p.x, p.y);
}

/**
 * Ricketts DC estimate (image px): "the centre of the condylar neck on the Ba–N line" (cephalometrics.md
 * §2 "Corpus axis / condyle axis"). The neck runs down from the condyle head, ⟂ FH: with FH (`fh`, Po and
 * Or) we take where the line through condylion (Co) ⟂ FH meets Ba–N; without it, the foot of the
 * perpendicular from Co onto Ba–N. The foot slides forward along the inclined Ba–N (on ten ISBI 2015 films
 * it put DC ≈ 4 mm in front of the neck and read the mandibular arc ≈ 10° above the line ⟂ FH,
 * docs/planning.md "Ricketts' ramus points"). `null` when Ba = N or the lines are parallel.
 */
export function condyleCentreEstimate(ba: Vec2, n: Vec2, co: Vec2, fh?: { readonly po: Vec2; readonly or: Vec2 }): ImagePoint | null {
  if (fh) {
    const u = sub(fh.or, fh.po);
    const e = sub(n, ba);
    // Co + t·n̂ with n̂ ⟂ FH, crossing Ba + s·e: solve the 2×2 system by Cramer's rule.
    const down = { x: -u.y, y: u.x };
    const den = down.x * e.y - down.y * e.x;
    if (den === 0) return null;
    const ap = sub(ba, co);
    const t = (ap.x * e.y - ap.y * e.x) / den;
    return imagePoint(co.x + t * down.x, co.y + t * down.y);
  }
  const f = projectionFoot(co, { a: ba, b: n });
  return f === null ? null : imagePoint(f.x, f.y);
}

function chainOf(positions: LandmarkMap<ImagePoint>, ids: readonly LandmarkId[]): { ids: LandmarkId[]; pts: ImagePoint[] } {
  const present = ids.filter((id) => positions[id] !== undefined);
  return { ids: present, pts: present.map((id) => positions[id] as ImagePoint) };
}

function deepestOnProfile(
  positions: LandmarkMap<ImagePoint>,
  ids: readonly LandmarkId[],
  from: LandmarkId,
  to: LandmarkId,
  inside: LandmarkId,
): ImagePoint | null {
  const chain = chainOf(positions, ids);
  const behind = positions[inside];
  if (!behind) return null;
  return deepestBetween(chain.pts, chain.ids.indexOf(from), chain.ids.indexOf(to), behind);
}

/**
 * The constructed points (image px) for the catalogue points absent from `positions` (what is shown:
 * the user's, else the model's). A point already in `positions` is never rebuilt, so a point the user
 * placed or moved stays theirs. Each construction is documented on its function above and in
 * `LANDMARK_SOURCING`; a point whose sources are missing is left out.
 */
export function constructLandmarks(positions: LandmarkMap<ImagePoint>): LandmarkMap<ImagePoint> {
  const p = positions;
  const out: LandmarkMap<ImagePoint> = {};
  const put = (id: LandmarkId, point: ImagePoint | null) => {
    if (p[id] === undefined && point !== null) out[id] = point;
  };
  if (p.U6 && p.U1) put('UPM', premolarEstimate(p.U6, p.U1));
  if (p.L6 && p.L1) put('LPM', premolarEstimate(p.L6, p.L1));
  // A′ (cephalometrics.md §1.1): deepest point of the upper-lip concavity between Sn and Ls.
  put('stA', deepestOnProfile(p, ['Prn', 'Cm', 'Sn', 'ULv', 'Ls'], 'Sn', 'Ls', 'A'));
  // B′ (cephalometrics.md §1.1): deepest point of the concavity between Li and Pog′.
  put('stB', deepestOnProfile(p, ['Li', 'LLv', 'stPog', 'stGn'], 'Li', 'stPog', 'B'));
  if (p.Ls && p.Li) {
    put('Stms', stomionEstimate(p.Ls, p.Li));
    put('Stmi', stomionEstimate(p.Ls, p.Li));
  }
  const symphysis = chainOf(p, ['Id', 'B', 'Pog', 'Gn', 'Me']);
  if (p.B && p.Pog) put('Pm', protuberanceMentiEstimate(symphysis.pts, symphysis.ids.indexOf('B')));
  if (p.Ba && p.N && p.Co) put('DC', condyleCentreEstimate(p.Ba, p.N, p.Co, p.Po && p.Or ? { po: p.Po, or: p.Or } : undefined));
  // Xi (cephalometrics.md §2 "Xi construction"): the centre of the R1-R4 rectangle aligned with FH. The
  // rectangle's centre does not depend on the frame it is built in, so the image frame serves.
  if (p.R1 && p.R2 && p.R3 && p.R4 && p.Po && p.Or) {
    const xi = constructXi(p.R1, p.R2, p.R3, p.R4, p.Po, p.Or);
    put('Xi', xi === null ? null : imagePoint(xi.x, xi.y));
  }
  return out;
}
