import { construct, type ImagePoint, type LandmarkMap, type PointRef, type Vec2, type VectorRef } from '@ceppro/ceph';
import type { ReferencePlaneId } from '@ceppro/contract';
import type { Size } from './coordinates.ts';

/**
 * The reference planes drawn on the film, from the domain's reference lines (`construct.*`).
 * Occlusal: the bisected occlusal plane (Downs; U6/L6 to U1/L1, which the model outputs), else the
 * functional one when premolars were placed by hand.
 */
export interface PlaneDefinition {
  readonly id: string;
  /** Short label drawn at the plane's anterior end. */
  readonly label: string;
  readonly line: VectorRef;
  readonly fallback?: VectorRef;
}

export const REFERENCE_PLANES: readonly (PlaneDefinition & { readonly id: ReferencePlaneId })[] = [
  { id: 'sn', label: 'SN', line: construct.SN },
  { id: 'fh', label: 'FH', line: construct.FH },
  { id: 'palatal', label: 'PP', line: construct.PP },
  { id: 'occlusal', label: 'OP', line: construct.BOP, fallback: construct.FOP },
  { id: 'mandibular', label: 'MP', line: construct.MP },
  { id: 'facial', label: 'N-Pog', line: construct.FACIAL },
  { id: 'e-line', label: 'E', line: construct.E_LINE },
];

/**
 * A plane's points. The domain's own resolver is internal to its evaluator; planes only use plain
 * landmarks and midpoints, so this resolves just those (anything else: not drawn).
 */
function resolve(ref: PointRef, pts: LandmarkMap<ImagePoint>): Vec2 | null {
  if (typeof ref === 'string') return pts[ref] ?? null;
  if ('mid' in ref) {
    const a = resolve(ref.mid[0], pts);
    const b = resolve(ref.mid[1], pts);
    return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null;
  }
  return null;
}

export interface PlaneSegment {
  readonly id: string;
  readonly label: string;
  readonly from: Vec2;
  readonly to: Vec2;
}

/** How far a plane runs past its defining points, as a share of their distance (a plane is a line, drawn finite). */
const EXTEND = 0.25;

/** The part of segment p→q inside the image (Liang–Barsky clipping); null when none is. */
export function clipToImage(p: Vec2, q: Vec2, size: Size): [Vec2, Vec2] | null {
  const d = { x: q.x - p.x, y: q.y - p.y };
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-d.x, p.x],
    [d.x, size.width - p.x],
    [-d.y, p.y],
    [d.y, size.height - p.y],
  ];
  for (const [denominator, room] of edges) {
    if (denominator === 0) {
      if (room < 0) return null;
      continue;
    }
    const t = room / denominator;
    if (denominator < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
  }
  if (t0 > t1) return null;
  return [
    { x: p.x + d.x * t0, y: p.y + d.y * t0 },
    { x: p.x + d.x * t1, y: p.y + d.y * t1 },
  ];
}

/**
 * The planes whose points are all present, as segments in image px extended past both ends;
 * only the planes in `only` when given (the user's Settings plane list).
 */
export function planeSegments(positions: LandmarkMap<ImagePoint>, size: Size, only: ReadonlySet<string> | null = null): PlaneSegment[] {
  const out: PlaneSegment[] = [];
  for (const plane of REFERENCE_PLANES) {
    if (only !== null && !only.has(plane.id)) continue;
    let a = resolve(plane.line.from, positions);
    let b = resolve(plane.line.to, positions);
    if ((!a || !b) && plane.fallback) {
      a = resolve(plane.fallback.from, positions);
      b = resolve(plane.fallback.to, positions);
    }
    if (!a || !b || (a.x === b.x && a.y === b.y)) continue;
    const dx = (b.x - a.x) * EXTEND;
    const dy = (b.y - a.y) * EXTEND;
    const clipped = clipToImage({ x: a.x - dx, y: a.y - dy }, { x: b.x + dx, y: b.y + dy }, size);
    if (clipped) out.push({ id: plane.id, label: plane.label, from: clipped[0], to: clipped[1] });
  }
  return out;
}
