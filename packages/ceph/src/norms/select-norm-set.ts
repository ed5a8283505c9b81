import type { MeasurementDefinition, Norm } from '../analyses/types.ts';
import { NORM_SETS, type AgeBand, type NormSet, type Population } from './norm-sets.ts';

/** What the selector is asked: age in whole years at the shoot date (null: unknown), sex, population. */
export interface NormSetQuery {
  readonly ageYears: number | null;
  readonly sex: 'female' | 'male' | null;
  readonly population: Population;
}

/**
 * The selector's answer. `set` null means there is no published set for this patient, and `reason` says
 * why: `no-published-set` (population/age band not published), `under-6` (no band below 6 years),
 * `sex-required` (only sex-specific sets exist and the sex is unknown). `ageBand` null only under 6.
 */
export interface NormSetSelection {
  readonly set: NormSet | null;
  readonly population: Population;
  readonly ageBand: AgeBand | null;
  /** The patient's sex as asked (null unknown): picks a set's `sexCells`. */
  readonly sex: 'female' | 'male' | null;
  readonly reason: 'ok' | 'no-published-set' | 'under-6' | 'sex-required';
  /** True when the age was unknown and the adult band was assumed. */
  readonly ageAssumed: boolean;
}

/**
 * Age band of an age in whole years: 6-8, 9-11, 12-14, 15-17, 18 and over `adult`; under 6 null.
 * Unknown age (null) counts as adult, which is what the product showed before norm sets existed.
 */
export function ageBandOf(ageYears: number | null): AgeBand | null {
  if (ageYears === null) return 'adult';
  if (ageYears < 6) return null;
  if (ageYears < 9) return '6-8';
  if (ageYears < 12) return '9-11';
  if (ageYears < 15) return '12-14';
  if (ageYears < 18) return '15-17';
  return 'adult';
}

/**
 * The norm set for a patient: same population and age band; the set of the patient's sex when one was
 * published, else the pooled (`any`) set. With the sex unknown only a pooled set qualifies.
 */
export function selectNormSet(query: NormSetQuery, sets: readonly NormSet[] = NORM_SETS): NormSetSelection {
  const ageBand = ageBandOf(query.ageYears);
  const base = { population: query.population, ageBand, sex: query.sex, ageAssumed: query.ageYears === null };
  if (ageBand === null) return { ...base, set: null, reason: 'under-6' };
  const candidates = sets.filter((s) => s.population === query.population && s.ageBand === ageBand);
  if (candidates.length === 0) return { ...base, set: null, reason: 'no-published-set' };
  const own = query.sex === null ? undefined : candidates.find((s) => s.sex === query.sex);
  const pooled = candidates.find((s) => s.sex === 'any');
  const set = own ?? pooled ?? null;
  return set === null ? { ...base, set: null, reason: 'sex-required' } : { ...base, set, reason: 'ok' };
}

/** A cell as a catalogue norm: the set and the cell's source key as `source`, the cell's note. Sex-specific cells need `sex`. */
function cellNorm(def: MeasurementDefinition, set: NormSet, sex: 'female' | 'male' | null): Norm | null {
  const cell = set.cells[def.id] ?? (sex === null ? undefined : set.sexCells?.[sex]?.[def.id]);
  if (cell === undefined) return null;
  return {
    mean: cell.mean,
    sd: cell.sd,
    range: null,
    source: `${set.id} [${cell.source}]`,
    check: cell.check,
    ...(cell.note === undefined ? {} : { note: cell.note }),
  };
}

/**
 * The definitions with the selection's norms in place of the catalogue's: unchanged for the baseline
 * (Caucasian adult) set; otherwise each measurement gets its published cell, or no norm at all where the
 * set has none (never a value from another population; a Caucasian child set keeps the catalogue's
 * Caucasian norm there, see `NormSet.inheritsBaseline`). A value published by sex (`NormSet.sexCells`)
 * applies only when the selection's sex is known. `normSetId` on a definition says which set.
 */
export function applyNormSet(
  definitions: readonly MeasurementDefinition[],
  selection: NormSetSelection,
): (MeasurementDefinition & { readonly normSetId: string | null })[] {
  const set = selection.set;
  if (set !== null && set.baseline) return definitions.map((d) => ({ ...d, normSetId: set.id }));
  return definitions.map((d) => {
    const own = set === null ? null : cellNorm(d, set, selection.sex);
    const norm = own === null && set !== null && set.inheritsBaseline && set.population === 'caucasian' ? d.norm : own;
    return { ...d, norm, normSetId: set?.id ?? null };
  });
}
