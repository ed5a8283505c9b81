/**
 * Patch extraction for the refinement network: bilinear sampling of a grey image at a regular
 * grid of pixel positions, zeros outside the image (torch grid_sample, align_corners=False,
 * padding zeros, expressed in pixel coordinates).
 */
export interface GreyImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Value at fractional pixel position (x, y); pixels outside the image count as 0. */
export function bilinear(img: GreyImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const { data, width, height } = img;
  const at = (xx: number, yy: number) => (xx < 0 || yy < 0 || xx >= width || yy >= height ? 0 : data[yy * width + xx]!);
  return (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0)) + fy * ((1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1));
}

/**
 * Write a size x size patch into `out` at `offset`: pixel (i, j) samples `img` at
 * map(cx + step * (j - (size-1)/2), cy + step * (i - (size-1)/2)), where `map` converts the
 * sampling frame's px into `img` px (per-axis affine u -> (u + 0.5) * k - 0.5).
 */
export function samplePatch(
  img: GreyImage,
  cx: number,
  cy: number,
  size: number,
  step: number,
  kx: number,
  ky: number,
  out: Float32Array,
  offset: number,
): void {
  const half = (size - 1) / 2;
  for (let i = 0; i < size; i++) {
    const v = (cy + step * (i - half) + 0.5) * ky - 0.5;
    for (let j = 0; j < size; j++) {
      const u = (cx + step * (j - half) + 0.5) * kx - 0.5;
      out[offset + i * size + j] = bilinear(img, u, v);
    }
  }
}

/** Mirror an image left-right (new buffer). */
export function mirror(img: GreyImage): GreyImage {
  const { width, height, data } = img;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = data[row + width - 1 - x]!;
  }
  return { data: out, width, height };
}
