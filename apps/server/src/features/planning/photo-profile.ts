import type { Vec2 } from '@ceppro/ceph';

/**
 * Finding the face on a lateral facial photo: segmentation of the face from the background and the
 * outline the profile lies on. Pure and synchronous, on a small RGB raster (the service downscales
 * the photo to at most 384 px with sharp first, so every loop here is bounded by that raster).
 *
 * Method. Skin differs from usual photo backgrounds (white, grey, blue studio walls, rooms) mostly
 * in chroma: red-difference minus blue-difference chroma (Cr - Cb, ITU-R BT.601) is high for skin
 * of every tone and near zero or negative for neutral and blue backgrounds. The raster is split in
 * two classes by Otsu's threshold on that feature (on luminance when the photo has no chroma, a
 * black-and-white photo); the background is the class that holds more of the image border. The
 * face is the largest 4-connected foreground region with its holes filled. A segmentation is
 * refused (null with a reason) when the classes are not separated, or the region is implausible
 * for a head: too small, too large, or ragged (noise).
 */

export interface RgbRaster {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** 3 (RGB) or 4 (RGBA; alpha ignored). */
  readonly channels: number;
}

export interface FaceRegion {
  readonly width: number;
  readonly height: number;
  /** 1 for face pixels, row-major. */
  readonly mask: Uint8Array;
  /** Outline points of the face region (raster px, pixel edges), the image border left out. */
  readonly outline: readonly Vec2[];
  /**
   * The sides the face may look to (+1 image-right, -1 image-left), each with its most extreme
   * outline point (the nose tip when it is the facing side), most prominent first. Sides cut by the
   * image border on most rows, or with nothing standing out, are not listed. The fit decides
   * between two listed sides (the back of the neck can stand out too).
   */
  readonly sides: readonly { readonly facing: 1 | -1; readonly tip: Vec2; readonly prominence: number }[];
}

export type FaceRegionResult = { readonly ok: true; readonly region: FaceRegion } | { readonly ok: false; readonly reason: string };

/** Least class-mean gap (feature units, 0..255 scale) for two classes to count as separated. */
const MIN_CHROMA_GAP = 18;
const MIN_LUMA_GAP = 40;
/** The face region's share of the raster: a head photo's face is neither a speck nor the whole frame. */
const MIN_AREA_FRACTION = 0.04;
const MAX_AREA_FRACTION = 0.9;
/**
 * Outline length / sqrt(area): 3.5 for a disk, about 5-8 for a head and neck; thresholded noise
 * gives tens. 14 leaves room for hair strands and ears.
 */
const MAX_RAGGEDNESS = 14;
/** The nose must stand out of the facing side by this share of the region's height. */
const MIN_TIP_PROMINENCE = 0.03;

/** Cr - Cb (BT.601) and luminance per pixel. */
function features(img: RgbRaster): { chroma: Float32Array; luma: Float32Array } {
  const n = img.width * img.height;
  const chroma = new Float32Array(n);
  const luma = new Float32Array(n);
  for (let i = 0, o = 0; i < n; i += 1, o += img.channels) {
    const r = img.data[o] as number;
    const g = img.data[o + 1] as number;
    const b = img.data[o + 2] as number;
    chroma[i] = 0.6687 * r - 0.0874 * g - 0.5813 * b;
    luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
  }
  return { chroma, luma };
}

