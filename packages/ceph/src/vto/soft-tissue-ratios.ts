import type { LandmarkId } from '../landmarks/types.ts';
import { DEFAULT_SOFT_TISSUE_RULES, type SoftTissueRule } from './movement.ts';

/**
 * Soft-tissue response ratios grouped the way a clinician picks them: one ratio per group (soft :
 * hard, dimensionless, applied to the horizontal and vertical components alike), with the range the
 * public sources report (reference §6.2). A group whose sources give one value has `min === max`.
 * Sources: [S21] Holdaway 1983; [S25] Angle Orthod 2007;77(5):808 (lip response to incisor
 * retraction, incisor : lip 3.8:1 … 1.75:1, teeth : lower lip 1.2:1 … 1.45:1); [S26] surgical
 * soft-tissue response (mandibular advancement/setback ≈ 1:1, men ≈ 1.1:1; Li over L1 0.43–0.66 in
 * mandibular advancement; nose tip 0.17 of Le Fort I advancement).
 */
export interface SoftTissueRatioGroup {
  readonly id: 'upperLip' | 'lowerLip' | 'softA' | 'noseTip' | 'chin';
  /** Soft-tissue landmarks that follow the driver by this group's ratio. */
  readonly soft: readonly LandmarkId[];
  readonly driver: LandmarkId | 'own';
  readonly min: number;
  readonly max: number;
  readonly defaultRatio: number;
  readonly source: string;
}

export const SOFT_TISSUE_RATIO_GROUPS: readonly SoftTissueRatioGroup[] = [
  {
    id: 'upperLip',
    soft: ['Ls', 'ULv', 'Stms'],
    driver: 'U1',
    min: 0.25,
    max: 0.6,
    defaultRatio: 0.33,
    source: '[S25] upper lip ≈ 0.25–0.6 of upper incisor retraction (≈ 1:3 typical)',
  },
  {
    id: 'lowerLip',
    soft: ['Li', 'LLv', 'Stmi'],
    driver: 'L1',
    min: 0.43,
    max: 0.85,
    defaultRatio: 0.75,
    source: '[S25] 0.69–0.85 of lower incisor retraction; [S26] 0.43–0.66 in mandibular advancement',
  },
  {
    id: 'softA',
    soft: ['stA'],
    driver: 'A',
    min: 1,
    max: 1,
    defaultRatio: 1,
    source: 'Holdaway [S21]: soft tissue at A keeps its thickness',
  },
  {
    id: 'noseTip',
    soft: ['Prn'],
    driver: 'A',
    min: 0.17,
    max: 0.17,
    defaultRatio: 0.17,
    source: '[S26] nasal tip ≈ 0.17 of Le Fort I advancement',
  },
  {
    id: 'chin',
    soft: ['stB', 'stPog', 'stGn', 'stMe'],
    driver: 'own',
    min: 0.9,
    max: 1.1,
    defaultRatio: 1,
    source: '[S26] soft chin ≈ 1:1 over the mandible (women), ≈ 1.1:1 (men)',
  },
];

export type SoftTissueRatioGroupId = SoftTissueRatioGroup['id'];

/** The ratio a group gets from `chosen`, clamped into its published range; the default when not chosen or not finite. */
export function chosenRatio(group: SoftTissueRatioGroup, chosen: Partial<Record<string, number>>): number {
  const value = chosen[group.id];
  if (value === undefined || !Number.isFinite(value)) return group.defaultRatio;
  return Math.min(group.max, Math.max(group.min, value));
}

/**
 * `DEFAULT_SOFT_TISSUE_RULES` with each rule's horizontal and vertical ratio replaced by its group's
 * chosen ratio (clamped into the group's range). Rules of no group keep their defaults; drivers and
 * sources are kept, the source gains the chosen value.
 */
export function softTissueRulesWithRatios(chosen: Partial<Record<string, number>>): SoftTissueRule[] {
  return DEFAULT_SOFT_TISSUE_RULES.map((rule) => {
    const group = SOFT_TISSUE_RATIO_GROUPS.find((g) => g.soft.includes(rule.soft));
    if (group === undefined) return rule;
    const ratio = chosenRatio(group, chosen);
    return { ...rule, horizontal: ratio, vertical: ratio, source: `${rule.source}; chosen ${ratio}` };
  });
}
