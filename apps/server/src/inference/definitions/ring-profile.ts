import { gridAt, type Grid } from './grey-grid.ts';

/**
 * Reading a candidate ear-rod ring on its radial profile, in grid px. A ring is a thin bright line at a
 * constant radius; it is checked angle by angle, which also tells how much of it shows.
 */
export const ANGLES = 72;
/** Angles averaged on each side when reading the ring's profile (4 × 5° = ±20°). */
const ARC_HALF = 4;
const COS = Float64Array.from({ length: ANGLES }, (_, a) => Math.cos((2 * Math.PI * a) / ANGLES));
const SIN = Float64Array.from({ length: ANGLES }, (_, a) => Math.sin((2 * Math.PI * a) / ANGLES));
/** Grey level above which a film is burnt out (nothing can be seen there). */
const SATURATED = 250;

/** Radial profiles around one centre: ANGLES rows of `n` samples at radii `r0 + 0.5·i` (grid px). */
interface Profiles {
  readonly data: Float32Array;
  readonly n: number;
  readonly r0: number;
}

/** Half-width (grid px) of the profile window across a ring of radius r. */
const sideOf = (r: number) => Math.max(2.5, 0.15 * r);

function radialProfiles(g: Grid, cx: number, cy: number, rLo: number, rHi: number): Profiles {
  const r0 = rLo - sideOf(rLo);
  const n = Math.ceil((rHi + sideOf(rHi) - r0) / 0.5) + 1;
  const data = new Float32Array(ANGLES * n);
  for (let a = 0; a < ANGLES; a++) {
    for (let i = 0; i < n; i++) data[a * n + i] = gridAt(g, cx + (r0 + 0.5 * i) * COS[a]!, cy + (r0 + 0.5 * i) * SIN[a]!);
  }
  return { data, n, r0 };
}

/**
 * Share of the ring's circumference that shows a bright ridge exactly at radius `r` (on the profiles'
 * 0.5 px lattice): per angle, the radial profile across r ± side, averaged over 9 neighbouring angles
 * (±20°: a faint ring under JPEG noise), must peak within 1 grid px of r and exceed both ends by
 * `minContrast`. Angles where the film is burnt out or outside the window are not counted; fewer than
 * half seen gives 0.
 */
function coverageAt(pr: Profiles, r: number, minContrast: number): number {
  const m = Math.floor(sideOf(r) / 0.5);
  const len = 2 * m + 1;
  const start = Math.round((r - pr.r0) / 0.5) - m;
  if (start < 0 || start + len > pr.n) return 0;
  const win = new Float32Array(ANGLES * len);
  const seen = new Uint8Array(ANGLES);
  let nSeen = 0;
  for (let a = 0; a < ANGLES; a++) {
    let low = Infinity;
    for (let i = 0; i < len; i++) low = Math.min(low, pr.data[a * pr.n + start + i]!); // NaN (outside) stays NaN
    if (!(low < SATURATED)) continue;
    seen[a] = 1;
    nSeen++;
    for (let i = 0; i < len; i++) win[a * len + i] = pr.data[a * pr.n + start + i]!;
  }
  if (nSeen < ANGLES / 2) return 0;
  // Running sums over the ±ARC_HALF neighbouring angles (unseen rows are zeros and not counted).
  const sum = new Float64Array(len);
  let cnt = 0;
  for (let da = -ARC_HALF; da <= ARC_HALF; da++) {
    const b = (da + ANGLES) % ANGLES;
    cnt += seen[b]!;
    for (let i = 0; i < len; i++) sum[i]! += win[b * len + i]!;
  }
  let hits = 0;
  for (let a = 0; a < ANGLES; a++) {
    if (seen[a] && cnt > 0) {
      let at = 0;
      for (let i = 1; i < len; i++) if (sum[i]! > sum[at]!) at = i;
      if (Math.abs(at - m) <= 2 && (sum[at]! - Math.max(sum[0]!, sum[len - 1]!)) / cnt > minContrast) hits++;
    }
    const out = (a - ARC_HALF + ANGLES) % ANGLES;
    const inn = (a + ARC_HALF + 1) % ANGLES;
    cnt += seen[inn]! - seen[out]!;
    for (let i = 0; i < len; i++) sum[i]! += win[inn * len + i]! - win[out * len + i]!;
  }
  return hits / nSeen;
}

/** Best radius (0.5 px steps in [lo, hi]) and its coverage for one centre. */
export function bestRadius(g: Grid, cx: number, cy: number, lo: number, hi: number, minContrast: number): { r: number; cov: number } {
  const pr = radialProfiles(g, cx, cy, lo, hi);
  let best = { r: lo, cov: -1 };
  for (let r = lo; r <= hi; r += 0.5) {
    const cov = coverageAt(pr, r, minContrast);
    if (cov > best.cov) best = { r, cov };
  }
  return best;
}

/** Outer-edge radius at the top of the ring: steepest fall of the mean profile just outside r (grid px). */
export function outerRadiusAtTop(g: Grid, cx: number, cy: number, r: number): number {
  const side = Math.max(2.5, 0.15 * r);
  let best = r;
  let bestDrop = -Infinity;
  for (let rr = r; rr <= r + side; rr += 0.25) {
    let drop = 0;
    for (let a = -6; a <= 6; a++) {
      const t = -Math.PI / 2 + (a * Math.PI) / 36;
      const c = Math.cos(t);
      const s = Math.sin(t);
      drop += gridAt(g, cx + (rr - 0.5) * c, cy + (rr - 0.5) * s) - gridAt(g, cx + (rr + 0.5) * c, cy + (rr + 0.5) * s);
    }
    if (drop > bestDrop) {
      bestDrop = drop;
      best = rr;
    }
  }
  return best;
}
