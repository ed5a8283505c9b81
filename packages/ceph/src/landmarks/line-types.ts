import { modelOutputIndexV1 } from './model-output.ts';
import type { LandmarkId } from './types.ts';

/** The spec's landmark line-type kinds (point 3: single line, multi line, dot, line and dot, distance types, others). */
export type LineTypeKind = 'singleLine' | 'multiLine' | 'dot' | 'lineAndDot' | 'distance' | 'others';

/**
 * How the viewer draws each landmark, by kind. Every registry landmark is in exactly one group
 * (a test checks it). Our reading of the spec's groups: `singleLine` = end of one straight reference
 * line (SN, FH, palatal plane, Ba–N, PTV); `multiLine` = a point on a curved outline (bony and
 * soft-tissue profiles, mandible); `dot` = drawn as a dot only; `lineAndDot` = tooth points drawn as a
 * dot plus the tooth axis; `distance` = construction points used only for distances; `others` =
 * constructed points with no outline.
 */
export const LINE_TYPE_GROUPS: Readonly<Record<LineTypeKind, readonly LandmarkId[]>> = {
  singleLine: ['S', 'N', 'Po', 'Or', 'ANS', 'PNS', 'Ba', 'Pt'],
  multiLine: [
    'A',
    'B',
    'Pog',
    'Me',
    'Gn',
    'Go',
    'Ar',
    'Co',
    'Pm',
    'Id',
    'Pr',
    'R',
    'stG',
    'stN',
    'Prn',
    'Cm',
    'Sn',
    'stA',
    'Ls',
    'ULv',
    'Stms',
    'Stmi',
    'Li',
    'LLv',
    'stB',
    'stPog',
    'stGn',
    'stMe',
    'C',
  ],
  dot: ['U6', 'L6', 'UPM', 'LPM', 'D', 'Bo'],
  lineAndDot: ['U1', 'U1A', 'L1', 'L1A'],
  distance: ['R1', 'R2', 'R3', 'R4', 'Ptm'],
  others: ['Xi', 'DC'],
};

/**
 * The same groups as lists of v1 model output indexes (0-based), the form the spec's stored
 * landmark data uses; landmarks the model does not output are left out.
 */
export function lineTypeGroupsAsModelIndexes(): Record<LineTypeKind, number[]> {
  const out = {} as Record<LineTypeKind, number[]>;
  for (const [kind, ids] of Object.entries(LINE_TYPE_GROUPS) as [LineTypeKind, readonly LandmarkId[]][]) {
    out[kind] = ids.map(modelOutputIndexV1).filter((i): i is number => i !== null);
  }
  return out;
}
