import {
  add,
  dot,
  imagePoint,
  imageToPatient,
  intersectLines,
  makePatientFrame,
  patientPoint,
  patientToImage,
  perp,
  projectionFoot,
  scale,
  sub,
  unit,
  UNCALIBRATED,
  resolvePointRef,
  type Construction,
  type LandmarkMap,
  type PatientFrame,
  type PointRef,
  type Vec2,
  type VectorRef,
} from '@ceppro/ceph';
import type { LandmarkPositions } from '../../lib/analysis-rows.ts';

/**
 * What to draw for a measurement's construction, in IMAGE PIXELS of the original upload (the
 * overlay's viewBox): the lines it is built from, the measured segment or angle, and its points.
 * `reference` = a line the value is read against, `measure` = the measured length or arm,
 * `helper` = a construction step (a perpendicular to its foot).
 */
export type ConstructionShape =
  | { readonly kind: 'segment'; readonly a: Vec2; readonly b: Vec2; readonly role: 'reference' | 'measure' | 'helper' }
  /** An angle mark at `vertex` turning from direction `from` to direction `to` (unit vectors, image space). */
  | { readonly kind: 'arc'; readonly vertex: Vec2; readonly from: Vec2; readonly to: Vec2 }
  | { readonly kind: 'point'; readonly at: Vec2 };

type Shape = ConstructionShape;

/** Geometry is resolved in an uncalibrated patient frame (x anterior, y up, px) so "most protrusive" reads as the domain reads it. */
interface Ctx {
  readonly frame: PatientFrame;
  readonly pts: LandmarkMap<Vec2>;
  readonly out: Shape[];
}

/** The evaluator's own point rule (packages/ceph), on the patient-frame points. */
const resolve = (ref: PointRef, ctx: Ctx): Vec2 | null => resolvePointRef(ref, ctx.pts);

const toImage = (ctx: Ctx, p: Vec2): Vec2 => {
  const q = patientToImage(ctx.frame, patientPoint(p.x, p.y));
  return { x: q.x, y: q.y };
};
/** A patient-frame direction as an image-space direction (mirror for facing, flip y). */
const dirToImage = (ctx: Ctx, d: Vec2): Vec2 => ({ x: ctx.frame.facing * d.x, y: -d.y });

function segment(ctx: Ctx, a: Vec2, b: Vec2, role: 'reference' | 'measure' | 'helper'): void {
  ctx.out.push({ kind: 'segment', a: toImage(ctx, a), b: toImage(ctx, b), role });
}
function point(ctx: Ctx, p: Vec2): void {
  ctx.out.push({ kind: 'point', at: toImage(ctx, p) });
}
function arc(ctx: Ctx, vertex: Vec2, from: Vec2, to: Vec2): void {
  const f = unit(from);
  const t = unit(to);
  if (f && t) ctx.out.push({ kind: 'arc', vertex: toImage(ctx, vertex), from: dirToImage(ctx, f), to: dirToImage(ctx, t) });
}

/** The line a→b drawn long enough to also pass every point in `reach` (their feet lie on it). */
function referenceLine(ctx: Ctx, a: Vec2, b: Vec2, reach: readonly Vec2[]): void {
  const d = sub(b, a);
  const dd = dot(d, d);
  if (dd === 0) return;
  const ts = [0, 1, ...reach.map((p) => dot(sub(p, a), d) / dd)];
  segment(ctx, add(a, scale(d, Math.min(...ts))), add(a, scale(d, Math.max(...ts))), 'reference');
}

