import type { LandmarkId } from './types.ts';

/** One tracing outline: landmarks joined in order; `smooth` = draw as a spline rather than straight segments. */
export interface TracingOutline {
  readonly id: string;
  readonly name: string;
  readonly landmarks: readonly LandmarkId[];
  readonly smooth: boolean;
  readonly closed: boolean;
}

/**
 * Tracing outlines drawn between landmarks (image or patient space: the outline is just the order).
 * Missing landmarks are skipped by the renderer; an outline with fewer than two present points is not drawn.
 */
export const TRACING_OUTLINES: readonly TracingOutline[] = [
  { id: 'cranial-base', name: 'Cranial base', landmarks: ['Ba', 'S', 'N'], smooth: false, closed: false },
  { id: 'frankfort', name: 'Frankfort horizontal', landmarks: ['Po', 'Or'], smooth: false, closed: false },
  { id: 'maxilla', name: 'Maxilla', landmarks: ['PNS', 'ANS', 'A', 'Pr'], smooth: true, closed: false },
  { id: 'pterygomaxillary', name: 'Pterygomaxillary fissure', landmarks: ['Pt', 'Ptm'], smooth: true, closed: false },
  { id: 'mandible', name: 'Mandible', landmarks: ['Co', 'Ar', 'Go', 'Me', 'Gn', 'Pog', 'Pm', 'B', 'Id'], smooth: true, closed: false },
  { id: 'upper-incisor', name: 'Upper incisor axis', landmarks: ['U1A', 'U1'], smooth: false, closed: false },
  { id: 'lower-incisor', name: 'Lower incisor axis', landmarks: ['L1A', 'L1'], smooth: false, closed: false },
  {
    id: 'soft-upper-profile',
    name: 'Soft-tissue profile (forehead to upper lip)',
    landmarks: ['stG', 'stN', 'Prn', 'Cm', 'Sn', 'stA', 'ULv', 'Ls', 'Stms'],
    smooth: true,
    closed: false,
  },
  {
    id: 'soft-lower-profile',
    name: 'Soft-tissue profile (lower lip to neck)',
    landmarks: ['Stmi', 'Li', 'LLv', 'stB', 'stPog', 'stGn', 'stMe', 'C'],
    smooth: true,
    closed: false,
  },
];
