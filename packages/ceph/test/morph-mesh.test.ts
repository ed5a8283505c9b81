import { describe, expect, it } from 'vitest';
import {
  fitThinPlateSpline,
  gridMesh,
  inflate,
  morphMesh,
  partitionTriangles,
  photoWarp,
  triangleAffine,
  warpVertices,
  type Vec2,
} from '../src/index.ts';

/** The facial-photo morph's mesh (moved from the web's viewer: the report's raster uses the same functions). */
const apply = (t: { a: number; b: number; c: number; d: number; tx: number; ty: number }, p: Vec2) => ({
  x: t.a * p.x + t.c * p.y + t.tx,
  y: t.b * p.x + t.d * p.y + t.ty,
});

describe('morph mesh', () => {
  it('a 3 × 2 grid has 12 vertices and 12 triangles covering the photo', () => {
    const mesh = gridMesh({ width: 300, height: 200 }, 3, 2);
    expect(mesh.vertices).toHaveLength(12);
    expect(mesh.triangles).toHaveLength(12);
    expect(mesh.vertices[0]).toEqual({ x: 0, y: 0 });
    expect(mesh.vertices[11]).toEqual({ x: 300, y: 200 });
    expect(mesh.triangles[0]).toEqual([0, 1, 4]);
    expect(mesh.triangles[1]).toEqual([1, 5, 4]);
  });

  it('triangle affine maps each source vertex onto its destination', () => {
    const src: [Vec2, Vec2, Vec2] = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 0, y: 10 },
    ];
    const dst: [Vec2, Vec2, Vec2] = [
      { x: 5, y: 5 },
      { x: 25, y: 7 },
      { x: 3, y: 15 },
    ];
    const t = triangleAffine(src, dst)!;
    src.forEach((p, i) => {
      expect(apply(t, p).x).toBeCloseTo(dst[i]!.x, 12);
      expect(apply(t, p).y).toBeCloseTo(dst[i]!.y, 12);
    });
    expect(t).toEqual({ a: 2, b: 0.2, c: -0.2, d: 1, tx: 5, ty: 5 });
    expect(
      triangleAffine(
        [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ],
        dst,
      ),
    ).toBeNull();
  });

  it('splits triangles into still and moved; a local warp moves only the triangles near it', () => {
    const mesh = gridMesh({ width: 100, height: 100 }, 4, 4);
    expect(partitionTriangles(mesh, mesh.vertices).moved).toEqual([]);
    const warped = mesh.vertices.map((p) => (p.x === 100 && p.y === 100 ? { x: 103, y: 100 } : p));
    const { still, moved } = partitionTriangles(mesh, warped);
    expect(moved).toEqual([31]);
    expect(still).toHaveLength(31);
  });

  it('photo warp: film-space TPS through the photo alignment, back to photo px', () => {
    // Film warp: everything moves 4 px right. Photo drawn at half size on the film (photo -> film ×0.5).
    const sources = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 0, y: 100 },
      { x: 100, y: 100 },
    ];
    const tps = fitThinPlateSpline(
      sources,
      sources.map((p) => ({ x: p.x + 4, y: p.y })),
    )!;
    const warp = photoWarp(tps, { a: 0.5, b: 0, c: 0, d: 0.5, tx: 10, ty: 0 })!;
    const q = warp({ x: 60, y: 40 });
    expect(q.x).toBeCloseTo(68, 9);
    expect(q.y).toBeCloseTo(40, 9);
    expect(photoWarp(tps, { a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 })).toBeNull();
    expect(warpVertices(gridMesh({ width: 10, height: 10 }, 1, 1), warp)[0]!.x).toBeCloseTo(8, 9);
  });

  it('inflates a triangle away from its centroid', () => {
    const t = inflate(
      [
        { x: 0, y: 0 },
        { x: 3, y: 0 },
        { x: 0, y: 3 },
      ],
      1,
    );
    expect(Math.hypot(t[0].x - 0, t[0].y - 0)).toBeCloseTo(1, 12);
    expect(t[0].x).toBeLessThan(0);
  });
  it('morph mesh: 24 cells along the long side (48 fine), near-square cells, at least 2 each way', () => {
    // 1200 × 800, coarse: cell 50 px -> 24 × 16 cells = 25 × 17 vertices, 2 × 24 × 16 triangles.
    const coarse = morphMesh({ width: 1200, height: 800 }, 'coarse');
    expect(coarse.vertices).toHaveLength(25 * 17);
    expect(coarse.triangles).toHaveLength(2 * 24 * 16);
    expect(coarse.vertices[1]).toEqual({ x: 50, y: 0 });
    // Fine: cell 25 px -> 48 × 32.
    expect(morphMesh({ width: 1200, height: 800 }, 'fine').triangles).toHaveLength(2 * 48 * 32);
    // A sliver: 1000 × 10 would round to 0 rows; kept at 2.
    expect(morphMesh({ width: 1000, height: 10 }, 'coarse').vertices).toHaveLength(25 * 3);
  });
});
