import type { Calibration } from '../calibration/calibration.ts';
import type { Vec2 } from '../geometry/units.ts';
import { add, midpoint, norm, perp, scale, sub, unit, dot } from '../geometry/vec.ts';
import { closedSplinePath, toothOutlinePoints } from './tooth-templates.ts';
import type { LandmarkId, LandmarkMap } from './types.ts';

/*
 * First-molar outlines for the tracing (issue 28, "incisor and first-molar outlines drawn as templates
 * fitted to the detected points"). The model gives one point per first molar (U6, L6: the mesial
 * contact point, CL-Detection), so a two-point similarity fit as for the incisors is not possible.
 * Instead the template, drawn in millimetres in the tooth's own frame, is placed with
 *   - its mesial contact on the detected point,
 *   - its mesio-distal axis along the bisected occlusal plane mid(U6, L6) → mid(U1, L1)
 *     (cephalometrics.md §2), so it turns with the dentition,
 *   - its roots on the side of the same jaw's incisor apex (U1A / L1A), so it never flips,
 *   - the film's scale: the calibration's px per mm, else the upper incisor's length |U1 − U1A| over
 *     the mean tooth length 23.5 mm (Wheeler's Dental Anatomy; see tooth-templates.ts).
 */

/** Outline point in the molar frame, mm: `u` mesial (towards the incisors) from the mesial contact, `v` apical (towards the roots). */
export interface MolarTemplatePoint {
  readonly u: number;
  readonly v: number;
}

export interface MolarTemplate {
  readonly id: string;
  /** The detected point the template's mesial contact (u = v = 0) sits on. */
  readonly contact: LandmarkId;
  /** The same jaw's incisor apex: the roots point to its side of the occlusal plane. */
  readonly apexSide: LandmarkId;
  /** Closed outline, mesial contact first, crown first. */
  readonly outline: readonly MolarTemplatePoint[];
}

/** Mean upper central incisor length, mm (Wheeler: crown 10.5 + root 13), for the scale without a calibration. */
export const UPPER_INCISOR_LENGTH_MM = 23.5;

/**
 * The shapes are our drawing sized to Wheeler's means: upper first molar crown 10 mm mesio-distal and
 * 7.5 mm high, buccal roots 12–13 mm; lower first molar crown 11 mm and 7.5 mm, roots 13–14 mm. The
 * contact point sits in the occlusal third, ≈ 2 mm from the cusp tips.
 */
export const MOLAR_TEMPLATES: readonly MolarTemplate[] = [
  {
    id: 'upper-molar-outline',
    contact: 'U6',
    apexSide: 'U1A',
    outline: [
      { u: 0, v: 0 },
      { u: -0.9, v: -1.7 },
      { u: -2.2, v: -2.2 },
      { u: -4.8, v: -1.1 },
      { u: -7.4, v: -2.1 },
      { u: -9.2, v: -1.3 },
      { u: -10, v: 0.3 },
      { u: -9.4, v: 4 },
      { u: -9, v: 5.5 },
      { u: -9.1, v: 10 },
      { u: -8.4, v: 15.6 },
      { u: -7.1, v: 15.9 },
      { u: -6.3, v: 10 },
      { u: -5, v: 7.6 },
      { u: -3.8, v: 10 },
      { u: -2.7, v: 16.8 },
      { u: -1.2, v: 16.3 },
      { u: -0.6, v: 10 },
      { u: -0.6, v: 5.5 },
      { u: -0.2, v: 3.2 },
    ],
  },
  {
    id: 'lower-molar-outline',
    contact: 'L6',
    apexSide: 'L1A',
    outline: [
      { u: 0, v: 0 },
      { u: -1, v: -1.7 },
      { u: -2.3, v: -2.2 },
      { u: -5.4, v: -1.2 },
      { u: -8.3, v: -2.1 },
      { u: -10.2, v: -1.2 },
      { u: -11, v: 0.4 },
      { u: -10.4, v: 4.2 },
      { u: -9.9, v: 5.6 },
      { u: -10.2, v: 11 },
      { u: -9.6, v: 17.2 },
      { u: -8.1, v: 17.4 },
      { u: -7, v: 10.5 },
      { u: -5.6, v: 7.8 },
      { u: -4.2, v: 10.5 },
      { u: -2.7, v: 18 },
      { u: -1.1, v: 17.6 },
      { u: -0.6, v: 10.5 },
      { u: -0.7, v: 5.6 },
      { u: -0.2, v: 3.2 },
    ],
  },
];

