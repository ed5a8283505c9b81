import type { Grid } from './grey-grid.ts';

/** Candidate ear-rod rings on a grid: a circular Hough transform of its bright ridges (grid px). */

/** The k-th smallest value (0-based) of `a`, which is reordered (Hoare's selection). */
function kth(a: Float32Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k]!;
}

/**
 * Bright-ridge pixels of the grid (the ring is a thin bright line): where the Hessian's most negative
 * eigenvalue is strong, with the unit normal across the ridge. Keeps the strongest `share` of pixels.
 */
function ridges(g: Grid, share: number): { x: Int32Array; y: Int32Array; nx: Float32Array; ny: Float32Array } {
  const { width: w, height: h, data: d } = g;
  const strength = new Float32Array(w * h);
  const nxs = new Float32Array(w * h);
  const nys = new Float32Array(w * h);
  for (let i = 2; i < h - 2; i++) {
    for (let j = 2; j < w - 2; j++) {
      const o = i * w + j;
      const hxx = d[o - 2]! - 2 * d[o]! + d[o + 2]!;
      const hyy = d[o - 2 * w]! - 2 * d[o]! + d[o + 2 * w]!;
      const hxy = (d[o - w - 1]! + d[o + w + 1]! - d[o - w + 1]! - d[o + w - 1]!) / 2;
      const tr = (hxx + hyy) / 2;
      const disc = Math.sqrt(((hxx - hyy) / 2) ** 2 + hxy * hxy);
      const lam = tr - disc; // most negative eigenvalue: bright line across its normal
      if (lam >= 0) continue;
      strength[o] = -lam;
      // eigenvector of lam: (hxy, lam - hxx) or (lam - hyy, hxy)
      let vx = hxy;
      let vy = lam - hxx;
      if (Math.abs(vx) + Math.abs(vy) < 1e-6) {
        vx = lam - hyy;
        vy = hxy;
      }
      const n = Math.hypot(vx, vy) || 1;
      nxs[o] = vx / n;
      nys[o] = vy / n;
    }
  }
  const thr = Math.max(1e-3, kth(Float32Array.from(strength), Math.floor(strength.length * (1 - share))));
  const xs: number[] = [];
  const ys: number[] = [];
  const nx: number[] = [];
  const ny: number[] = [];
  for (let i = 2; i < h - 2; i++) {
    for (let j = 2; j < w - 2; j++) {
      const o = i * w + j;
      if (strength[o]! < thr) continue;
      xs.push(j);
      ys.push(i);
      nx.push(nxs[o]!);
      ny.push(nys[o]!);
    }
  }
  return { x: Int32Array.from(xs), y: Int32Array.from(ys), nx: Float32Array.from(nx), ny: Float32Array.from(ny) };
}

/**
 * Circular Hough transform of the ridge pixels (each votes on both sides of its ridge) for centres within
 * `reach` grid px of the grid's middle. Votes are summed over 3×3 centres and 3 neighbouring radii and
 * divided by the circumference; per centre, the best radius index and its score.
 */
function houghRings(g: Grid, rMin: number, rMax: number, reach: number): { best: Float32Array; bestK: Int16Array; side: number } {
  const rd = ridges(g, 0.15);
  const nr = rMax - rMin + 1;
  const side = 2 * reach + 3; // one px margin for the 3×3 sum
  const off = (g.width - 1) / 2 - reach - 1;
  const plane = side * side;
  const acc = new Float32Array(nr * plane);
  for (let q = 0; q < rd.x.length; q++) {
    const x = rd.x[q]! - off;
    const y = rd.y[q]! - off;
    const ux = rd.nx[q]!;
    const uy = rd.ny[q]!;
    for (let k = 0; k < nr; k++) {
      const r = rMin + k;
      const ax = Math.round(x + r * ux);
      const ay = Math.round(y + r * uy);
      if (ax >= 0 && ay >= 0 && ax < side && ay < side) acc[k * plane + ay * side + ax]! += 1;
      const bx = Math.round(x - r * ux);
      const by = Math.round(y - r * uy);
      if (bx >= 0 && by >= 0 && bx < side && by < side) acc[k * plane + by * side + bx]! += 1;
    }
  }
  const box = new Float32Array(nr * plane);
  for (let k = 0; k < nr; k++) {
    const b = k * plane;
    for (let i = 1; i < side - 1; i++) {
      for (let j = 1; j < side - 1; j++) {
        const o = b + i * side + j;
        box[o] =
          acc[o - side - 1]! +
          acc[o - side]! +
          acc[o - side + 1]! +
          acc[o - 1]! +
          acc[o]! +
          acc[o + 1]! +
          acc[o + side - 1]! +
          acc[o + side]! +
          acc[o + side + 1]!;
      }
    }
  }
  const best = new Float32Array(plane);
  const bestK = new Int16Array(plane);
  for (let k = 0; k < nr; k++) {
    const circ = 2 * Math.PI * (rMin + k);
    for (let o = 0; o < plane; o++) {
      const s = (box[k * plane + o]! + (k > 0 ? box[(k - 1) * plane + o]! : 0) + (k + 1 < nr ? box[(k + 1) * plane + o]! : 0)) / circ;
      if (s > best[o]!) {
        best[o] = s;
        bestK[o] = k;
      }
    }
  }
  return { best, bestK, side };
}

/** A candidate circle: centre (grid px), radius index above `rMin`, Hough score. */
export interface RingCandidate {
  readonly x: number;
  readonly y: number;
  readonly k: number;
  readonly s: number;
}

/**
 * The `max` strongest Hough centres within `reach` of the grid's middle, at least 2.5 grid px apart,
 * each with its best radius index (ties broken by position, so the order is deterministic).
 */
export function ringCandidates(g: Grid, rMin: number, rMax: number, reach: number, max: number): RingCandidate[] {
  const { best, bestK, side } = houghRings(g, rMin, rMax, reach);
  const off = (g.width - 1) / 2 - reach - 1;
  const open = new Uint8Array(side * side);
  for (let i = 1; i < side - 1; i++) {
    for (let j = 1; j < side - 1; j++) {
      if (best[i * side + j]! > 0 && (i - reach - 1) ** 2 + (j - reach - 1) ** 2 <= reach * reach) open[i * side + j] = 1;
    }
  }
  // Strongest open centre first (ties: smaller y, then smaller x), then close everything within 2.5 px.
  const picked: RingCandidate[] = [];
  while (picked.length < max) {
    let at = -1;
    for (let o = 0; o < open.length; o++) if (open[o] && (at < 0 || best[o]! > best[at]!)) at = o;
    if (at < 0) break;
    const i = Math.floor(at / side);
    const j = at % side;
    picked.push({ x: j + off, y: i + off, k: bestK[at]!, s: best[at]! });
    for (let di = -2; di <= 2; di++) {
      for (let dj = -2; dj <= 2; dj++) {
        const ii = i + di;
        const jj = j + dj;
        if (ii >= 0 && jj >= 0 && ii < side && jj < side && di * di + dj * dj <= 6.25) open[ii * side + jj] = 0;
      }
    }
  }
  return picked;
}