/** Otsu's threshold over 256 bins between the feature's min and max, with both class means. */
export function otsu(values: Float32Array): { threshold: number; low: number; high: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!(max > min)) return null;
  const bins = 256;
  const width = (max - min) / bins;
  const hist = new Float64Array(bins);
  for (const v of values) {
    const bin = Math.min(bins - 1, Math.floor((v - min) / width));
    hist[bin] = (hist[bin] as number) + 1;
  }
  const total = values.length;
  let sumAll = 0;
  for (let i = 0; i < bins; i += 1) sumAll += i * (hist[i] as number);
  let w0 = 0;
  let sum0 = 0;
  let best = -1;
  let bestI = 0;
  for (let i = 0; i < bins - 1; i += 1) {
    w0 += hist[i] as number;
    sum0 += i * (hist[i] as number);
    const w1 = total - w0;
    if (w0 === 0 || w1 === 0) continue;
    const m0 = sum0 / w0;
    const m1 = (sumAll - sum0) / w1;
    const between = w0 * w1 * (m0 - m1) ** 2;
    if (between > best) {
      best = between;
      bestI = i;
    }
  }
  let n0 = 0;
  let s0 = 0;
  let s1 = 0;
  for (let i = 0; i < bins; i += 1) {
    const c = hist[i] as number;
    const v = min + (i + 0.5) * width;
    if (i <= bestI) {
      n0 += c;
      s0 += c * v;
    } else s1 += c * v;
  }
  const n1 = total - n0;
  if (n0 === 0 || n1 === 0) return null;
  return { threshold: min + (bestI + 1) * width, low: s0 / n0, high: s1 / n1 };
}

