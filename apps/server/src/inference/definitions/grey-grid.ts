import type { Vec2 } from '@ceppro/ceph';
import { bilinear, type GreyImage } from '../patches.ts';

/**
 * Small float images resampled from a film, and the few filters the definition finders need. A grid
 * pixel is `step` image px wide; `toImage` maps grid coordinates back to image px.
 */
export interface Grid {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
  /** Image px of grid pixel (0, 0)'s centre. */
  readonly origin: Vec2;
  /** Image px per grid pixel. */
  readonly step: number;
}

/**
 * Resample the square window centred at `centre` (image px), `size` grid px a side at `step` image px
 * per grid px, averaging k×k bilinear samples per grid pixel (k = ceil(step), so shrinking does not alias).
 * Outside the film counts as 0.
 */
export function sampleGrid(img: GreyImage, centre: Vec2, size: number, step: number): Grid {
  const k = Math.max(1, Math.ceil(step));
  const half = (size - 1) / 2;
  const origin = { x: centre.x - half * step, y: centre.y - half * step };
  const data = new Float32Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      let acc = 0;
      for (let a = 0; a < k; a++) {
        const y = origin.y + (i + (a + 0.5) / k - 0.5) * step;
        for (let b = 0; b < k; b++) acc += bilinear(img, origin.x + (j + (b + 0.5) / k - 0.5) * step, y);
      }
      data[i * size + j] = acc / (k * k);
    }
  }
  return { width: size, height: size, data, origin, step };
}

/** Grid pixel coordinates -> image px. */
export function gridToImage(g: Grid, p: Vec2): Vec2 {
  return { x: g.origin.x + p.x * g.step, y: g.origin.y + p.y * g.step };
}

/** Box blur of radius `r` (a (2r+1)² mean), edges clamped; returns a new grid. */
export function boxBlur(g: Grid, r: number): Grid {
  const { width: w, height: h } = g;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const n = 2 * r + 1;
  for (let i = 0; i < h; i++) {
    for (let j = 0; j < w; j++) {
      let s = 0;
      for (let d = -r; d <= r; d++) s += g.data[i * w + Math.min(w - 1, Math.max(0, j + d))]!;
      tmp[i * w + j] = s / n;
    }
  }
  for (let i = 0; i < h; i++) {
    for (let j = 0; j < w; j++) {
      let s = 0;
      for (let d = -r; d <= r; d++) s += tmp[Math.min(h - 1, Math.max(0, i + d)) * w + j]!;
      out[i * w + j] = s / n;
    }
  }
  return { ...g, data: out };
}

/** Sobel gradient (x right, y down; units: grey levels per grid px × 8); border pixels are 0. */
export function sobel(g: Grid): { gx: Float32Array; gy: Float32Array } {
  const { width: w, height: h, data: d } = g;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let i = 1; i < h - 1; i++) {
    for (let j = 1; j < w - 1; j++) {
      const o = i * w + j;
      gx[o] = d[o - w + 1]! + 2 * d[o + 1]! + d[o + w + 1]! - d[o - w - 1]! - 2 * d[o - 1]! - d[o + w - 1]!;
      gy[o] = d[o + w - 1]! + 2 * d[o + w]! + d[o + w + 1]! - d[o - w - 1]! - 2 * d[o - w]! - d[o - w + 1]!;
    }
  }
  return { gx, gy };
}

/** Bilinear value of a grid at fractional grid coordinates; outside counts as NaN. */
export function gridAt(g: Grid, x: number, y: number): number {
  if (x < 0 || y < 0 || x > g.width - 1 || y > g.height - 1) return Number.NaN;
  const x0 = Math.min(g.width - 2, Math.floor(x));
  const y0 = Math.min(g.height - 2, Math.floor(y));
  const fx = x - x0;
  const fy = y - y0;
  const d = g.data;
  const o = y0 * g.width + x0;
  return (1 - fy) * ((1 - fx) * d[o]! + fx * d[o + 1]!) + fy * ((1 - fx) * d[o + g.width]! + fx * d[o + g.width + 1]!);
}

/**
 * Intensity profile along `dir` (unit, image px) through `from`, sampled every `step` image px for `count`
 * samples, each the mean of 3 bilinear samples spread `spread` image px across the profile (less noise).
 */
export function profile(img: GreyImage, from: Vec2, dir: Vec2, step: number, count: number, spread: number): Float32Array {
  const out = new Float32Array(count);
  const nx = -dir.y * spread;
  const ny = dir.x * spread;
  for (let i = 0; i < count; i++) {
    const x = from.x + dir.x * step * i;
    const y = from.y + dir.y * step * i;
    out[i] = (bilinear(img, x, y) + bilinear(img, x + nx, y + ny) + bilinear(img, x - nx, y - ny)) / 3;
  }
  return out;
}

/**
 * Strongest step along a line: the film is read from `from` along unit `dir` every `step` image px for
 * `count` samples; at each sample the fall is the mean of (behind − ahead) over 1..`half` samples either
 * side (a triangular kernel, so a sharp edge gives one peak), and the sample where the fall is largest
 * (bright behind, dark ahead: leaving bone) is refined to a fraction of a sample by a parabola.
 * Returns the point, its distance from `from` (image px) and the fall in grey levels; `null` when the
 * profile is too short.
 */
export function strongestFall(
  img: GreyImage,
  from: Vec2,
  dir: Vec2,
  step: number,
  count: number,
  half = 2,
): { at: Vec2; offset: number; fall: number } | null {
  if (count < 2 * half + 3) return null;
  const prof = profile(img, from, dir, step, count, step);
  const fall = new Float32Array(count);
  let best = -1;
  for (let i = half; i < count - half; i++) {
    let f = 0;
    for (let k = 1; k <= half; k++) f += prof[i - k]! - prof[i + k]!;
    fall[i] = f / half;
    if (best < 0 || fall[i]! > fall[best]!) best = i;
  }
  let sub = 0;
  if (best > half && best < count - half - 1) {
    const denom = fall[best - 1]! - 2 * fall[best]! + fall[best + 1]!;
    if (denom < 0) sub = (0.5 * (fall[best - 1]! - fall[best + 1]!)) / denom;
  }
  const offset = (best + sub) * step;
  return { at: { x: from.x + dir.x * offset, y: from.y + dir.y * offset }, offset, fall: fall[best]! };
}
