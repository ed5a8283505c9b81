import type { Vec2 } from '../geometry/units.ts';
import { bezierPoint } from '../landmarks/constructed.ts';
import { splineSegments } from '../landmarks/tracing-paths.ts';

/*
 * Contours that follow the film between landmarks (issue 28, "the mandibular border and ramus, maxilla
 * and soft-tissue profile drawn as contours that follow the image"). The method is the live-wire /
 * intelligent-scissors minimal-cost path (Mortensen & Barrett, "Intelligent scissors for image
 * composition", SIGGRAPH 1995), reduced to its gradient-magnitude term and confined to a corridor:
 *
 * 1. The film is smoothed (5×5 binomial, ≈ Gaussian σ 1 px) and its Sobel gradient magnitude taken.
 * 2. Between two consecutive landmarks, the guide is the tracing's own spline segment (the centripetal
 *    Catmull-Rom of tracing-paths.ts, so the fallback is exactly today's drawing). Only pixels within
 *    `corridor` px of the guide may be visited.
 * 3. Dijkstra over the 8-connected pixels of the corridor, from the first landmark's pixel to the
 *    second's: a step costs its length × the mean of its two pixels' costs, a pixel's cost being
 *    `LIVE_WIRE_FLOOR + (1 − min(1, g / gRef))²` with g the gradient magnitude and gRef the 95th percentile of g
 *    in the corridor. Strong edges are nearly free, so the path runs along them; the floor keeps it
 *    from wandering along a long strong detour.
 * 4. Plausibility (the fallback rule): a segment's path is kept only when it is at most
 *    `LIVE_WIRE_MAX_LENGTH_RATIO` × the guide segment's length (it did not wander), its mean g / gRef is at
 *    least `LIVE_WIRE_MIN_EDGE_STRENGTH` (it lies on an edge, not on flat film) and its mean g is at least
 *    `LIVE_WIRE_MIN_CONTRAST` × the corridor's median g (the edge stands out from its surroundings, which
 *    noise or even trabecular texture does not). Otherwise that segment is the guide spline itself, and
 *    the result says so.
 *
 * Everything is in pixels of the image handed in (x = column, y = row, the pixel's centre at integer
 * coordinates); the caller scales points in and out. Pure: no DOM, no clock, no randomness.
 */

/** An 8-bit (or any scalar) grayscale image, row-major: `data[y·width + x]`. */
export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly data: ArrayLike<number>;
}

/** Pixel cost for a pixel with no edge at all relative to one on the strongest edges (step 3). */
export const LIVE_WIRE_FLOOR = 0.05;
/** Step 4: the longest accepted path, relative to the guide segment's length (plus 2 px for pixel steps). */
export const LIVE_WIRE_MAX_LENGTH_RATIO = 1.5;
/** Step 4: the least accepted mean edge strength along a path (g / gRef, 0..1). */
export const LIVE_WIRE_MIN_EDGE_STRENGTH = 0.3;
/** Step 4: the least accepted ratio of the path's mean gradient to the corridor's median gradient. */
export const LIVE_WIRE_MIN_CONTRAST = 2.5;

const BINOMIAL = [1, 4, 6, 4, 1];

/** Step 1: Sobel gradient magnitude of the binomially smoothed image (same size, same units per px). */
export function gradientMagnitude(image: GrayImage): Float32Array {
  const { width: w, height: h, data } = image;
  const clampX = (x: number) => (x < 0 ? 0 : x >= w ? w - 1 : x);
  const clampY = (y: number) => (y < 0 ? 0 : y >= h ? h - 1 : y);
  const across = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -2; k <= 2; k++) s += (BINOMIAL[k + 2] as number) * (data[y * w + clampX(x + k)] as number);
      across[y * w + x] = s / 16;
    }
  }
  const smooth = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -2; k <= 2; k++) s += (BINOMIAL[k + 2] as number) * (across[clampY(y + k) * w + x] as number);
      smooth[y * w + x] = s / 16;
    }
  }
  const out = new Float32Array(w * h);
  const at = (x: number, y: number) => smooth[clampY(y) * w + clampX(x)] as number;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const gx = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      const gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      out[y * w + x] = Math.hypot(gx, gy) / 8;
    }
  }
  return out;
}

