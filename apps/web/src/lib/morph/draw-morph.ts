import { inflate, partitionTriangles, triangleAffine, type MorphMesh, type Vec2 } from '@ceppro/ceph';

/**
 * Draws the photo warped by the mesh on `ctx` (canvas px = photo px × `scale`): triangles the warp
 * leaves in place in one clipped pass, each moved one under its own affine map. Shared by the viewer's VTO
 * morph layer and the consultation view (features do not import each other: docs/house-rules.md §8).
 */
export function drawMorph(
  ctx: CanvasRenderingContext2D,
  source: CanvasImageSource,
  sourceSize: { width: number; height: number },
  mesh: MorphMesh,
  warped: readonly Vec2[],
  scale: number,
): void {
  const { width, height } = ctx.canvas;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const { still, moved } = partitionTriangles(mesh, warped);
  const tri = (idx: readonly [number, number, number], pts: readonly Vec2[]) => idx.map((i) => pts[i] as Vec2) as [Vec2, Vec2, Vec2];
  const trianglePath = (path: Path2D, t: readonly [Vec2, Vec2, Vec2]) => {
    path.moveTo(t[0].x * scale, t[0].y * scale);
    path.lineTo(t[1].x * scale, t[1].y * scale);
    path.lineTo(t[2].x * scale, t[2].y * scale);
    path.closePath();
  };
  if (still.length > 0) {
    const path = new Path2D();
    for (const i of still) trianglePath(path, inflate(tri(mesh.triangles[i] as [number, number, number], mesh.vertices), 0.6 / scale));
    ctx.save();
    ctx.clip(path);
    ctx.drawImage(source, 0, 0, sourceSize.width * scale, sourceSize.height * scale);
    ctx.restore();
  }
  for (const i of moved) {
    const idx = mesh.triangles[i] as [number, number, number];
    const src = tri(idx, mesh.vertices);
    const dst = tri(idx, warped);
    const map = triangleAffine(src, dst);
    if (map === null) continue;
    const path = new Path2D();
    trianglePath(path, inflate(dst, 0.6 / scale));
    ctx.save();
    ctx.clip(path);
    // canvas px -> photo px (÷scale), the triangle's map, photo px -> canvas px (×scale).
    ctx.setTransform(map.a, map.b, map.c, map.d, map.tx * scale, map.ty * scale);
    ctx.drawImage(source, 0, 0, sourceSize.width * scale, sourceSize.height * scale);
    ctx.restore();
  }
}
