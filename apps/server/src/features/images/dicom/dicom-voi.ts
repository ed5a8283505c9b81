/**
 * From stored DICOM sample values to the 8-bit grey the viewer shows (PS3.3 C.11: Modality LUT,
 * then VOI LUT or window, then Presentation: MONOCHROME1 inverted). Pure functions on typed arrays.
 */

/** A VOI LUT (0028,3010 item): entries mapped from `firstMapped`, output `bits` wide. */
export interface VoiLut {
  firstMapped: number;
  bits: number;
  data: ArrayLike<number>;
}

/** How modality values become display values. */
export type VoiTransform =
  | { kind: 'lut'; lut: VoiLut }
  | { kind: 'window'; center: number; width: number }
  /** No VOI in the file: the 0.1st..99.9th percentile of the film's own values spans 0..255. */
  | { kind: 'percentile' };

/** Modality LUT (0028,1053 / 0028,1052): `modality = stored * slope + intercept`, slope > 0. */
export interface Rescale {
  slope: number;
  intercept: number;
}

/**
 * DICOM linear window (PS3.3 C.11.2.1.2.1) of one modality value to 0..255:
 * `x <= c - 0.5 - (w-1)/2` -> 0, `x > c - 0.5 + (w-1)/2` -> 255, else `((x - (c - 0.5)) / (w-1) + 0.5) * 255`.
 */
function windowed(x: number, center: number, width: number): number {
  const w = Math.max(1, width);
  if (x <= center - 0.5 - (w - 1) / 2) return 0;
  if (x > center - 0.5 + (w - 1) / 2) return 255;
  return Math.round(((x - (center - 0.5)) / Math.max(1, w - 1) + 0.5) * 255);
}

/** One modality value through a VOI LUT: clamped to its first/last entry, output scaled to 0..255. */
function looked(x: number, lut: VoiLut): number {
  const n = lut.data.length;
  const max = 2 ** lut.bits - 1;
  const index = Math.min(n - 1, Math.max(0, Math.round(x) - lut.firstMapped));
  return Math.round((Math.min(max, Math.max(0, lut.data[index]!)) * 255) / max);
}

/**
 * The 0.1st and 99.9th percentile of integer stored values, from a histogram (no sort, no copy of
 * the film): an isolated hot or dead pixel does not set the contrast.
 */
export function storedPercentiles(stored: ArrayLike<number>): { low: number; high: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < stored.length; i++) {
    const v = stored[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!(max > min)) return { low: min, high: max };
  const hist = new Uint32Array(max - min + 1);
  for (let i = 0; i < stored.length; i++) hist[stored[i]! - min]!++;
  const lowCount = Math.floor(0.001 * (stored.length - 1));
  const highCount = Math.floor(0.999 * (stored.length - 1));
  let low = min;
  let high = max;
  let seen = 0;
  let lowFound = false;
  for (let b = 0; b < hist.length; b++) {
    seen += hist[b]!;
    if (!lowFound && seen > lowCount) {
      low = b + min;
      lowFound = true;
    }
    if (seen > highCount) {
      high = b + min;
      break;
    }
  }
  return { low, high };
}

/**
 * Integer stored values -> Modality LUT -> VOI (LUT, window, or the film's own percentile range)
 * -> 8-bit display values, MONOCHROME1 (white = low values) inverted last. Full precision until the
 * final rounding.
 */
export function toDisplay8bit(stored: ArrayLike<number>, rescale: Rescale, voi: VoiTransform, monochrome1: boolean): Uint8Array {
  const { slope, intercept } = rescale;
  const out = new Uint8Array(stored.length);
  if (voi.kind === 'lut') {
    for (let i = 0; i < stored.length; i++) out[i] = looked(stored[i]! * slope + intercept, voi.lut);
  } else {
    let { center, width } = voi.kind === 'window' ? voi : { center: 0, width: 1 };
    if (voi.kind === 'percentile') {
      // A window spanning [low, high] of the modality values exactly (slope > 0 keeps the order).
      const { low, high } = storedPercentiles(stored);
      const lo = low * slope + intercept;
      const hi = high * slope + intercept;
      center = (lo + hi + 1) / 2;
      width = Math.max(2, hi - lo + 1);
    }
    for (let i = 0; i < stored.length; i++) out[i] = windowed(stored[i]! * slope + intercept, center, width);
  }
  if (monochrome1) for (let i = 0; i < out.length; i++) out[i] = 255 - out[i]!;
  return out;
}
