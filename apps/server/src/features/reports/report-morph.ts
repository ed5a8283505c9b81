import { IMAGE_UPLOAD, type VtoReport } from '@ceppro/contract';
import { inflate, morphMesh, partitionTriangles, photoWarp, triangleAffine, warpVertices, type MorphMesh, type Vec2 } from '@ceppro/ceph';
import sharp from 'sharp';
import type { JpegImage } from '../../pdf/pdf-canvas';

/**
 * The VTO/STO page's facial photo, before and after: the photo as uploaded, and the same photo warped
 * by the plan's prediction. The warp is packages/ceph's (`morphMesh`, `photoWarp`, `warpVertices`,
 * `partitionTriangles`, `triangleAffine`, `inflate`): the mesh and the maps the viewer's canvas draws
 * with (apps/web/src/features/viewer/vto/lib/draw-morph.ts); only the pixel loop is this file's, a
 * raster where the browser has a canvas.
 */

/** The printed photos are at most this many pixels on their long side (two of them share the page's width). */
export const MORPH_IMAGE_MAX_SIDE = 900;

export interface VtoMorphImages {
  readonly before: JpegImage;
  readonly after: JpegImage;
}

export type VtoMorph = NonNullable<VtoReport['morph']>;

interface Raster {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
}

/** Bilinear sample of `src` at raster px (pixel centres at +0.5), clamped to the edges, into `out` at `at`. */
function sample(src: Raster, x: number, y: number, out: Uint8Array, at: number): void {
  const fx = Math.min(Math.max(x - 0.5, 0), src.width - 1);
  const fy = Math.min(Math.max(y - 0.5, 0), src.height - 1);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const { data, width, channels } = src;
  const i00 = (y0 * width + x0) * channels;
  const i01 = (y0 * width + Math.min(x0 + 1, width - 1)) * channels;
  const row = Math.min(y0 + 1, src.height - 1) * width;
  const i10 = (row + x0) * channels;
  const i11 = (row + Math.min(x0 + 1, width - 1)) * channels;
  const wx = fx - x0;
  const wy = fy - y0;
  for (let c = 0; c < channels; c++) {
    const top = (data[i00 + c] as number) + ((data[i01 + c] as number) - (data[i00 + c] as number)) * wx;
    const bottom = (data[i10 + c] as number) + ((data[i11 + c] as number) - (data[i10 + c] as number)) * wx;
    out[at + c] = Math.round(top + (bottom - top) * wy);
  }
}

/**
 * The three edge functions of a triangle as `[a, b, c]` triples (`a·x + b·y + c`), signed so that
 * points inside give values >= 0 on all three.
 */
function edgeFunctions(t: readonly [Vec2, Vec2, Vec2]): number[] {
  const area = (t[1].x - t[0].x) * (t[2].y - t[0].y) - (t[1].y - t[0].y) * (t[2].x - t[0].x);
  const sign = area < 0 ? -1 : 1;
  return [0, 1, 2].flatMap((i) => {
    const p = t[i] as Vec2;
    const q = t[(i + 1) % 3] as Vec2;
    // (q - p) × (point - p) = (q.x - p.x)(y - p.y) - (q.y - p.y)(x - p.x)
    const a = -(q.y - p.y) * sign;
    const b = (q.x - p.x) * sign;
    return [a, b, -(a * p.x + b * p.y)];
  });
}

/**
 * The photo raster warped by the mesh: a copy of `src` where every triangle the warp moves is redrawn
 * from the photo under its own affine map (raster px = photo px x `scale`). Triangles the warp leaves
 * in place keep the photo's own pixels, as the canvas draws them in one pass.
 */
export function rasterMorph(src: Raster, mesh: MorphMesh, warped: readonly Vec2[], scale: number): Uint8Array {
  const out = new Uint8Array(src.data);
  const at = (points: readonly Vec2[], idx: readonly [number, number, number]) =>
    idx.map((i) => ({ x: (points[i] as Vec2).x * scale, y: (points[i] as Vec2).y * scale })) as [Vec2, Vec2, Vec2];
  for (const i of partitionTriangles(mesh, warped).moved) {
    const idx = mesh.triangles[i] as [number, number, number];
    const dst = at(warped, idx);
    // Output px -> photo raster px: the inverse of the triangle's forward map.
    const back = triangleAffine(dst, at(mesh.vertices, idx));
    if (back === null) continue;
    // Covered a little past its edges (as the canvas's 0.6 px), so neighbours leave no seam.
    const cover = inflate(dst, 0.6);
    const [a0, b0, c0, a1, b1, c1, a2, b2, c2] = edgeFunctions(cover) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const xs = cover.map((p) => p.x);
    const ys = cover.map((p) => p.y);
    const left = Math.max(0, Math.floor(Math.min(...xs)));
    const right = Math.min(src.width - 1, Math.ceil(Math.max(...xs)));
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const bottom = Math.min(src.height - 1, Math.ceil(Math.max(...ys)));
    for (let y = top; y <= bottom; y++) {
      const py = y + 0.5;
      for (let x = left; x <= right; x++) {
        const px = x + 0.5;
        if (a0 * px + b0 * py + c0 < 0 || a1 * px + b1 * py + c1 < 0 || a2 * px + b2 * py + c2 < 0) continue;
        sample(src, back.a * px + back.c * py + back.tx, back.b * px + back.d * py + back.ty, out, (y * src.width + x) * src.channels);
      }
    }
  }
  return out;
}

/**
 * The photo as uploaded (upright, EXIF applied, at most MORPH_IMAGE_MAX_SIDE) and the same photo
 * morphed with the prediction, as JPEGs for the PDF. The alignment and the mesh are in px of the
 * upright original, as the viewer places them. null when the alignment is singular.
 */
export async function composeMorphImages(original: Buffer, morph: VtoMorph): Promise<VtoMorphImages | null> {
  const warp = photoWarp(morph.warp, morph.transform);
  if (warp === null) return null;
  const meta = await sharp(original, { failOn: 'error', limitInputPixels: IMAGE_UPLOAD.maxPixels }).metadata();
  if (!meta.width || !meta.height) return null;
  const size = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  const { data, info } = await sharp(original, { failOn: 'error', limitInputPixels: IMAGE_UPLOAD.maxPixels })
    .rotate()
    .resize({ width: MORPH_IMAGE_MAX_SIDE, height: MORPH_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raster = { data, width: info.width, height: info.height, channels: info.channels };
  const mesh = morphMesh(size, morph.quality);
  const after = rasterMorph(raster, mesh, warpVertices(mesh, warp), info.width / size.width);
  const jpeg = async (pixels: Uint8Array): Promise<JpegImage> => {
    const raw = { width: info.width, height: info.height, channels: info.channels as 3 };
    const bytes = await sharp(pixels, { raw }).jpeg({ quality: 85, chromaSubsampling: '4:4:4' }).toBuffer();
    return { bytes, width: info.width, height: info.height, channels: 3 };
  };
  return { before: await jpeg(data), after: await jpeg(after) };
}
