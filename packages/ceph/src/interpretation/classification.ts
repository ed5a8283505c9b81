import type { Sex } from './deviation.ts';

/** Angle skeletal class. */
export type SkeletalClass = 'I' | 'II' | 'III';
/** Vertical growth pattern. */
export type VerticalPattern = 'hypodivergent' | 'normodivergent' | 'hyperdivergent';
/** Rotation tendency used by Björk/Jarabak. */
export type Rotation = 'clockwise' | 'neutral' | 'counter-clockwise';

/** Skeletal class from ANB (degrees): < 0 Class III, 0–4 Class I, > 4 Class II (reference §4.3). */
export function classifyAnb(anbDeg: number): SkeletalClass {
  return anbDeg < 0 ? 'III' : anbDeg > 4 ? 'II' : 'I';
}

/**
 * Skeletal class from Wits (mm). There is no universal cut-off (reference §4.3); we call Class I within
 * one SD of the sex norm (F 0 ± 1.8, M −1 ± 1.9; female norm when the sex is unknown), II above, III below.
 */
export function classifyWits(witsMm: number, sex: Sex = 'female'): SkeletalClass {
  const { mean, sd } = sex === 'male' ? { mean: -1, sd: 1.9 } : { mean: 0, sd: 1.8 };
  return witsMm > mean + sd ? 'II' : witsMm < mean - sd ? 'III' : 'I';
}

/** Vertical pattern from FMA (degrees): ≤ 20 low angle, ≥ 30 high angle, else normal. */
export function classifyFma(fmaDeg: number): VerticalPattern {
  return fmaDeg <= 20 ? 'hypodivergent' : fmaDeg >= 30 ? 'hyperdivergent' : 'normodivergent';
}

/** Vertical pattern from SN–GoGn (degrees): 32 ± 5 → < 27 low, > 37 high. */
export function classifySnGoGn(deg: number): VerticalPattern {
  return deg < 27 ? 'hypodivergent' : deg > 37 ? 'hyperdivergent' : 'normodivergent';
}

/** Rotation from the Jarabak ratio (%, S–Go/N–Me·100): < 62 clockwise, 62–65 neutral, > 65 counter-clockwise. */
export function classifyJarabak(ratioPercent: number): Rotation {
  return ratioPercent < 62 ? 'clockwise' : ratioPercent > 65 ? 'counter-clockwise' : 'neutral';
}

/** Rotation from the Björk sum (degrees): > 396 clockwise, < 396 counter-clockwise, exactly 396 neutral. */
export function classifyBjorkSum(sumDeg: number): Rotation {
  return sumDeg > 396 ? 'clockwise' : sumDeg < 396 ? 'counter-clockwise' : 'neutral';
}

/** Inputs for a combined classification: any subset of values (degrees, mm, %). */
export interface ClassificationInput {
  readonly ANB?: number;
  readonly WITS?: number;
  readonly FMA?: number;
  readonly GOGN_SN?: number;
  readonly JARABAK_RATIO?: number;
  readonly BJORK_SUM?: number;
}

/** Combined sagittal and vertical classification; each field `null` when its value is absent. */
export interface SkeletalClassification {
  readonly sagittal: { readonly byAnb: SkeletalClass | null; readonly byWits: SkeletalClass | null };
  readonly vertical: {
    readonly byFma: VerticalPattern | null;
    readonly bySnGoGn: VerticalPattern | null;
    readonly byJarabak: Rotation | null;
    readonly byBjorkSum: Rotation | null;
  };
}

function opt<T>(v: number | undefined, f: (v: number) => T): T | null {
  return v === undefined ? null : f(v);
}

/** Classify a patient from the values available (keys are measurement ids). */
export function classifySkeletal(values: ClassificationInput, sex?: Sex): SkeletalClassification {
  return {
    sagittal: { byAnb: opt(values.ANB, classifyAnb), byWits: opt(values.WITS, (w) => classifyWits(w, sex)) },
    vertical: {
      byFma: opt(values.FMA, classifyFma),
      bySnGoGn: opt(values.GOGN_SN, classifySnGoGn),
      byJarabak: opt(values.JARABAK_RATIO, classifyJarabak),
      byBjorkSum: opt(values.BJORK_SUM, classifyBjorkSum),
    },
  };
}