/** Distance from `p` to the polyline `line` (same units). */
function distanceToPolyline(p: Vec2, line: readonly Vec2[]): number {
  let best = Infinity;
  for (let i = 0; i < line.length - 1; i++) {
    const a = line[i] as Vec2;
    const b = line[i + 1] as Vec2;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    best = Math.min(best, Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy));
  }
  return best;
}

function polylineLength(pts: readonly Vec2[]): number {
  let s = 0;
  for (let i = 0; i < pts.length - 1; i++)
    s += Math.hypot((pts[i + 1] as Vec2).x - (pts[i] as Vec2).x, (pts[i + 1] as Vec2).y - (pts[i] as Vec2).y);
  return s;
}

/** A small binary min-heap of (key, cost) pairs for Dijkstra. */
class MinHeap {
  private keys: number[] = [];
  private costs: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(key: number, cost: number): void {
    let i = this.keys.length;
    this.keys.push(key);
    this.costs.push(cost);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.costs[parent] as number) <= cost) break;
      this.keys[i] = this.keys[parent] as number;
      this.costs[i] = this.costs[parent] as number;
      i = parent;
    }
    this.keys[i] = key;
    this.costs[i] = cost;
  }
  pop(): [number, number] {
    const top: [number, number] = [this.keys[0] as number, this.costs[0] as number];
    const lastKey = this.keys.pop() as number;
    const lastCost = this.costs.pop() as number;
    const n = this.keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let mc = lastCost;
        if (l < n && (this.costs[l] as number) < mc) {
          m = l;
          mc = this.costs[l] as number;
        }
        if (r < n && (this.costs[r] as number) < mc) m = r;
        if (m === i) break;
        this.keys[i] = this.keys[m] as number;
        this.costs[i] = this.costs[m] as number;
        i = m;
      }
      this.keys[i] = lastKey;
      this.costs[i] = lastCost;
    }
    return top;
  }
}

/** One traced segment between two consecutive landmarks: its points and whether they follow the image (else the guide). */
export interface TracedSegment {
  readonly points: Vec2[];
  readonly followsImage: boolean;
}

const NEIGHBOURS: readonly [number, number, number][] = [
  [1, 0, 1],
  [-1, 0, 1],
  [0, 1, 1],
  [0, -1, 1],
  [1, 1, Math.SQRT2],
  [1, -1, Math.SQRT2],
  [-1, 1, Math.SQRT2],
  [-1, -1, Math.SQRT2],
];

/**
 * Steps 2–4 for one segment: the minimal-cost pixel path from `guide[0]` to the guide's last point
 * through pixels within `corridor` px of the polyline `guide`, over the gradient `grad` of an image of
 * `width` × `height`. The path's ends are the exact guide ends. Falls back to `guide` by the rule of step 4.
 */
