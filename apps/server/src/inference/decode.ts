/**
 * Heatmap decoding, the same rule as ml/ceph_ml/decode.py. The networks are trained with a DSNT
 * loss on the soft-argmax, so the position is the expectation of the softmax over the whole map
 * (sub-cell). Reading only the arg-max peak is wrong for landmarks whose map is still broad or has
 * two modes. Confidence is the probability mass within a (2R+1)^2 window around the cell nearest
 * that position (0..1): near 1 for a sharp map, low for a broad or split one.
 */
export interface DecodedPeak {
  /** Position in heatmap cells (fractional). */
  x: number;
  y: number;
  /** Probability mass in the window around the position, 0..1. */
  confidence: number;
  /** RMS distance of the probability from the position, in cells: how spread out the answer is. */
  spread: number;
}

/** Decode one h x w map of logits stored row-major in `data` starting at `offset`. */
export function decodeHeatmap(data: ArrayLike<number>, offset: number, h: number, w: number, radius: number): DecodedPeak {
  const n = h * w;
  let max = -Infinity;
  for (let i = 0; i < n; i++) max = Math.max(max, data[offset + i]!);
  if (!Number.isFinite(max)) return { x: NaN, y: NaN, confidence: 0, spread: Infinity };
  const p = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += p[i] = Math.exp(data[offset + i]! - max);
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = p[y * w + x]! / total;
      sx += v * x;
      sy += v * y;
    }
  }
  let m2 = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) m2 += (p[y * w + x]! / total) * ((x - sx) ** 2 + (y - sy) ** 2);
  }
  const cx = Math.round(sx);
  const cy = Math.round(sy);
  let mass = 0;
  for (let y = Math.max(0, cy - radius); y <= Math.min(h - 1, cy + radius); y++) {
    for (let x = Math.max(0, cx - radius); x <= Math.min(w - 1, cx + radius); x++) mass += p[y * w + x]! / total;
  }
  return { x: sx, y: sy, confidence: mass, spread: Math.sqrt(m2) };
}
