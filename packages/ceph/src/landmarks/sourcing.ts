import { modelOutputIndexV1 } from './model-output.ts';
import { LANDMARK_IDS, type LandmarkId } from './types.ts';

/**
 * How a catalogue point that the landmark model does not output gets onto the film (issue 28): either
 * constructed from detected points (constructed.ts, drawn and listed as "constructed") with the
 * sources it reads, or placed by hand, with why no honest construction exists and what the user does.
 */
export type LandmarkSourcing =
  | { readonly kind: 'constructed'; readonly from: readonly LandmarkId[]; readonly method: string }
  | { readonly kind: 'manual'; readonly why: string; readonly action: string };

const RAMUS_WHY =
  'The ramus borders and sigmoid notch are not among the model points, and no published construction places ' +
  'them from Ar, Go and Co alone. The tracing follows the film only between detected points (Ar-Go, the ' +
  'posterior border; Go-Me, the lower border): no point anchors the anterior border or the sigmoid notch ' +
  '(coronoid process), so R1 and R3, and with them R2 and R4, cannot be found by that method.';
const RAMUS_ACTION = 'Place R1-R4 by hand on the ramus (Ricketts lower face height and mandibular arc read Xi, built from them).';

/** One entry per catalogue point outside the v1 model's outputs (a test checks the coverage). */
export const LANDMARK_SOURCING: Partial<Record<LandmarkId, LandmarkSourcing>> = {
  UPM: {
    kind: 'constructed',
    from: ['U6', 'U1'],
    method: 'Estimate: 13% of the way from the upper first molar contact to the incisor tip (constructed.ts premolarEstimate).',
  },
  LPM: {
    kind: 'constructed',
    from: ['L6', 'L1'],
    method: 'Estimate: 13% of the way from the lower first molar contact to the incisor tip (constructed.ts premolarEstimate).',
  },
  stA: {
    kind: 'constructed',
    from: ['Sn', 'ULv', 'Ls', 'A'],
    method: 'Deepest point of the traced profile between Sn and Ls, behind the Sn-Ls chord.',
  },
  stB: {
    kind: 'constructed',
    from: ['Li', 'LLv', 'stPog', 'B'],
    method: "Deepest point of the traced profile between Li and Pog', behind the Li-Pog' chord.",
  },
  Stms: {
    kind: 'constructed',
    from: ['Ls', 'Li'],
    method: 'Midpoint of Ls and Li (lips in contact); place by hand when the lips are apart.',
  },
  Stmi: {
    kind: 'constructed',
    from: ['Ls', 'Li'],
    method: 'Midpoint of Ls and Li (lips in contact); place by hand when the lips are apart.',
  },
  Pm: { kind: 'constructed', from: ['B', 'Pog'], method: 'Halfway along the traced symphysis contour from B to Pog.' },
  DC: { kind: 'constructed', from: ['Ba', 'N', 'Co'], method: 'Foot of the perpendicular from Co on the Ba-N line.' },
  Xi: {
    kind: 'constructed',
    from: ['R1', 'R2', 'R3', 'R4', 'Po', 'Or'],
    method: 'Ricketts: centre of the R1-R4 rectangle aligned with FH.',
  },
  R1: { kind: 'manual', why: RAMUS_WHY, action: RAMUS_ACTION },
  R2: { kind: 'manual', why: RAMUS_WHY, action: RAMUS_ACTION },
  R3: { kind: 'manual', why: RAMUS_WHY, action: RAMUS_ACTION },
  R4: { kind: 'manual', why: RAMUS_WHY, action: RAMUS_ACTION },
  R: {
    kind: 'manual',
    why: 'An Aariz dataset point with no agreed definition (one reading: the most convex point of the posterior ramus border).',
    action: 'Place it by hand if your analysis uses it; no built-in measurement reads it.',
  },
  Id: {
    kind: 'manual',
    why: 'The lower alveolar crest is not among the model points; its height on the incisor root varies with bone level.',
    action: 'Place it by hand on the crest between the lower central incisors; no built-in measurement reads it.',
  },
  Pr: {
    kind: 'manual',
    why: 'The upper alveolar crest is not among the model points; its height on the incisor root varies with bone level.',
    action: 'Place it by hand on the crest between the upper central incisors; no built-in measurement reads it.',
  },
};

/** Catalogue points the v1 model does not output, in registry order. */
export function undetectedLandmarkIds(): LandmarkId[] {
  return LANDMARK_IDS.filter((id) => modelOutputIndexV1(id) === null);
}
