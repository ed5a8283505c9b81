/**
 * Shapes and profiles for the tiny drawing toolkit (see raster.ts): a shape is a bounding box and
 * a signed distance in px (negative inside); a profile turns the depth inside a shape into a value
 * (soft tissue, cortical bone, an anti-aliased solid). Also the seeded random numbers.
 */
export type Rng = () => number;

/** Seeded linear congruential generator giving uniform numbers in [0, 1). */
export function lcg(seed: number): Rng {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A standard normal sample (Box-Muller) from a uniform generator. */
export function gauss(rnd: Rng): number {
  return Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
}

let normals: Float32Array | null = null;
/** 4096 fixed standard normal samples: indexing them is much cheaper than Box-Muller per pixel. */
export function normalTable(): Float32Array {
  if (!normals) {
    const rnd = lcg(12345);
    normals = Float32Array.from({ length: 4096 }, () => gauss(rnd));
  }
  return normals;
}

/** Bounding box in pixels: [x0, y0, x1, y1]. */
export type Box = [number, number, number, number];
/** A region: its box and a signed distance in px (negative inside). */
export type Shape = { box: Box; sd: (x: number, y: number) => number; parts?: Shape[] };
/** Value painted at a given depth inside a shape (px from its edge; negative outside). */
export type Profile = (depth: number) => number;

const len = (a: number, b: number) => Math.sqrt(a * a + b * b);
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Ellipse centred at (cx, cy) with radii rx, ry, turned by `angle` radians. */
export function ellipse(cx: number, cy: number, rx: number, ry: number, angle = 0): Shape {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const r = Math.max(rx, ry) + 4;
  return {
    box: [cx - r, cy - r, cx + r, cy + r],
    sd: (x, y) => {
      const u = (x - cx) * c + (y - cy) * s;
      const v = -(x - cx) * s + (y - cy) * c;
      const q = len(u / rx, v / ry);
      const g = len(u / (rx * rx), v / (ry * ry)) / Math.max(q, 1e-6);
      return (q - 1) / Math.max(g, 1e-6);
    },
  };
}

/** Rectangle centred at (cx, cy), half-sizes hw, hh, corners rounded by `r`, turned by `angle`. */
export function roundRect(cx: number, cy: number, hw: number, hh: number, r: number, angle = 0): Shape {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const R = len(hw, hh) + 4;
  return {
    box: [cx - R, cy - R, cx + R, cy + R],
    sd: (x, y) => {
      const qx = Math.abs((x - cx) * c + (y - cy) * s) - (hw - r);
      const qy = Math.abs(-(x - cx) * s + (y - cy) * c) - (hh - r);
      return len(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
    },
  };
}

/** A thick curve through [x, y, radius] points, the radius varying linearly along each segment. */
export function tube(points: [number, number, number][]): Shape {
  const segs = points.slice(1).map((b, i) => segment(points[i]!, b));
  const box = segs.reduce<Box>(
    (u, p) => [Math.min(u[0], p.box[0]), Math.min(u[1], p.box[1]), Math.max(u[2], p.box[2]), Math.max(u[3], p.box[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
  return { box, sd: (x, y) => segs.reduce((m, p) => Math.min(m, p.sd(x, y)), Infinity), parts: segs };
}

function segment([ax, ay, ar]: [number, number, number], [bx, by, br]: [number, number, number]): Shape {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy || 1;
  const m = Math.max(ar, br) + 4;
  return {
    box: [Math.min(ax, bx) - m, Math.min(ay, by) - m, Math.max(ax, bx) + m, Math.max(ay, by) + m],
    sd: (x, y) => {
      const t = clamp01(((x - ax) * dx + (y - ay) * dy) / l2);
      return len(x - ax - t * dx, y - ay - t * dy) - (ar + t * (br - ar));
    },
  };
}

/** Points along a quadratic Bezier curve, with a radius interpolated from r0 to r1. */
export function bezier(
  p0: [number, number],
  p1: [number, number],
  p2: [number, number],
  r0: number,
  r1: number,
  n = 12,
): [number, number, number][] {
  return Array.from({ length: n + 1 }, (_, i) => {
    const t = i / n;
    const a = (1 - t) * (1 - t);
    const b = 2 * t * (1 - t);
    const c = t * t;
    return [a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1], r0 + t * (r1 - r0)];
  });
}

/** The part of `a` outside `b`. */
export function subtract(a: Shape, b: Shape): Shape {
  return { box: a.box, sd: (x, y) => Math.max(a.sd(x, y), -b.sd(x, y)) };
}

/** Uniform value with an anti-aliased edge `soft` px wide. */
export const solid =
  (v: number, soft = 1): Profile =>
  (d) =>
    v * clamp01(0.5 + d / (2 * soft));

/** Cortical bone: a bright rim `rim` px thick fading to a dimmer marrow core. */
export const cortical =
  (rimV: number, coreV: number, rim: number, soft = 1): Profile =>
  (d) =>
    clamp01(0.5 + d / (2 * soft)) * (coreV + (rimV - coreV) * Math.exp(-Math.max(0, d) / rim));

/** A rounded body (limb, trunk) `radius` px thick at its centre: path length grows like a cylinder's chord. */
export const rounded =
  (v: number, radius: number): Profile =>
  (d) => {
    const t = clamp01(d / radius);
    return v * Math.sqrt(t * (2 - t));
  };
