import type { AdaptedLandmark } from '@ceppro/contract';

/** Anatomical direction words of a learned shift (skull frame on S-N: x anterior, y inferior). */
export type ShiftDirection = 'anterior' | 'posterior' | 'superior' | 'inferior';

/** One component of a shift: its direction and its size in mm, to one decimal. */
export interface ShiftPart {
  readonly direction: ShiftDirection;
  readonly mm: string;
}

/**
 * A learned shift as words: along S-N first (`anterior_mm` < 0 is posterior), then across it
 * (`inferior_mm` < 0 is superior), sizes in mm to one decimal. A component that rounds to 0.0 mm
 * is left out, so a shift straight back reads "2.7 mm posterior", not "…, 0.0 mm inferior"; an
 * empty list means the whole shift is under 0.05 mm.
 */
export function shiftParts(shift: Pick<AdaptedLandmark, 'anterior_mm' | 'inferior_mm'>): ShiftPart[] {
  const parts: ShiftPart[] = [];
  const add = (mm: number, plus: ShiftDirection, minus: ShiftDirection) => {
    const text = Math.abs(mm).toFixed(1);
    if (text !== '0.0') parts.push({ direction: mm > 0 ? plus : minus, mm: text });
  };
  add(shift.anterior_mm, 'anterior', 'posterior');
  add(shift.inferior_mm, 'inferior', 'superior');
  return parts;
}

/** The S-N length the mm rest on: a whole number as it is (71), else to one decimal (70.4). */
export function snLengthText(mm: number): string {
  return Number.isInteger(mm) ? String(mm) : mm.toFixed(1);
}