function vectorPair(ctx: Ctx, u: VectorRef, w: VectorRef, acute: boolean): void {
  const [ua, ub, wa, wb] = [resolve(u.from, ctx), resolve(u.to, ctx), resolve(w.from, ctx), resolve(w.to, ctx)];
  if (!ua || !ub || !wa || !wb) return;
  const at = intersectLines({ a: ua, b: ub }, { a: wa, b: wb });
  referenceLine(ctx, ua, ub, at ? [at] : []);
  referenceLine(ctx, wa, wb, at ? [at] : []);
  [ua, ub, wa, wb].forEach((p) => point(ctx, p));
  if (!at) return;
  const du = sub(ub, ua);
  const dw = sub(wb, wa);
  arc(ctx, at, du, acute && dot(du, dw) < 0 ? scale(dw, -1) : dw);
}

function draw(c: Construction, ctx: Ctx): void {
  switch (c.kind) {
    case 'vertex-angle': {
      const [a, v, b] = [resolve(c.a, ctx), resolve(c.vertex, ctx), resolve(c.b, ctx)];
      if (!a || !v || !b) return;
      segment(ctx, v, a, 'measure');
      segment(ctx, v, b, 'measure');
      [a, v, b].forEach((p) => point(ctx, p));
      arc(ctx, v, sub(a, v), sub(b, v));
      return;
    }
    case 'angle':
    case 'signed-angle':
      vectorPair(ctx, c.u, c.w, false);
      return;
    case 'acute-angle':
      vectorPair(ctx, c.u, c.w, true);
      return;
    case 'distance': {
      const [a, b] = [resolve(c.a, ctx), resolve(c.b, ctx)];
      if (!a || !b) return;
      segment(ctx, a, b, 'measure');
      point(ctx, a);
      point(ctx, b);
      return;
    }
    case 'signed-distance': {
      const [p, la, lb] = [resolve(c.point, ctx), resolve(c.line.from, ctx), resolve(c.line.to, ctx)];
      const foot = p && la && lb ? projectionFoot(p, { a: la, b: lb }) : null;
      if (!p || !la || !lb || !foot) return;
      referenceLine(ctx, la, lb, [foot]);
      segment(ctx, p, foot, 'measure');
      [p, la, lb].forEach((q) => point(ctx, q));
      return;
    }
    case 'projection': {
      const [from, to, da, db] = [resolve(c.from, ctx), resolve(c.to, ctx), resolve(c.direction.from, ctx), resolve(c.direction.to, ctx)];
      if (!from || !to || !da || !db) return;
      referenceLine(ctx, da, db, []);
      const d = sub(db, da);
      const axis = { a: from, b: add(from, c.perpendicular ? perp(d) : d) };
      const foot = projectionFoot(to, axis);
      if (!foot) return;
      segment(ctx, from, foot, 'measure');
      segment(ctx, to, foot, 'helper');
      [from, to, da, db].forEach((q) => point(ctx, q));
      return;
    }
    case 'ratio':
      draw(c.numerator, ctx);
      draw(c.denominator, ctx);
      return;
    case 'linear':
      c.terms.forEach((t) => draw(t.of, ctx));
      return;
    case 'signed-by-side': {
      draw(c.magnitude, ctx);
      const [la, lb] = [resolve(c.line.from, ctx), resolve(c.line.to, ctx)];
      if (la && lb) referenceLine(ctx, la, lb, []);
    }
  }
}

/**
 * The shapes of a construction over image-pixel landmark positions. Parts whose landmarks are
 * missing are left out (an incomplete measurement draws what it can). Points drawn by several parts
 * are kept once.
 */
export function constructionShapes(construction: Construction, positions: LandmarkPositions): ConstructionShape[] {
  const frame = makePatientFrame(positions, UNCALIBRATED);
  const pts: Partial<Record<string, Vec2>> = {};
  for (const [id, p] of Object.entries(positions)) if (p) pts[id] = imageToPatient(frame, imagePoint(p.x, p.y));
  const ctx: Ctx = { frame, pts, out: [] };
  draw(construction, ctx);
  const seen = new Set<string>();
  return ctx.out.filter((s) => {
    if (s.kind !== 'point') return true;
    const key = `${s.at.x.toFixed(3)},${s.at.y.toFixed(3)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
