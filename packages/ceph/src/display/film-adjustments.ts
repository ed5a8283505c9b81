/**
 * How a radiograph is adjusted for display (the viewer's image panel, the printed report): a tone
 * curve and an edge-enhancing kernel, as plain numbers. The viewer's WebGL shader, the browser's print
 * and the server's PDF all apply exactly these, so the film looks the same wherever it is shown.
 *
 * Grey values are normalised to [0, 1] (0 black, 1 white, 8-bit value / 255). A lateral cephalogram
 * shows bone bright, soft tissue dark grey and air black: the soft-tissue profile (nose, lips, chin)
 * lies in the darkest tenth of the range, which is what the soft-tissue window stretches.
 */

/** The display adjustments of one film. Every field at its default leaves the film as stored. */
export interface FilmAdjustments {
  /** Percent (20 to 300, 100 = as stored): multiplies each grey value (CSS `brightness()`). */
  readonly brightness: number;
  /** Percent (20 to 300, 100 = as stored): scales grey values about mid-grey 0.5 (CSS `contrast()`). */
  readonly contrast: number;
  /** Display gamma (0.2 to 5, 1 = as stored): out = in^(1/gamma); above 1 lifts the mid-greys, below 1 darkens them. */
  readonly gamma: number;
  /** Negative film: out = 1 - in, after every other step (bone dark, air white). */
  readonly invert: boolean;
  /** Edge enhancement, percent (0 to 100): an unsharp mask in film pixels, see `sharpenKernel`. */
  readonly sharpen: number;
  /** Soft-tissue window, percent (0 to 100): how far the tone curve moves towards `softTissueWindow`. */
  readonly softTissue: number;
}

/** The range of each numeric adjustment and the step the controls move by. */
export const FILM_ADJUSTMENT_LIMITS = {
  brightness: { min: 20, max: 300, step: 1 },
  contrast: { min: 20, max: 300, step: 1 },
  gamma: { min: 0.2, max: 5, step: 0.05 },
  sharpen: { min: 0, max: 100, step: 1 },
  softTissue: { min: 0, max: 100, step: 1 },
} as const;

export type FilmAdjustmentNumber = keyof typeof FILM_ADJUSTMENT_LIMITS;

export const DEFAULT_FILM_ADJUSTMENTS: FilmAdjustments = Object.freeze({
  brightness: 100,
  contrast: 100,
  gamma: 1,
  invert: false,
  sharpen: 0,
  softTissue: 0,
});

/** Unsharp-mask amount at sharpen 100 %: the centre pixel gains twice its difference from its blurred neighbourhood. */
export const SHARPEN_MAX_AMOUNT = 2;

/** Curvature of the soft-tissue window's logarithm: its slope at black is K / ln(1 + K) ≈ 6.6. */
export const SOFT_TISSUE_LOG_K = 20;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const clamp01 = (v: number) => clamp(v, 0, 1);

function limited(key: FilmAdjustmentNumber, value: unknown, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  const { min, max, step } = FILM_ADJUSTMENT_LIMITS[key];
  // Whole steps (gamma in hundredths), so a stored value and its printed text agree.
  const stepped = Math.round(value / step) * step;
  return Number(clamp(stepped, min, max).toFixed(2));
}

/**
 * A complete, in-range set of adjustments from a partial one over `base` (defaults when absent):
 * numbers clamped to FILM_ADJUSTMENT_LIMITS and rounded to their step, non-numbers ignored.
 */
export function normaliseFilmAdjustments(
  partial: Partial<Record<keyof FilmAdjustments, unknown>>,
  base: FilmAdjustments = DEFAULT_FILM_ADJUSTMENTS,
): FilmAdjustments {
  return {
    brightness: limited('brightness', partial.brightness, base.brightness),
    contrast: limited('contrast', partial.contrast, base.contrast),
    gamma: limited('gamma', partial.gamma, base.gamma),
    invert: typeof partial.invert === 'boolean' ? partial.invert : base.invert,
    sharpen: limited('sharpen', partial.sharpen, base.sharpen),
    softTissue: limited('softTissue', partial.softTissue, base.softTissue),
  };
}

/** True when the adjustments leave the film exactly as stored. */
export function isDefaultFilmAdjustments(a: FilmAdjustments): boolean {
  return (Object.keys(DEFAULT_FILM_ADJUSTMENTS) as (keyof FilmAdjustments)[]).every((k) => a[k] === DEFAULT_FILM_ADJUSTMENTS[k]);
}

/**
 * The soft-tissue window: a logarithmic curve ln(1 + K v) / ln(1 + K) on [0, 1] (K = SOFT_TISSUE_LOG_K).
 * It stretches the dark range about 6.6 times at black (grey 0.1 becomes 0.36) and compresses the
 * bright bone range, so the faint soft-tissue profile against the black air becomes visible.
 */
export function softTissueWindow(v: number): number {
  return Math.log1p(SOFT_TISSUE_LOG_K * clamp01(v)) / Math.log1p(SOFT_TISSUE_LOG_K);
}

/**
 * The tone curve for one grey value in [0, 1] (after any sharpening), in this order, each step
 * clamped to [0, 1]: soft-tissue window (blend v + s·(window(v) − v), s = softTissue / 100), gamma
 * (v^(1/gamma)), brightness (v·b/100), contrast ((v − 0.5)·c/100 + 0.5), invert (1 − v).
 */
export function filmTone(value: number, a: FilmAdjustments): number {
  let v = clamp01(value);
  const s = a.softTissue / 100;
  if (s > 0) v = clamp01(v + s * (softTissueWindow(v) - v));
  if (a.gamma !== 1) v = clamp01(v ** (1 / a.gamma));
  v = clamp01((v * a.brightness) / 100);
  v = clamp01(((v - 0.5) * a.contrast) / 100 + 0.5);
  return a.invert ? 1 - v : v;
}

/**
 * The tone curve as a 256-entry lookup table of 8-bit values: entry i is round(255 · filmTone(i / 255)).
 * The shader samples it as a texture; the server maps each channel of the printed film through it.
 */
export function filmToneCurve(a: FilmAdjustments): Uint8Array {
  const lut = new Uint8Array(256);
  for (let i = 0; i < 256; i++) lut[i] = Math.round(255 * filmTone(i / 255, a));
  return lut;
}

/** The 3 x 3 binomial blur the unsharp mask subtracts, row-major, sum 1. */
const BLUR_3X3 = [1, 2, 1, 2, 4, 2, 1, 2, 1].map((w) => w / 16);

/**
 * The edge-enhancing kernel for `sharpen` percent: a 3 x 3 unsharp mask in film pixels (the original
 * upload's), row-major, weights summing to 1 so flat areas keep their grey:
 * K = (1 + A)·identity − A·blur, A = SHARPEN_MAX_AMOUNT · sharpen / 100, blur = [1 2 1; 2 4 2; 1 2 1] / 16.
 * At 100 %: centre 2.5, edges −0.25, corners −0.125. At 0 % the identity.
 */
export function sharpenKernel(sharpen: number): number[] {
  const amount = (SHARPEN_MAX_AMOUNT * clamp(sharpen, 0, 100)) / 100;
  return BLUR_3X3.map((w, i) => (i === 4 ? 1 + amount : 0) - amount * w);
}