export function traceSegment(grad: Float32Array, width: number, height: number, guide: readonly Vec2[], corridor: number): TracedSegment {
  const fallback: TracedSegment = { points: [...guide], followsImage: false };
  const start = guide[0];
  const end = guide[guide.length - 1];
  if (!start || !end || guide.length < 2) return fallback;
  const x0 = Math.max(0, Math.floor(Math.min(...guide.map((p) => p.x)) - corridor));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...guide.map((p) => p.x)) + corridor));
  const y0 = Math.max(0, Math.floor(Math.min(...guide.map((p) => p.y)) - corridor));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...guide.map((p) => p.y)) + corridor));
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const sx = Math.round(start.x) - x0;
  const sy = Math.round(start.y) - y0;
  const ex = Math.round(end.x) - x0;
  const ey = Math.round(end.y) - y0;
  if (bw <= 0 || bh <= 0 || sx < 0 || sy < 0 || ex < 0 || ey < 0 || sx >= bw || sy >= bh || ex >= bw || ey >= bh) return fallback;
  // The corridor, and gRef = the 95th percentile of the gradient inside it.
  const inside = new Uint8Array(bw * bh);
  const values: number[] = [];
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      if (distanceToPolyline({ x: x + x0, y: y + y0 }, guide) > corridor) continue;
      inside[y * bw + x] = 1;
      values.push(grad[(y + y0) * width + x + x0] as number);
    }
  }
  inside[sy * bw + sx] = 1;
  inside[ey * bw + ex] = 1;
  values.sort((a, b) => a - b);
  const gRef = values[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? 0;
  const gMedian = values[Math.floor(values.length / 2)] ?? 0;
  if (gRef <= 0) return fallback;
  const strength = (i: number) => Math.min(1, (grad[(Math.floor(i / bw) + y0) * width + (i % bw) + x0] as number) / gRef);
  const cost = (i: number) => LIVE_WIRE_FLOOR + (1 - strength(i)) ** 2;
  const dist = new Float64Array(bw * bh).fill(Infinity);
  const from = new Int32Array(bw * bh).fill(-1);
  const heap = new MinHeap();
  const source = sy * bw + sx;
  const target = ey * bw + ex;
  dist[source] = 0;
  heap.push(source, 0);
  while (heap.size > 0) {
    const [i, d] = heap.pop();
    if (d > (dist[i] as number)) continue;
    if (i === target) break;
    const x = i % bw;
    const y = Math.floor(i / bw);
    const ci = cost(i);
    for (const [dx, dy, len] of NEIGHBOURS) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= bw || ny >= bh) continue;
      const j = ny * bw + nx;
      if (inside[j] === 0) continue;
      const nd = d + (len * (ci + cost(j))) / 2;
      if (nd < (dist[j] as number)) {
        dist[j] = nd;
        from[j] = i;
        heap.push(j, nd);
      }
    }
  }
  if (!Number.isFinite(dist[target] as number)) return fallback;
  const indices: number[] = [];
  for (let i = target; i !== -1; i = from[i] as number) indices.push(i);
  indices.reverse();
  const pixels = indices.map((i) => ({ x: (i % bw) + x0, y: Math.floor(i / bw) + y0 }));
  const meanStrength = indices.reduce((s, i) => s + strength(i), 0) / indices.length;
  const wandered = polylineLength(pixels) > LIVE_WIRE_MAX_LENGTH_RATIO * polylineLength(guide) + 2;
  const faint = meanStrength < LIVE_WIRE_MIN_EDGE_STRENGTH || meanStrength * gRef < LIVE_WIRE_MIN_CONTRAST * gMedian;
  if (wandered || faint) return fallback;
  // A 3-tap average takes the stair steps out of the pixel path; the ends are the landmarks themselves.
  const smooth = pixels.map((p, i) => {
    const a = pixels[i - 1] ?? p;
    const b = pixels[i + 1] ?? p;
    return { x: (a.x + 2 * p.x + b.x) / 4, y: (a.y + 2 * p.y + b.y) / 4 };
  });
  smooth[0] = start;
  smooth[smooth.length - 1] = end;
  return { points: smooth, followsImage: true };
}

/** Points sampled along the tracing spline between `chain[i]` and `chain[i + 1]` (inclusive), `n` + 1 of them. */
export function guideSegment(chain: readonly Vec2[], i: number, n = 32): Vec2[] {
  const s = splineSegments(chain)[i];
  if (!s) return [];
  return Array.from({ length: n + 1 }, (_, k) => bezierPoint(s, k / n));
}

/** A traced contour: one polyline through every landmark of the chain, and per gap whether it follows the image. */
export interface TracedContour {
  readonly points: Vec2[];
  readonly followsImage: readonly boolean[];
}

/**
 * The contour through `chain` (≥ 2 points, image px of `image`), following the image between
 * consecutive points (steps 1–4 above; pass `grad` when the gradient of this image is already at
 * hand). The corridor around each gap is `corridorFraction` × the gap's chord length, at least
 * `minCorridor` px. The polyline passes exactly through every chain point.
 */
export function traceContour(
  image: GrayImage,
  chain: readonly Vec2[],
  options: { corridorFraction?: number; minCorridor?: number; grad?: Float32Array } = {},
): TracedContour | null {
  if (chain.length < 2) return null;
  const grad = options.grad ?? gradientMagnitude(image);
  const fraction = options.corridorFraction ?? 0.12;
  const minCorridor = options.minCorridor ?? 6;
  const points: Vec2[] = [];
  const follows: boolean[] = [];
  for (let i = 0; i < chain.length - 1; i++) {
    const a = chain[i] as Vec2;
    const b = chain[i + 1] as Vec2;
    const corridor = Math.max(minCorridor, fraction * Math.hypot(b.x - a.x, b.y - a.y));
    const segment = traceSegment(grad, image.width, image.height, guideSegment(chain, i), corridor);
    points.push(...(i === 0 ? segment.points : segment.points.slice(1)));
    follows.push(segment.followsImage);
  }
  return { points, followsImage: follows };
}
