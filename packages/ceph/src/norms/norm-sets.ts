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
export const NORM_SOURCE_KEYS = ['N1', 'N2', 'N3', 'N4', 'N5'] as const;
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
  /**
   * Values a source published for boys and girls apart (no pooled value): used, next to `cells`, when
   * the patient's sex is known. With the sex unknown they are not used and never averaged into a pooled
   * value; the measurement then gets what the set gives without them (a Caucasian child set: the
   * catalogue's norm, see `inheritsBaseline`).
   */
  readonly sexCells?: Readonly<Partial<Record<'female' | 'male', Readonly<Record<string, NormCell>>>>>;
}

type ChildBand = Exclude<AgeBand, 'adult'>;

/**
 * Ricketts' age rule (reference §3.5, [N3]): the norm published at 9 years plus a yearly drift, evaluated
 * at the middle of an age band (6-8 -> 7.5 years, ...). Degrees or mm, as the measurement.
 */
function ricketts(at9: number, perYear: number, sd: number, band: ChildBand): NormCell {
  const middle = { '6-8': 7.5, '9-11': 10.5, '12-14': 13.5, '15-17': 16.5 }[band];
  const mean = Math.round((at9 + perYear * (middle - 9)) * 10) / 10;
  const rule = perYear === 0 ? 'no age change' : `${at9} at 9 y, ${perYear > 0 ? '+' : ''}${Math.round(perYear * 100) / 100}/y`;
  return { mean, sd, source: 'N3', check: 'two-sources', note: `Ricketts' rule (${rule}) at ${middle} y` };
}

/**
 * Riolo, Moyers, McNamara & Hunter 1974, "An atlas of craniofacial growth" (University of Michigan,
 * University School Growth Study) [N4]: mean ± SD by sex and whole year of age, 6–16 years, read in the
 * stored table `kmiddleton/Riolo_CF_Growth_Data` `inst/extdata/Riolo_data_linear.csv`. A band takes the
 * atlas's value at the band's middle whole year (7, 10, 13 years; 16 for 15-17, the atlas's last year):
 * a published row, not interpolated. Millimetres as the atlas printed them (its radiographic enlargement
 * is not stated in the stored copy). `n` is the atlas's number of children at that year.
 */
const RIOLO_YEAR: Readonly<Record<ChildBand, number>> = { '6-8': 7, '9-11': 10, '12-14': 13, '15-17': 16 };
type RioloRow = readonly [n: number, mean: number, sd: number];
type RioloBySex = Readonly<Record<'male' | 'female', Readonly<Record<ChildBand, RioloRow>>>>;
const RIOLO: Readonly<Record<string, RioloBySex>> = {
  // Atlas variable 149 "Sella-Nasion" (S-N).
  ANT_CRANIAL_BASE: {
    male: { '6-8': [44, 73.9, 3.1], '9-11': [46, 76.8, 3.2], '12-14': [43, 79.5, 3.8], '15-17': [23, 83.3, 3.8] },
    female: { '6-8': [31, 70.6, 2.6], '9-11': [35, 73.9, 2.8], '12-14': [29, 75.5, 3.1], '15-17': [9, 76.9, 3.9] },
  },
  // Atlas variable 79 "Condylion-Gnathion" (CO-GN).
  CO_GN: {
    male: { '6-8': [44, 105.3, 3.6], '9-11': [46, 114.5, 3.9], '12-14': [43, 123.1, 5.5], '15-17': [23, 133.6, 5.4] },
    female: { '6-8': [31, 103.3, 4.4], '9-11': [35, 111.3, 4.9], '12-14': [29, 117.8, 4.3], '15-17': [9, 123.6, 4] },
  },
  // Atlas variable 158 "Menton-Anterior Nasal Spine" (ME-ANS).
  LAFH: {
    male: { '6-8': [44, 65.5, 4.4], '9-11': [45, 68.9, 4.9], '12-14': [42, 72, 5.6], '15-17': [23, 79.5, 6.2] },
    female: { '6-8': [31, 63.6, 4.1], '9-11': [35, 65.3, 4.9], '12-14': [29, 68.1, 4.5], '15-17': [9, 69.3, 5.2] },
  },
};