/**
 * The template's outline on the film (image px): `contact + u·k·û + v·k·v̂` with û the unit mesial
 * direction, v̂ ⟂ û on the side of `apexSide`, k the px per mm. `null` when the direction has no length,
 * the apex lies on the plane, or k is not positive.
 */
export function fitMolarOutline(
  outline: readonly MolarTemplatePoint[],
  contact: Vec2,
  mesial: Vec2,
  apexSide: Vec2,
  pxPerMm: number,
): Vec2[] | null {
  const u = unit(mesial);
  if (u === null || !(pxPerMm > 0)) return null;
  const side = dot(perp(u), sub(apexSide, contact));
  if (side === 0) return null;
  const v = side > 0 ? perp(u) : scale(perp(u), -1);
  return outline.map((p) => add(contact, add(scale(u, p.u * pxPerMm), scale(v, p.v * pxPerMm))));
}

/** The calibration's px per mm (mean of x and y) for the templates; null without a calibration. */
export function calibrationPxPerMm(calibration: Calibration): number | null {
  return calibration.kind === 'calibrated' ? (calibration.pxPerMmX + calibration.pxPerMmY) / 2 : null;
}

/** px per mm for the templates: the calibration's when there is one, else |U1 − U1A| / UPPER_INCISOR_LENGTH_MM; null without either. */
export function templateScale(positions: LandmarkMap<Vec2>, pxPerMm: number | null): number | null {
  if (pxPerMm !== null && pxPerMm > 0) return pxPerMm;
  if (!positions.U1 || !positions.U1A) return null;
  const length = norm(sub(positions.U1, positions.U1A));
  return length > 0 ? length / UPPER_INCISOR_LENGTH_MM : null;
}

/** The fitted molar outlines (image px, closed), for the molars whose contact, both molars, both incisor tips and the apex are present. */
export function molarOutlinePoints(
  positions: LandmarkMap<Vec2>,
  pxPerMm: number | null,
): { id: string; landmarks: readonly LandmarkId[]; points: Vec2[] }[] {
  const { U6, L6, U1, L1 } = positions;
  const k = templateScale(positions, pxPerMm);
  if (!U6 || !L6 || !U1 || !L1 || k === null) return [];
  const mesial = sub(midpoint(U1, L1), midpoint(U6, L6));
  return MOLAR_TEMPLATES.flatMap((tooth) => {
    const contact = positions[tooth.contact];
    const apex = positions[tooth.apexSide];
    if (!contact || !apex) return [];
    const points = fitMolarOutline(tooth.outline, contact, mesial, apex, k);
    return points ? [{ id: tooth.id, landmarks: [tooth.contact], points }] : [];
  });
}

/**
 * The user's move of a template (image px and degrees, clockwise on the film): rotation about the
 * fitted outline's centroid, then the shift.
 */
export interface TemplateOffset {
  readonly dx: number;
  readonly dy: number;
  readonly rotation: number;
}

/** `points` moved by `offset` (image px): each point turned by `rotation`° about the points' centroid, then shifted by (dx, dy). */
export function applyTemplateOffset(points: readonly Vec2[], offset: TemplateOffset): Vec2[] {
  if (points.length === 0) return [];
  const c = scale(
    points.reduce((s, p) => add(s, p), { x: 0, y: 0 }),
    1 / points.length,
  );
  const a = (offset.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  return points.map((p) => {
    const d = sub(p, c);
    return { x: c.x + d.x * cos - d.y * sin + offset.dx, y: c.y + d.x * sin + d.y * cos + offset.dy };
  });
}

/** One drawn tooth template: its id, the landmarks it is fitted to, the outline (image px, closed) and its SVG path. */
export interface TemplatePath {
  readonly id: string;
  readonly landmarks: readonly LandmarkId[];
  readonly points: Vec2[];
  readonly d: string;
}

/**
 * Every tooth template of the tracing (incisors, then first molars), fitted to `positions` (image px)
 * and moved by the user's `offsets` (by template id; none: as fitted). What the viewer draws and the
 * report prints.
 */
export function templatePaths(
  positions: LandmarkMap<Vec2>,
  pxPerMm: number | null,
  offsets: Readonly<Record<string, TemplateOffset>> = {},
): TemplatePath[] {
  return [...toothOutlinePoints(positions), ...molarOutlinePoints(positions, pxPerMm)].map((t) => {
    const offset = offsets[t.id];
    const points = offset ? applyTemplateOffset(t.points, offset) : t.points;
    return { ...t, points, d: closedSplinePath(points) };
  });
}
