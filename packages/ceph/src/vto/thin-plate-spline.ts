import type { Vec2 } from '../geometry/units.ts';
import { solveLinearSystem } from './linear-solve.ts';

/**
 * A 2-D thin-plate-spline DISPLACEMENT field fitted to control points. It lives in whatever space the
 * control points were given in (the VTO uses image pixels of the original upload): `apply(p) = p + d(p)`.
 * Coordinates are normalised (centred, unit mean radius) before solving for conditioning.
 */
export interface ThinPlateSpline {
  readonly controls: readonly Vec2[];
  readonly weightsX: readonly number[];
  readonly weightsY: readonly number[];
  /** Affine part of the displacement, `[a0, ax, ay]` per axis, in normalised coordinates. */
  readonly affineX: readonly [number, number, number];
  readonly affineY: readonly [number, number, number];
  readonly centre: Vec2;
  readonly radius: number;
}

/** TPS kernel U(r) = r²·ln r, U(0) = 0 (r in normalised units). */
function kernel(r2: number): number {
  return r2 === 0 ? 0 : 0.5 * r2 * Math.log(r2);
}

/**
 * Fit a TPS mapping `sources[i]` to `targets[i]` (same space). Control points closer than 1e-9 of the
 * cloud radius are merged (their displacements averaged). `regularization` ≥ 0 trades exactness for
 * smoothness (0 = interpolate exactly). Returns `null` with fewer than 3 distinct, non-collinear points.
 */
export function fitThinPlateSpline(sources: readonly Vec2[], targets: readonly Vec2[], regularization = 0): ThinPlateSpline | null {
  if (sources.length !== targets.length || sources.length < 3) return null;
  const n0 = sources.length;
  const centre = { x: sources.reduce((s, p) => s + p.x, 0) / n0, y: sources.reduce((s, p) => s + p.y, 0) / n0 };
  const radius = Math.max(1e-12, sources.reduce((s, p) => s + Math.hypot(p.x - centre.x, p.y - centre.y), 0) / n0);
  const norm = (p: Vec2): Vec2 => ({ x: (p.x - centre.x) / radius, y: (p.y - centre.y) / radius });
  const merged: { p: Vec2; src: Vec2; dx: number; dy: number; count: number }[] = [];
  sources.forEach((s, i) => {
    const t = targets[i] as Vec2;
    const p = norm(s);
    const same = merged.find((m) => Math.hypot(m.p.x - p.x, m.p.y - p.y) < 1e-9);
    if (same) {
      same.dx += t.x - s.x;
      same.dy += t.y - s.y;
      same.count += 1;
    } else merged.push({ p, src: s, dx: t.x - s.x, dy: t.y - s.y, count: 1 });
  });
  const n = merged.length;
  if (n < 3) return null;
  const size = n + 3;
  const A: number[][] = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  merged.forEach((mi, i) => {
    const row = A[i] as number[];
    merged.forEach((mj, j) => {
      row[j] = kernel((mi.p.x - mj.p.x) ** 2 + (mi.p.y - mj.p.y) ** 2) + (i === j ? regularization : 0);
    });
    row[n] = 1;
    row[n + 1] = mi.p.x;
    row[n + 2] = mi.p.y;
    (A[n] as number[])[i] = 1;
    (A[n + 1] as number[])[i] = mi.p.x;
    (A[n + 2] as number[])[i] = mi.p.y;
  });
  const rhs = (f: (m: (typeof merged)[number]) => number): number[] => [...merged.map(f), 0, 0, 0];
  const solX = solveLinearSystem(
    A,
    rhs((m) => m.dx / m.count / radius),
  );
  const solY = solveLinearSystem(
    A,
    rhs((m) => m.dy / m.count / radius),
  );
  if (solX === null || solY === null) return null;
  return {
    controls: merged.map((m) => m.p),
    weightsX: solX.slice(0, n),
    weightsY: solY.slice(0, n),
    affineX: [solX[n] as number, solX[n + 1] as number, solX[n + 2] as number],
    affineY: [solY[n] as number, solY[n + 1] as number, solY[n + 2] as number],
    centre,
    radius,
  };
}

/** Displacement of `p` under the spline (same space and unit as the control points). */
export function thinPlateDisplacement(tps: ThinPlateSpline, p: Vec2): Vec2 {
  const q = { x: (p.x - tps.centre.x) / tps.radius, y: (p.y - tps.centre.y) / tps.radius };
  let dx = tps.affineX[0] + tps.affineX[1] * q.x + tps.affineX[2] * q.y;
  let dy = tps.affineY[0] + tps.affineY[1] * q.x + tps.affineY[2] * q.y;
  tps.controls.forEach((c, i) => {
    const u = kernel((q.x - c.x) ** 2 + (q.y - c.y) ** 2);
    dx += (tps.weightsX[i] as number) * u;
    dy += (tps.weightsY[i] as number) * u;
  });
  return { x: dx * tps.radius, y: dy * tps.radius };
}

/** Warp a point: `p + displacement(p)` (same space as the control points). */
export function applyThinPlateSpline(tps: ThinPlateSpline, p: Vec2): Vec2 {
  const d = thinPlateDisplacement(tps, p);
  return { x: p.x + d.x, y: p.y + d.y };
}
