import type { NormCheck } from '../analyses/types.ts';

/**
 * Norm sets by population, sex and age band, as data. Every number here was read in a published source
 * listed in `SOURCES.md` next to this file (key in `source`); a measurement a source does not give is
 * simply absent from the set, and the product then says "no published norm for this population".
 * Nothing is copied from one population to another.
 *
 * The Caucasian adult set is the catalogue itself (`baseline`): its values are today's analysis norms,
 * unchanged, with the sources cited in each analysis file.
 */

/** Populations a clinic can choose. */
export const POPULATIONS = ['caucasian', 'korean', 'japanese', 'chinese'] as const;
export type Population = (typeof POPULATIONS)[number];

/** Age bands, in whole years: [from, to] inclusive; `adult` is 18 and over. */
export const AGE_BANDS = ['6-8', '9-11', '12-14', '15-17', 'adult'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** Sex a set was published for; `any` = both sexes pooled (or the source did not split them). */
export type NormSetSex = 'female' | 'male' | 'any';

/** Keys of the sources in `SOURCES.md` (a test checks that every key has a heading there). */
export const NORM_SOURCE_KEYS = ['N1', 'N2', 'N3'] as const;
export type NormSourceKey = (typeof NORM_SOURCE_KEYS)[number];

/** One published value: mean ± SD (SD null when the source gave means only), in the measurement's unit. */
export interface NormCell {
  readonly mean: number;
  readonly sd: number | null;
  readonly source: NormSourceKey;
  readonly check: NormCheck;
  /** How the source's measurement differs from ours, or how the value was read. */
  readonly note?: string;
}

export interface NormSet {
  /** Stable id, e.g. `chinese-adult-male`. */
  readonly id: string;
  readonly population: Population;
  readonly sex: NormSetSex;
  readonly ageBand: AgeBand;
  /** True only for the Caucasian adult set: use the catalogue's own norms. */
  readonly baseline: boolean;
  /**
   * True for the Caucasian children's sets: a measurement without an age-specific value keeps the
   * catalogue's Caucasian norm (same population; Downs' and Steiner's samples were themselves
   * adolescents). Never true for another population.
   */
  readonly inheritsBaseline: boolean;
  /** Measurement id -> published value. Empty for the baseline. */
  readonly cells: Readonly<Record<string, NormCell>>;
}

/**
 * Ricketts' age rule (reference §3.5, [N3]): the norm published at 9 years plus a yearly drift, evaluated
 * at the middle of an age band (6-8 -> 7.5 years, ...). Degrees or mm, as the measurement.
 */
function ricketts(at9: number, perYear: number, sd: number, band: Exclude<AgeBand, 'adult'>): NormCell {
  const middle = { '6-8': 7.5, '9-11': 10.5, '12-14': 13.5, '15-17': 16.5 }[band];
  const mean = Math.round((at9 + perYear * (middle - 9)) * 10) / 10;
  const rule = perYear === 0 ? 'no age change' : `${at9} at 9 y, ${perYear > 0 ? '+' : ''}${Math.round(perYear * 100) / 100}/y`;
  return { mean, sd, source: 'N3', check: 'two-sources', note: `Ricketts' rule (${rule}) at ${middle} y` };
}

function caucasianChild(band: Exclude<AgeBand, 'adult'>): NormSet {
  const cells: Record<string, NormCell> = {
    FACIAL_DEPTH: ricketts(87, 1 / 3, 3, band),
    RICKETTS_MPA: { ...ricketts(26, -1 / 3, 4, band), check: 'one-source' },
    CONVEXITY_MM: ricketts(2, -0.2, 2, band),
    FACIAL_AXIS: { ...ricketts(90, 0, 3, band), check: 'one-source' },
  };
  // Lower lip to E-line: published for ~8.5 years only (reference §3.5), so only in the band holding 8.5.
  if (band === '6-8') cells['LOWER_LIP_E'] = { mean: -2, sd: 2, source: 'N3', check: 'two-sources', note: 'published at ~8.5 y' };
  return { id: `caucasian-${band}`, population: 'caucasian', sex: 'any', ageBand: band, baseline: false, inheritsBaseline: true, cells };
}

/**
 * Sichuan Han adults (18 y and over, 60 men and 60 women), Downs/Steiner/Tweed angles, means only [N1].
 * The source's mandibular plane is Downs' (tangent through Me); ours for GoGn–SN uses Go–Gn.
 */
const CHINESE_MALE: Readonly<Record<string, number>> = {
  SNA: 84.87,
  SNB: 81.42,
  ANB: 3.48,
  SND: 73.48,
  U1_NA_DEG: 23.08,
  L1_NB_DEG: 29.86,
  INTERINCISAL: 124.75,
  OCC_SN: 22.13,
  OCC_CANT: 14.19,
  GOGN_SN: 38.12,
  DOWNS_MPA: 30.68,
  FMA: 30.68,
  IMPA: 95.07,
  FMIA: 54.24,
  FACIAL_ANGLE: 82.67,
  AB_PLANE: -6.96,
};
const CHINESE_FEMALE: Readonly<Record<string, number>> = {
  SNA: 82.98,
  SNB: 80.84,
  ANB: 2.21,
  SND: 73.52,
  U1_NA_DEG: 22.89,
  L1_NB_DEG: 29.14,
  INTERINCISAL: 123.96,
  OCC_SN: 22.29,
  OCC_CANT: 14.45,
  GOGN_SN: 38.22,
  DOWNS_MPA: 30.31,
  FMA: 30.31,
  IMPA: 94.88,
  FMIA: 54.76,
  FACIAL_ANGLE: 82.35,
  // A–B plane angle: the stored copy of the abstract prints the women's value garbled ("-613°"); left out.
};

const NOTES: Readonly<Record<string, string>> = {
  GOGN_SN: "source: SN to Downs' mandibular plane (tangent through Me); ours uses Go–Gn",
  DOWNS_MPA: 'source: FH to mandibular plane (MP–FH)',
  FMA: 'source: FH to mandibular plane (MP–FH), the same value as the Downs row',
  OCC_SN: 'source: SN to occlusal plane as Downs measured it',
};

function meansOnly(values: Readonly<Record<string, number>>): Record<string, NormCell> {
  const cells: Record<string, NormCell> = {};
  for (const [id, mean] of Object.entries(values)) {
    const note = NOTES[id];
    cells[id] = { mean, sd: null, source: 'N1', check: 'one-source', ...(note === undefined ? {} : { note }) };
  }
  return cells;
}

/** Every norm set the product knows. Korean: no per-measurement value was found in a readable source yet. */
export const NORM_SETS: readonly NormSet[] = [
  { id: 'caucasian-adult', population: 'caucasian', sex: 'any', ageBand: 'adult', baseline: true, inheritsBaseline: false, cells: {} },
  caucasianChild('6-8'),
  caucasianChild('9-11'),
  caucasianChild('12-14'),
  caucasianChild('15-17'),
  {
    id: 'chinese-adult-male',
    population: 'chinese',
    sex: 'male',
    ageBand: 'adult',
    baseline: false,
    inheritsBaseline: false,
    cells: meansOnly(CHINESE_MALE),
  },
  {
    id: 'chinese-adult-female',
    population: 'chinese',
    sex: 'female',
    ageBand: 'adult',
    baseline: false,
    inheritsBaseline: false,
    cells: meansOnly(CHINESE_FEMALE),
  },
  {
    id: 'japanese-adult',
    population: 'japanese',
    sex: 'any',
    ageBand: 'adult',
    baseline: false,
    inheritsBaseline: false,
    cells: { SNA: { mean: 82.08, sd: 2.66, source: 'N2', check: 'one-source', note: 'normal occlusion; sexes pooled' } },
  },
];

/** A norm set by id, or null. */
export function normSetById(id: string): NormSet | null {
  return NORM_SETS.find((s) => s.id === id) ?? null;
}
