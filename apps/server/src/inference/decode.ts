/**
 * Heatmap decoding, the same rule as ml/ceph_ml/decode.py: softmax over the whole map, the peak
 * cell, then the probability-weighted mean over a (2R+1)^2 window around it (sub-cell position).
 * Confidence is the probability mass inside that window (0..1): a sharp single peak scores near 1,
 * a flat or split map scores low.
 */
export interface DecodedPeak {
  /** Position in heatmap cells (fractional). */
  x: number;
  y: number;
  /** Probability mass in the window around the peak, 0..1. */
  confidence: number;
}

/** Decode one h x w map stored row-major in `data` starting at `offset`. */
export function decodeHeatmap(data: ArrayLike<number>, offset: number, h: number, w: number, radius: number): DecodedPeak {
  const n = h * w;
  let max = -Infinity;
  let argmax = 0;
  for (let i = 0; i < n; i++) {
    const v = data[offset + i]!;
    if (v > max) {
      max = v;
      argmax = i;
    }
  }
  if (!Number.isFinite(max)) return { x: NaN, y: NaN, confidence: 0 };
  let total = 0;
  for (let i = 0; i < n; i++) total += Math.exp(data[offset + i]! - max);
  const py = Math.floor(argmax / w);
  const px = argmax % w;
  let mass = 0;
  let sx = 0;
  let sy = 0;
  for (let y = Math.max(0, py - radius); y <= Math.min(h - 1, py + radius); y++) {
    for (let x = Math.max(0, px - radius); x <= Math.min(w - 1, px + radius); x++) {
      const p = Math.exp(data[offset + y * w + x]! - max) / total;
      mass += p;
      sx += p * x;
      sy += p * y;
    }
  }
  return { x: sx / mass, y: sy / mass, confidence: mass };
}
