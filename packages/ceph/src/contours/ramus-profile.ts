import type { Vec2 } from '../geometry/units.ts';
import { add, scale, sub } from '../geometry/vec.ts';
import type { GrayImage } from './live-wire.ts';

/*
 * The film reading and line geometry of ramus-points.ts (R1-R4 found on the film): bilinear samples,
 * profiles across a 5 px strip, the strongest step of a profile, median filtering and where lines meet.
 * Positions in px of the image handed in. Pure: no DOM, clock or randomness.
 */

/** Bilinear sample of `image` at (x, y), clamped at the borders. */
export function sample(image: GrayImage, x: number, y: number): number {
  const { width: w, height: h, data } = image;
  const cx = Math.max(0, Math.min(w - 1.001, x));
  const cy = Math.max(0, Math.min(h - 1.001, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const fx = cx - x0;
  const fy = cy - y0;
  const at = (xx: number, yy: number) => data[yy * w + xx] as number;
  return (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0)) + fy * ((1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1));
}

/** The film across a 5 px wide strip, at `origin + t·along` for t = 0..n (px steps), averaged across the strip. */
export function profile(image: GrayImage, origin: Vec2, along: Vec2, across: Vec2, n: number): number[] {
  const out: number[] = [];
  for (let t = 0; t <= n; t++) {
    let s = 0;
    for (let k = -2; k <= 2; k++) {
      const p = add(add(origin, scale(along, t)), scale(across, k));
      s += sample(image, p.x, p.y);
    }
    out.push(s / 5);
  }
  return out;
}

/** Index of the strongest fall of `values` (value at i − 2 minus value at i + 2), and that step and every step. */
export function strongestFall(values: readonly number[]): { at: number; step: number; steps: number[] } | null {
  const steps: number[] = [];
  let at = -1;
  let best = -Infinity;
  for (let i = 2; i < values.length - 2; i++) {
    const step = (values[i - 2] as number) - (values[i + 2] as number);
    steps.push(Math.abs(step));
    if (step > best) {
      best = step;
      at = i;
    }
  }
  return at < 0 ? null : { at, step: best, steps };
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor(s.length / 2)] as number);
}

export function medianFilter(values: readonly number[], window: number): number[] {
  const half = Math.floor(window / 2);
  return values.map((_, i) => median(values.slice(Math.max(0, i - half), i + half + 1)));
}

/**
 * Index of the extreme of `values` (`sign` 1: largest, −1: smallest): the middle of the run of neighbours
 * within `plateau` px of it, so a border that is flat at its deepest (the pixel edge a staircase)
 * gives the middle of the flat part rather than its first level.
 */
export function middleOfExtreme(values: readonly number[], sign: 1 | -1, plateau: number): number {
  let k = 0;
  values.forEach((v, i) => {
    if (sign * v > sign * (values[k] as number)) k = i;
  });
  const best = values[k] as number;
  let lo = k;
  let hi = k;
  while (lo > 0 && Math.abs((values[lo - 1] as number) - best) <= plateau) lo--;
  while (hi < values.length - 1 && Math.abs((values[hi + 1] as number) - best) <= plateau) hi++;
  return Math.round((lo + hi) / 2);
}

/** Where the line through `p` along `dir` meets the polyline `line` (nearest crossing to `p`); null when it does not. */
export function lineMeetsPolyline(p: Vec2, dir: Vec2, line: readonly Vec2[]): Vec2 | null {
  let best: Vec2 | null = null;
  let bestT = Infinity;
  for (let i = 0; i < line.length - 1; i++) {
    const a = line[i] as Vec2;
    const b = line[i + 1] as Vec2;
    const e = sub(b, a);
    const den = dir.x * e.y - dir.y * e.x;
    if (den === 0) continue;
    const ap = sub(a, p);
    const t = (ap.x * e.y - ap.y * e.x) / den;
    const s = (ap.x * dir.y - ap.y * dir.x) / den;
    if (s < 0 || s > 1) continue;
    if (Math.abs(t) < Math.abs(bestT)) {
      bestT = t;
      best = add(p, scale(dir, t));
    }
  }
  return best;
}

/** Where the line through `p` along `dir` meets the line through `a` and `b` (extended); null when parallel. */
export function lineMeetsLine(p: Vec2, dir: Vec2, a: Vec2, b: Vec2): Vec2 | null {
  const e = sub(b, a);
  const den = dir.x * e.y - dir.y * e.x;
  if (den === 0) return null;
  const ap = sub(a, p);
  return add(p, scale(dir, (ap.x * e.y - ap.y * e.x) / den));
}
