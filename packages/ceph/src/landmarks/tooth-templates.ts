import type { Vec2 } from '../geometry/units.ts';
import { add, dot, norm, perp, scale, sub } from '../geometry/vec.ts';
import { splinePath } from './tracing-paths.ts';
import type { LandmarkId, LandmarkMap } from './types.ts';

/*
 * Incisor outlines for the tracing (issue 28, "incisor outlines drawn as templates fitted to the
 * detected points"): a template in the tooth's own frame, placed on the film by the similarity
 * transform that takes its apex and incisal edge onto the detected apex and tip, so it scales and
 * rotates with them. First molars have their own templates (molar-templates.ts): the model gives one
 * point per molar, so they are fitted to it, the occlusal plane and the film's scale.
 */

/**
 * Outline point in the tooth frame: `t` along the axis from apex (0) to incisal edge (1), `s` across
 * it in tooth lengths, positive labial. The shapes are our drawing, sized to the mean dimensions in
 * Wheeler's Dental Anatomy (upper central incisor: crown 10.5 mm, root 13 mm, labio-lingual crown 7 mm;
 * lower central incisor: crown 9 mm, root 12.5 mm, labio-lingual crown 6 mm), so the cemento-enamel
 * junction sits at t = 13/23.5 ≈ 0.55 (upper) and 12.5/21.5 ≈ 0.58 (lower).
 */
export interface TemplatePoint {
  readonly t: number;
  readonly s: number;
}

export interface ToothTemplate {
  readonly id: string;
  readonly apex: LandmarkId;
  readonly tip: LandmarkId;
  /** A point posterior to the tooth (its first molar): the labial side is the other side of the axis. */
  readonly posterior: LandmarkId;
  /** Closed outline from the apex, labial side first. */
  readonly outline: readonly TemplatePoint[];
}

export const TOOTH_TEMPLATES: readonly ToothTemplate[] = [
  {
    id: 'upper-incisor-outline',
    apex: 'U1A',
    tip: 'U1',
    posterior: 'U6',
    outline: [
      { t: 0, s: 0 },
      { t: 0.15, s: 0.03 },
      { t: 0.35, s: 0.06 },
      { t: 0.55, s: 0.11 },
      { t: 0.7, s: 0.12 },
      { t: 0.85, s: 0.08 },
      { t: 0.95, s: 0.035 },
      { t: 1, s: 0 },
      { t: 0.97, s: -0.03 },
      { t: 0.88, s: -0.05 },
      { t: 0.75, s: -0.07 },
      { t: 0.64, s: -0.13 },
      { t: 0.55, s: -0.12 },
      { t: 0.35, s: -0.07 },
      { t: 0.15, s: -0.035 },
    ],
  },
  {
    id: 'lower-incisor-outline',
    apex: 'L1A',
    tip: 'L1',
    posterior: 'L6',
    outline: [
      { t: 0, s: 0 },
      { t: 0.15, s: 0.03 },
      { t: 0.35, s: 0.055 },
      { t: 0.58, s: 0.09 },
      { t: 0.75, s: 0.085 },
      { t: 0.9, s: 0.05 },
      { t: 1, s: 0 },
      { t: 0.95, s: -0.035 },
      { t: 0.8, s: -0.07 },
      { t: 0.66, s: -0.1 },
      { t: 0.58, s: -0.095 },
      { t: 0.35, s: -0.06 },
      { t: 0.15, s: -0.03 },
    ],
  },
];

/**
 * The template's outline on the film (same space as the inputs, e.g. image px): the similarity
 * transform with apex → `apex`, incisal edge → `tip`, labial side away from `posterior`:
 * `apex + t·(tip − apex) + s·|tip − apex|·n̂`. `null` when apex = tip.
 */
export function fitToothOutline(outline: readonly TemplatePoint[], apex: Vec2, tip: Vec2, posterior: Vec2): Vec2[] | null {
  const axis = sub(tip, apex);
  if (norm(axis) === 0) return null;
  // perp(axis) has the axis's length: s (in tooth lengths) times it is already in the points' units.
  const across = dot(perp(axis), sub(posterior, apex)) > 0 ? scale(perp(axis), -1) : perp(axis);
  return outline.map((p) => add(apex, add(scale(axis, p.t), scale(across, p.s))));
}

/** The fitted incisor outlines (image px, closed: the last point joins the first), for the teeth whose apex, tip and molar are present. */
export function toothOutlinePoints(positions: LandmarkMap<Vec2>): { id: string; landmarks: readonly LandmarkId[]; points: Vec2[] }[] {
  return TOOTH_TEMPLATES.flatMap((tooth) => {
    const apex = positions[tooth.apex];
    const tip = positions[tooth.tip];
    const posterior = positions[tooth.posterior];
    if (!apex || !tip || !posterior) return [];
    const pts = fitToothOutline(tooth.outline, apex, tip, posterior);
    if (!pts || !pts[0]) return [];
    return [{ id: tooth.id, landmarks: [tooth.apex, tooth.tip], points: pts }];
  });
}

/** The fitted incisor outlines as closed SVG paths (image px), for the teeth whose apex, tip and molar are present. */
export function toothOutlinePaths(positions: LandmarkMap<Vec2>): { id: string; landmarks: readonly LandmarkId[]; d: string }[] {
  return toothOutlinePoints(positions).map(({ id, landmarks, points }) => ({ id, landmarks, d: closedSplinePath(points) }));
}

/** A closed outline's SVG path (image px): the tracing spline through the points and back to the first, closed with Z. */
export function closedSplinePath(points: readonly Vec2[]): string {
  const first = points[0];
  return first ? `${splinePath([...points, first])} Z` : '';
}
