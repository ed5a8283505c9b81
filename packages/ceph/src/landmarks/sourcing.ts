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

const RAMUS_FROM: readonly LandmarkId[] = ['Ar', 'Go', 'Co', 'Po', 'Or', 'Me'];
const RAMUS_METHOD =
  'Found on the film (contours/ramus-points.ts findRamusPoints): the posterior and lower borders traced between Ar, Go ' +
  'and Me, the anterior border and the sigmoid notch read on lines parallel and perpendicular to FH; where the film ' +
  'shows no clear border, a population estimate from the Ar-Go length. Check it and move it where the film disagrees.';

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
  DC: {
    kind: 'constructed',
    from: ['Ba', 'N', 'Co', 'Po', 'Or'],
    method: 'Where the line through Co perpendicular to FH meets Ba-N (without Po or Or: the foot of the perpendicular from Co on Ba-N).',
  },
  Xi: {
    kind: 'constructed',
    from: ['R1', 'R2', 'R3', 'R4', 'Po', 'Or'],
    method: 'Ricketts: centre of the R1-R4 rectangle aligned with FH.',
  },
  R1: { kind: 'constructed', from: RAMUS_FROM, method: RAMUS_METHOD },
  R2: { kind: 'constructed', from: RAMUS_FROM, method: RAMUS_METHOD },
  R3: { kind: 'constructed', from: RAMUS_FROM, method: RAMUS_METHOD },
  R4: { kind: 'constructed', from: RAMUS_FROM, method: RAMUS_METHOD },
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
