import { applyAffine, invertAffine, type Affine2 } from '../geometry/affine.ts';
import type { Vec2 } from '../geometry/units.ts';
import { applyThinPlateSpline, type ThinPlateSpline } from './thin-plate-spline.ts';

/**
 * The facial-photo morph of the VTO/STO (pure parts, shared by the viewer's canvas and the report's
 * raster): a regular triangle mesh over the photo, its vertices moved by the VTO warp, and the affine
 * map of each triangle, so a renderer draws the photo piecewise (forward mesh warp: every triangle
 * is the photo under one affine map). Every coordinate here is in PHOTO PIXELS of the original
 * upload (origin top-left, y down) unless a function says otherwise.
 */

/** A photo's size in its own pixels. */
export interface PhotoSize {
  readonly width: number;
  readonly height: number;
}

/** A triangle mesh over a photo. */
export interface MorphMesh {
  /** Vertex positions in photo px, row-major (cols + 1) × (rows + 1). */
  readonly vertices: readonly Vec2[];
  /** Vertex indices of each triangle (two per cell). */
  readonly triangles: readonly (readonly [number, number, number])[];
}

/** A cols × rows grid over a photo of `size` px (photo px), each cell split into two triangles. */
export function gridMesh(size: PhotoSize, cols: number, rows: number): MorphMesh {
  const vertices: Vec2[] = [];
  for (let r = 0; r <= rows; r++)
    for (let c = 0; c <= cols; c++) vertices.push({ x: (c / cols) * size.width, y: (r / rows) * size.height });
  const triangles: [number, number, number][] = [];
  const at = (c: number, r: number) => r * (cols + 1) + c;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      triangles.push([at(c, r), at(c + 1, r), at(c, r + 1)], [at(c + 1, r), at(c + 1, r + 1), at(c, r + 1)]);
    }
  }
  return { vertices, triangles };
}

/** Mesh cells along the photo's long side: the plan's refinement flag asks for the fine mesh. */
export const MORPH_MESH_CELLS = { coarse: 24, fine: 48 } as const;

/**
 * The morph's mesh over a photo of `size` px: near-square cells, MORPH_MESH_CELLS[quality] along the
 * long side, at least 2 each way (a 1200 × 800 photo, coarse: 24 × 16 cells).
 */
export function morphMesh(size: PhotoSize, quality: keyof typeof MORPH_MESH_CELLS): MorphMesh {
  const cell = Math.max(size.width, size.height) / MORPH_MESH_CELLS[quality];
  return gridMesh(size, Math.max(2, Math.round(size.width / cell)), Math.max(2, Math.round(size.height / cell)));
}

/**
 * A photo-px warp from a VTO warp in FILM px (`VtoResult.warp`) and the photo alignment
 * (`photoToFilm`: photo px -> film px): map into the film, warp, map back (`warpPhotoPoint` with the
 * inverse computed once). null when the alignment is singular.
 */
export function photoWarp(warp: ThinPlateSpline, photoToFilm: Affine2): ((p: Vec2) => Vec2) | null {
  const back = invertAffine(photoToFilm);
  if (back === null) return null;
  return (p) => applyAffine(back, applyThinPlateSpline(warp, applyAffine(photoToFilm, p)));
}

/** Every vertex through `warp` (photo px in, photo px out). */
export function warpVertices(mesh: MorphMesh, warp: (p: Vec2) => Vec2): Vec2[] {
  return mesh.vertices.map(warp);
}

/**
 * The affine map taking triangle `src` onto triangle `dst` (same vertex order, any one space); null
 * for a degenerate source triangle (zero area).
 */
export function triangleAffine(src: readonly [Vec2, Vec2, Vec2], dst: readonly [Vec2, Vec2, Vec2]): Affine2 | null {
  const [p0, p1, p2] = src;
  const [q0, q1, q2] = dst;
  const ux = p1.x - p0.x;
  const uy = p1.y - p0.y;
  const vx = p2.x - p0.x;
  const vy = p2.y - p0.y;
  const det = ux * vy - vx * uy;
  if (Math.abs(det) < 1e-12) return null;
  // Columns of the source basis inverted, times the destination basis.
  const i00 = vy / det;
  const i01 = -vx / det;
  const i10 = -uy / det;
  const i11 = ux / det;
  const du = { x: q1.x - q0.x, y: q1.y - q0.y };
  const dv = { x: q2.x - q0.x, y: q2.y - q0.y };
  const a = du.x * i00 + dv.x * i10;
  const c = du.x * i01 + dv.x * i11;
  const b = du.y * i00 + dv.y * i10;
  const d = du.y * i01 + dv.y * i11;
  return { a, b, c, d, tx: q0.x - a * p0.x - c * p0.y, ty: q0.y - b * p0.x - d * p0.y };
}

/** Vertices moved less than this (photo px) count as still: their triangles are drawn in one pass. */
export const STILL_PX = 0.05;

/** Triangles split into those the warp leaves in place and those it moves. */
export function partitionTriangles(mesh: MorphMesh, warped: readonly Vec2[]): { still: number[]; moved: number[] } {
  const still: number[] = [];
  const moved: number[] = [];
  mesh.triangles.forEach((tri, i) => {
    const isStill = tri.every((v) => {
      const p = mesh.vertices[v] as Vec2;
      const q = warped[v] as Vec2;
      return Math.abs(p.x - q.x) < STILL_PX && Math.abs(p.y - q.y) < STILL_PX;
    });
    (isStill ? still : moved).push(i);
  });
  return { still, moved };
}

/** Pushes each vertex of a triangle `px` (its own unit) away from its centroid, hiding hairline seams between neighbours. */
export function inflate(tri: readonly [Vec2, Vec2, Vec2], px: number): [Vec2, Vec2, Vec2] {
  const cx = (tri[0].x + tri[1].x + tri[2].x) / 3;
  const cy = (tri[0].y + tri[1].y + tri[2].y) / 3;
  return tri.map((p) => {
    const len = Math.hypot(p.x - cx, p.y - cy) || 1;
    return { x: p.x + ((p.x - cx) / len) * px, y: p.y + ((p.y - cy) / len) * px };
  }) as [Vec2, Vec2, Vec2];
}
