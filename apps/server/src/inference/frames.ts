/**
 * Canonical frames shared with the training code (ml/ceph_ml/geometry.py): an image of w x h
 * original pixels is resized to fit inside W x H keeping its aspect, optionally letterboxed
 * (centred on a W x H canvas). Pixel-centre convention: original pixel i covers [i-0.5, i+0.5].
 */
export interface Frame {
  /** Original image size, px. */
  readonly w: number;
  readonly h: number;
  /** Resized image size inside the frame, px. */
  readonly rw: number;
  readonly rh: number;
  /** Letterbox offset of the resized image on the canvas, px (0 without letterbox). */
  readonly ox: number;
  readonly oy: number;
}

/** Fit a w x h image inside W x H ("contain"); round like Python's floor(x + 0.5). */
export function fitFrame(w: number, h: number, W: number, H: number, letterbox: boolean): Frame {
  const s = Math.min(W / w, H / h);
  const rw = Math.max(1, Math.min(W, Math.floor(w * s + 0.5)));
  const rh = Math.max(1, Math.min(H, Math.floor(h * s + 0.5)));
  return { w, h, rw, rh, ox: letterbox ? Math.floor((W - rw) / 2) : 0, oy: letterbox ? Math.floor((H - rh) / 2) : 0 };
}

/** Original image px -> frame px. */
export function toFrame(f: Frame, x: number, y: number): [number, number] {
  return [(x + 0.5) * (f.rw / f.w) - 0.5 + f.ox, (y + 0.5) * (f.rh / f.h) - 0.5 + f.oy];
}

/** Frame px -> original image px. */
export function fromFrame(f: Frame, u: number, v: number): [number, number] {
  return [(u - f.ox + 0.5) / (f.rw / f.w) - 0.5, (v - f.oy + 0.5) / (f.rh / f.h) - 0.5];
}

/** Heatmap cell index (may be fractional) -> input px of the network that produced it. */
export function cellToPx(k: number, stride: number): number {
  return stride * k + (stride - 1) / 2;
}

/** Mirror an x coordinate of an image of width w (pixel-centre convention). */
export function mirrorX(x: number, w: number): number {
  return w - 1 - x;
}

/**
 * Skull-size normalisation of the refinement stage (model format 2, ml/ceph_ml/geometry.py): the
 * fine frame is the film scaled so that the RMS distance of the first 19 (ISBI) landmarks from
 * their centroid is `refSize` px. A 650 px and a 2400 px film of the same head, or films at 0.08
 * and 0.3 mm/px, so give the network the same physical patch.
 */
export function skullSize(points: readonly { x: number; y: number }[]): number {
  const pts = points.slice(0, 19);
  const cx = pts.reduce((a, p) => a + p.x, 0) / pts.length;
  const cy = pts.reduce((a, p) => a + p.y, 0) / pts.length;
  return Math.sqrt(pts.reduce((a, p) => a + (p.x - cx) ** 2 + (p.y - cy) ** 2, 0) / pts.length);
}

/** Original px -> normalised fine frame scale, capped so the frame's longer side is at most `maxSide`. */
export function fineScale(w: number, h: number, points: readonly { x: number; y: number }[], refSize: number, maxSide: number): number {
  return Math.min(refSize / Math.max(1e-6, skullSize(points)), maxSide / Math.max(w, h));
}

/** The image scaled by s, no letterbox (round like Python's floor(x + 0.5)). */
export function scaleFrame(w: number, h: number, s: number): Frame {
  return { w, h, rw: Math.max(1, Math.floor(w * s + 0.5)), rh: Math.max(1, Math.floor(h * s + 0.5)), ox: 0, oy: 0 };
}