/** Labels of 4-connected components of `mask === value`; returns the label array and each label's size. */
function components(mask: Uint8Array, width: number, height: number, value: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(mask.length).fill(-1);
  const sizes: number[] = [];
  const stack = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start += 1) {
    if (mask[start] !== value || labels[start] !== -1) continue;
    const label = sizes.length;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const i = stack[--top] as number;
      size += 1;
      const x = i % width;
      // Left, right, up, down (no array per pixel: this loop runs for every pixel).
      for (let k = 0; k < 4; k += 1) {
        const j = k === 0 ? (x > 0 ? i - 1 : -1) : k === 1 ? (x < width - 1 ? i + 1 : -1) : k === 2 ? i - width : i + width;
        if (j >= 0 && j < mask.length && mask[j] === value && labels[j] === -1) {
          labels[j] = label;
          stack[top++] = j;
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

/** The two-class split of the raster: 1 = candidate face pixels, or a reason there is none. */
function foreground(img: RgbRaster): Uint8Array | string {
  const { chroma, luma } = features(img);
  const c = otsu(chroma);
  const useChroma = c !== null && c.high - c.low >= MIN_CHROMA_GAP;
  const split = useChroma ? c : otsu(luma);
  if (split === null || (!useChroma && split.high - split.low < MIN_LUMA_GAP)) return 'no contrast between a face and the background';
  const values = useChroma ? chroma : luma;
  const { width, height } = img;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = (values[i] as number) >= split.threshold ? 1 : 0;
  // The background holds more of the image border than the face does.
  let borderHigh = 0;
  let border = 0;
  for (let x = 0; x < width; x += 1)
    for (const y of [0, height - 1]) {
      border += 1;
      borderHigh += mask[y * width + x] as number;
    }
  for (let y = 1; y < height - 1; y += 1)
    for (const x of [0, width - 1]) {
      border += 1;
      borderHigh += mask[y * width + x] as number;
    }
  if (borderHigh * 2 > border) for (let i = 0; i < mask.length; i += 1) mask[i] = 1 - (mask[i] as number);
  return mask;
}

/**
 * The face region of a photo raster (see the file comment), its outline and which way it faces:
 * the side whose outline has the most prominent point (the nose tip) and is not cut by the image
 * border. Null with a reason when no plausible face is found.
 */
export function findFaceRegion(img: RgbRaster): FaceRegionResult {
  const { width, height } = img;
  const split = foreground(img);
  if (typeof split === 'string') return { ok: false, reason: split };
  const fg = components(split, width, height, 1);
  if (fg.sizes.length === 0) return { ok: false, reason: 'no foreground' };
  const largest = fg.sizes.indexOf(Math.max(...fg.sizes));
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = fg.labels[i] === largest ? 1 : 0;
  // Fill holes: background pockets that do not reach the border (eyes, nostrils, glare).
  const bg = components(mask, width, height, 0);
  const touches = new Uint8Array(bg.sizes.length);
  for (let x = 0; x < width; x += 1)
    for (const y of [0, height - 1]) {
      const l = bg.labels[y * width + x] as number;
      if (l >= 0) touches[l] = 1;
    }
  for (let y = 0; y < height; y += 1)
    for (const x of [0, width - 1]) {
      const l = bg.labels[y * width + x] as number;
      if (l >= 0) touches[l] = 1;
    }
  let area = 0;
  for (let i = 0; i < mask.length; i += 1) {
    const l = bg.labels[i] as number;
    if (l >= 0 && touches[l] === 0) mask[i] = 1;
    area += mask[i] as number;
  }
  const fraction = area / mask.length;
  if (fraction < MIN_AREA_FRACTION || fraction > MAX_AREA_FRACTION)
    return { ok: false, reason: `face region covers ${(fraction * 100).toFixed(1)}% of the photo` };

  const outline: Vec2[] = [];
  let edgeCount = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (mask[i] !== 1) continue;
      let dx = 0;
      let dy = 0;
      let n = 0;
      if (x > 0 && mask[i - 1] === 0) {
        dx -= 1;
        n += 1;
      }
      if (x < width - 1 && mask[i + 1] === 0) {
        dx += 1;
        n += 1;
      }
      if (y > 0 && mask[i - width] === 0) {
        dy -= 1;
        n += 1;
      }
      if (y < height - 1 && mask[i + width] === 0) {
        dy += 1;
        n += 1;
      }
      if (n === 0) continue;
      edgeCount += n;
      // The edge between this pixel and its outside neighbours (pixel centres at +0.5).
      outline.push({ x: x + 0.5 + (0.5 * dx) / n, y: y + 0.5 + (0.5 * dy) / n });
    }
  }
  const raggedness = edgeCount / Math.sqrt(area);
  if (raggedness > MAX_RAGGEDNESS) return { ok: false, reason: `face region outline too ragged (${raggedness.toFixed(1)})` };

  const sides = profileSides(mask, width, height);
  if (sides.length === 0) return { ok: false, reason: 'no profile: no side of the region has a prominent nose' };
  return { ok: true, region: { width, height, mask, outline, sides } };
}

/**
 * Per row, the region's extreme column on each side; a side cut by the image border on most rows
 * is the back of the head or the shoulders. A profile side is an uncut one whose most extreme
 * point stands out of that side's median line (the nose, on the facing side).
 */
function profileSides(mask: Uint8Array, width: number, height: number): FaceRegion['sides'] {
  const rows: { y: number; left: number; right: number }[] = [];
  for (let y = 0; y < height; y += 1) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < width; x += 1) {
      if (mask[y * width + x] !== 1) continue;
      if (left < 0) left = x;
      right = x;
    }
    if (left >= 0) rows.push({ y, left, right });
  }
  if (rows.length < 16) return [];
  const candidates = ([1, -1] as const).map((facing) => {
    const out = rows.map((r) => (facing === 1 ? r.right : width - 1 - r.left));
    const cut = out.filter((v) => v >= width - 1).length / rows.length;
    const open = rows.map((r, i) => ({ r, v: out[i] as number })).filter((e) => e.v < width - 1);
    if (open.length === 0) return { facing, prominence: -Infinity, cut, tip: null };
    const sorted = open.map((e) => e.v).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    const best = open.reduce((a, b) => (b.v > a.v ? b : a));
    const tip = { x: facing === 1 ? best.r.right + 1 : best.r.left, y: best.r.y + 0.5 };
    return { facing, prominence: (best.v - median) / rows.length, cut, tip };
  });
  return candidates
    .filter((c) => c.cut < 0.5 && c.tip !== null && c.prominence >= MIN_TIP_PROMINENCE)
    .sort((a, b) => b.prominence - a.prominence)
    .map((c) => ({ facing: c.facing, tip: c.tip as Vec2, prominence: c.prominence }));
}
