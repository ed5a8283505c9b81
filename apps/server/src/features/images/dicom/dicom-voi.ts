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

/** Modality LUT: `stored * slope + intercept` (0028,1053 / 0028,1052). */
export function applyRescale(stored: ArrayLike<number>, slope: number, intercept: number): Float64Array {
  const out = new Float64Array(stored.length);
  for (let i = 0; i < stored.length; i++) out[i] = stored[i]! * slope + intercept;
  return out;
}

/**
 * DICOM linear window (PS3.3 C.11.2.1.2.1) to 0..255:
 * `x <= c - 0.5 - (w-1)/2` -> 0, `x > c - 0.5 + (w-1)/2` -> 255, else `((x - (c - 0.5)) / (w-1) + 0.5) * 255`.
 */
export function windowTo8bit(values: ArrayLike<number>, center: number, width: number): Uint8Array {
  const out = new Uint8Array(values.length);
  const w = Math.max(1, width);
  const low = center - 0.5 - (w - 1) / 2;
  const high = center - 0.5 + (w - 1) / 2;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (x <= low) out[i] = 0;
    else if (x > high) out[i] = 255;
    else out[i] = Math.round(((x - (center - 0.5)) / Math.max(1, w - 1) + 0.5) * 255);
  }
  return out;
}

/** A VOI LUT: values below the first mapped clamp to the first entry, above to the last; output scaled to 0..255. */
export function lutTo8bit(values: ArrayLike<number>, lut: VoiLut): Uint8Array {
  const out = new Uint8Array(values.length);
  const n = lut.data.length;
  const max = 2 ** lut.bits - 1;
  for (let i = 0; i < values.length; i++) {
    const index = Math.min(n - 1, Math.max(0, Math.round(values[i]!) - lut.firstMapped));
    out[i] = Math.round((Math.min(max, Math.max(0, lut.data[index]!)) * 255) / max);
  }
  return out;
}

/** The 0.1st and 99.9th percentile values (an isolated hot or dead pixel does not set the contrast). */
export function percentileRange(values: ArrayLike<number>): { low: number; high: number } {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))]!;
  return { low: at(0.001), high: at(0.999) };
}

/** Modality values -> 8-bit display values, MONOCHROME1 (white = low values) inverted last. */
export function toDisplay8bit(values: ArrayLike<number>, voi: VoiTransform, monochrome1: boolean): Uint8Array {
  let out: Uint8Array;
  if (voi.kind === 'lut') out = lutTo8bit(values, voi.lut);
  else if (voi.kind === 'window') out = windowTo8bit(values, voi.center, voi.width);
  else {
    const { low, high } = percentileRange(values);
    // A window spanning [low, high] exactly: center and width per the linear formula above.
    out = windowTo8bit(values, (low + high + 1) / 2, Math.max(2, high - low + 1));
  }
  if (monochrome1) for (let i = 0; i < out.length; i++) out[i] = 255 - out[i]!;
  return out;
}