function rioloCells(sex: 'male' | 'female', band: ChildBand): Record<string, NormCell> {
  const cells: Record<string, NormCell> = {};
  for (const [id, bySex] of Object.entries(RIOLO)) {
    const [n, mean, sd] = bySex[sex][band];
    const who = sex === 'male' ? 'boys' : 'girls';
    cells[id] = { mean, sd, source: 'N4', check: 'one-source', note: `Riolo 1974 atlas, ${who} aged ${RIOLO_YEAR[band]} y (n = ${n})` };
  }
  return cells;
}

function caucasianChild(band: ChildBand): NormSet {
  const cells: Record<string, NormCell> = {
    FACIAL_DEPTH: ricketts(87, 1 / 3, 3, band),
    RICKETTS_MPA: { ...ricketts(26, -1 / 3, 4, band), check: 'one-source' },
    CONVEXITY_MM: ricketts(2, -0.2, 2, band),
    FACIAL_AXIS: { ...ricketts(90, 0, 3, band), check: 'one-source' },
  };
  // Lower lip to E-line: published for ~8.5 years only (reference §3.5), so only in the band holding 8.5.
  if (band === '6-8') cells['LOWER_LIP_E'] = { mean: -2, sd: 2, source: 'N3', check: 'two-sources', note: 'published at ~8.5 y' };
  return {
    id: `caucasian-${band}`,
    population: 'caucasian',
    sex: 'any',
    ageBand: band,
    baseline: false,
    inheritsBaseline: true,
    cells,
    sexCells: { male: rioloCells('male', band), female: rioloCells('female', band) },
  };
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

/**
 * Japanese children, McNamara analysis, sexes pooled (n = 47), at 8, 10 and 12 years [N5]: a table of a
 * 1999 Japanese Orthodontic Society meeting presentation (Ikegami, Koyama) as a clinic's page prints it.
 * Each age is filed in the band that holds it (8 -> 6-8, 10 -> 9-11, 12 -> 12-14); nothing for 15-17.
 * Not used: N–Me (no catalogue measurement) and the facial axis, printed as a deviation from 90° whose
 * sign convention the page does not state.
 */
const JAPANESE_CHILD_AGE: Readonly<Record<'6-8' | '9-11' | '12-14', number>> = { '6-8': 8, '9-11': 10, '12-14': 12 };
const JAPANESE_CHILD: Readonly<Record<string, Readonly<Record<'6-8' | '9-11' | '12-14', readonly [number, number]>>>> = {
  A_NPERP: { '6-8': [-0.86, 2.78], '9-11': [-1.19, 2.52], '12-14': [-0.6, 2.68] },
  CO_GN: { '6-8': [101.43, 3.59], '9-11': [106.01, 3.86], '12-14': [113.29, 4.79] },
  CO_A: { '6-8': [82.14, 3.31], '9-11': [84.94, 3.78], '12-14': [89.25, 3.72] },
  MAXMAND_DIFF: { '6-8': [19.29, 2.63], '9-11': [21.06, 2.77], '12-14': [24.04, 3.52] },
  LAFH: { '6-8': [63.68, 3.69], '9-11': [65.44, 3.64], '12-14': [69.15, 3.98] },
  MCN_MPA: { '6-8': [31.44, 4.14], '9-11': [31.66, 4.3], '12-14': [30.64, 4.44] },
  POG_NPERP: { '6-8': [-10.61, 4.43], '9-11': [-10.54, 4.52], '12-14': [-9.14, 5.41] },
  U1_AVERT: { '6-8': [1.87, 2.4], '9-11': [3.74, 1.91], '12-14': [4.93, 2.27] },
  L1_APOG_MCN: { '6-8': [3.38, 1.97], '9-11': [3.91, 2], '12-14': [4.7, 2.25] },
};

function japaneseChild(band: '6-8' | '9-11' | '12-14'): NormSet {
  const cells: Record<string, NormCell> = {};
  for (const [id, byBand] of Object.entries(JAPANESE_CHILD)) {
    const [mean, sd] = byBand[band];
    cells[id] = { mean, sd, source: 'N5', check: 'one-source', note: `published at ${JAPANESE_CHILD_AGE[band]} y; sexes pooled` };
  }
  return { id: `japanese-${band}`, population: 'japanese', sex: 'any', ageBand: band, baseline: false, inheritsBaseline: false, cells };
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
  japaneseChild('6-8'),
  japaneseChild('9-11'),
  japaneseChild('12-14'),
];

/** A norm set by id, or null. */
export function normSetById(id: string): NormSet | null {
  return NORM_SETS.find((s) => s.id === id) ?? null;
}
