import type { LandmarkId } from '../landmarks/types.ts';

/** The rigid segments of a surgical set-up (reference §6.2, STO). */
export type SurgicalSegmentId = 'maxilla' | 'mandible' | 'chin';

/**
 * A soft-to-hard response ratio of the surgical set-up (reference §6.2 table; dimensionless soft :
 * hard). The soft points move `ratio × the driver's displacement from this segment's move` on both
 * axes (the sources give horizontal ratios; the vertical one is assumed equal, as for the VTO).
 * `direction` picks the rule by the sign of the driver's horizontal displacement (advance: ≥ 0).
 * `choices` are the published values offered as one-click picks; any value in
 * [0, SURGICAL_RATIO_MAX] may be typed.
 */
export interface SurgicalRatio {
  readonly id: SurgicalRatioId;
  readonly segment: SurgicalSegmentId;
  readonly direction: 'advance' | 'setback' | 'any';
  readonly soft: readonly LandmarkId[];
  /** The hard landmark whose displacement drives the soft ones; 'own' = each soft point's bony counterpart. */
  readonly driver: LandmarkId | 'own';
  readonly defaultRatio: number;
  readonly choices: readonly { readonly id: SurgicalRatioChoiceId; readonly value: number }[];
  readonly source: string;
}

/** Which published value a choice is: the study design, or the sex a ratio was reported for. */
export type SurgicalRatioChoiceId = '3d' | '2d' | 'women' | 'men' | 'published';

export type SurgicalRatioId =
  | 'lefortAdvanceUpperLip'
  | 'lefortSetbackUpperLip'
  | 'lefortNoseTip'
  | 'bssoAdvanceChin'
  | 'bssoSetbackChin'
  | 'bssoLowerLip'
  | 'genioChin';

/** Highest ratio that may be typed (soft tissue moving 1.5× its bone is beyond every published value). */
export const SURGICAL_RATIO_MAX = 1.5;

/** Each soft point's bony counterpart for `driver: 'own'`. */
export const SOFT_BONY_COUNTERPART: Readonly<Partial<Record<LandmarkId, LandmarkId>>> = { stB: 'B', stPog: 'Pog', stGn: 'Gn', stMe: 'Me' };

const VERTICAL = 'vertical ratio assumed equal to the horizontal one (no public vertical ratio found)';
const UPPER_LIP: readonly LandmarkId[] = ['Ls', 'ULv', 'Stms'];
const LOWER_LIP: readonly LandmarkId[] = ['Li', 'LLv', 'Stmi'];

/**
 * The published surgical ratios (reference §6.2 [S26]: PMC6173856 3-D study, Naoumova et al. Eur J
 * Orthod 2008;30:359, IJAOOS abstract on mandibular advancement). Soft points of no rule (Sn, Cm, stA)
 * are not forced: the warp carries them between their neighbours.
 */
export const SURGICAL_SOFT_TISSUE_RATIOS: readonly SurgicalRatio[] = [
  {
    id: 'lefortAdvanceUpperLip',
    segment: 'maxilla',
    direction: 'advance',
    soft: UPPER_LIP,
    driver: 'U1',
    defaultRatio: 0.2,
    choices: [
      { id: '3d', value: 0.2 },
      { id: '2d', value: 0.5 },
    ],
    source: `[S26] PMC6173856 (3-D): Ls ≈ 0.21 of Le Fort I advancement; 2-D literature 0.4–0.6 ◦; ${VERTICAL}`,
  },
  {
    id: 'lefortSetbackUpperLip',
    segment: 'maxilla',
    direction: 'setback',
    soft: UPPER_LIP,
    driver: 'U1',
    defaultRatio: 0.14,
    choices: [{ id: '3d', value: 0.14 }],
    source: `[S26] PMC6173856 (3-D): Ls ≈ 0.14 of Le Fort I setback; ${VERTICAL}`,
  },
  {
    id: 'lefortNoseTip',
    segment: 'maxilla',
    direction: 'any',
    soft: ['Prn'],
    driver: 'A',
    defaultRatio: 0.17,
    choices: [{ id: '3d', value: 0.17 }],
    source: `[S26] PMC6173856 (3-D): nasal tip ≈ 0.17 of Le Fort I advancement (also used for setback ◦); ${VERTICAL}`,
  },
  {
    id: 'bssoAdvanceChin',
    segment: 'mandible',
    direction: 'advance',
    soft: ['stB', 'stPog', 'stGn', 'stMe'],
    driver: 'own',
    defaultRatio: 1,
    choices: [{ id: 'published', value: 1 }],
    source: `[S26] mandibular advancement: soft B′, Pog′ ≈ 1:1 over the bone; ${VERTICAL}`,
  },
  {
    id: 'bssoSetbackChin',
    segment: 'mandible',
    direction: 'setback',
    soft: ['stB', 'stPog', 'stGn', 'stMe'],
    driver: 'own',
    defaultRatio: 1,
    choices: [
      { id: 'women', value: 1 },
      { id: 'men', value: 1.1 },
    ],
    source: `[S26] Naoumova et al. 2008: mandibular setback, chin and mentolabial fold ≈ 1:1 (women), ≈ 1.1:1 (men); ${VERTICAL}`,
  },
  {
    id: 'bssoLowerLip',
    segment: 'mandible',
    direction: 'any',
    soft: LOWER_LIP,
    driver: 'L1',
    defaultRatio: 0.66,
    choices: [
      { id: '3d', value: 0.66 },
      { id: '2d', value: 0.43 },
    ],
    source:
      '[S26] mandibular advancement: Li ≈ 0.66 of L1 (3-D, PMC6173856), 0.43 (2-D cephalometric); ' +
      `setback: no public ratio, the same used ◦; ${VERTICAL}`,
  },
  {
    id: 'genioChin',
    segment: 'chin',
    direction: 'any',
    soft: ['stPog', 'stGn', 'stMe'],
    driver: 'own',
    defaultRatio: 1,
    choices: [{ id: 'published', value: 1 }],
    source:
      '"Assessment of soft-tissue vs hard-tissue changes after isolated functional genioplasty" (abstract, researchgate 359923458): ' +
      `Pog 6.39 mm hard, 6.72 mm soft after 2 years (≈ 1:1); ${VERTICAL}`,
  },
];

/** The ratio `chosen` gives one rule, clamped into [0, SURGICAL_RATIO_MAX]; the published default when absent or not finite. */
export function chosenSurgicalRatio(rule: SurgicalRatio, chosen: Partial<Record<string, number>>): number {
  const value = chosen[rule.id];
  if (value === undefined || !Number.isFinite(value)) return rule.defaultRatio;
  return Math.min(SURGICAL_RATIO_MAX, Math.max(0, value));
}
