/**
 * Phone photo of a monitor showing an X-ray: what a user uploads when they photograph the
 * practice's viewer instead of exporting the file. A dark bezel seen in perspective, the viewer's
 * toolbar and thumbnails, the radiograph inside, moire and scanlines from the pixel grid, a glare
 * from a window, the keyboard and desk below, camera vignetting and sensor noise, in colour. The
 * content is a generated panoramic or a non-cephalogram fixture (never a cephalogram: dataset
 * films cannot ship), so the whole image is a negative whatever the detector makes of the screen.
 */
import sharp from 'sharp';
import { lcg, Raster } from './raster.ts';

/** A grey picture to show on the screen: values 0..255, w x h. */
export type ScreenContent = { data: ArrayLike<number>; w: number; h: number };
type Pt = [number, number];
export type ScreenPhotoOptions = {
  width: number;
  height: number;
  seed: number;
  res?: number;
  screen: [Pt, Pt, Pt, Pt];
  tint: [number, number, number];
};

/** Render the photo as a colour JPEG. `screen` gives the panel corners (TL, TR, BR, BL) as fractions of the frame. */
export async function screenPhotoJpeg(content: ScreenContent, o: ScreenPhotoOptions): Promise<Buffer> {
  const { width: W, height: H } = o;
  const rnd = lcg(o.seed);
  const toPanel = quadToSquare(o.screen.map(([x, y]) => [x * W, y * H] as Pt) as [Pt, Pt, Pt, Pt]);
  const ch = [0, 1, 2].map(() => new Raster(W, H, 0, o.res ?? 0.5));
  // Fit the content into the viewer's image area, keeping its aspect ratio (panel is 16:10).
  const area = { u0: 0.14, v0: 0.09, u1: 0.98, v1: 0.97 };
  const k = Math.min(((area.u1 - area.u0) * 1.6) / content.w, (area.v1 - area.v0) / content.h);
  const cw = (content.w * k) / 1.6;
  const chh = content.h * k;
  const cu0 = (area.u0 + area.u1 - cw) / 2;
  const cv0 = (area.v0 + area.v1 - chh) / 2;
  const sample = (u: number, v: number): number => {
    const x = Math.min(content.w - 1, Math.max(0, ((u - cu0) / cw) * content.w));
    const y = Math.min(content.h - 1, Math.max(0, ((v - cv0) / chh) * content.h));
    return content.data[(y | 0) * content.w + (x | 0)]! / 255;
  };
  const colour: [number, number, number] = [0, 0, 0];
  const { w, h, res } = ch[0]!;
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const [u, v] = toPanel(x / res, y / res);
      scene(u, v, x / w, y / h, sample, { cu0, cv0, cu1: cu0 + cw, cv1: cv0 + chh }, o.tint, colour);
      for (let c = 0; c < 3; c++) ch[c]!.data[i] = colour[c]!;
    }
  }
  for (const c of ch) c.blur(1.2).noise(rnd, 3.5);
  const rgb = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.max(0, Math.min(255, Math.round(ch[c]!.data[i]!)));
  return sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
    .resize(W, H, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

type Rect = { cu0: number; cv0: number; cu1: number; cv1: number };

/** The colour (0..255) at panel coordinates (u, v) and frame fractions (fx, fy), written into `out`. */
function scene(
  u: number,
  v: number,
  fx: number,
  fy: number,
  sample: (u: number, v: number) => number,
  img: Rect,
  tint: [number, number, number],
  out: [number, number, number],
): void {
  let lum: number;
  let rgb: [number, number, number];
  if (u >= 0 && u <= 1 && v >= 0 && v <= 1) {
    // Lit panel: viewer chrome around the radiograph, black level lifted, moire and scanlines.
    let s: number;
    if (u >= img.cu0 && u <= img.cu1 && v >= img.cv0 && v <= img.cv1) s = sample(u, v);
    else if (v < 0.06) s = ((u * 40) | 0) % 5 === 1 && v > 0.015 && v < 0.045 ? 0.55 : 0.24;
    else if (u < 0.12) s = v % 0.16 > 0.03 && u > 0.015 && u < 0.105 ? 0.35 + 0.25 * Math.sin(v * 40) ** 2 : 0.12;
    else s = 0.04;
    const moire =
      1 + 0.07 * Math.cos(2 * Math.PI * (u * 31 + v * 7 + 2.5 * Math.sin(v * 4 + u * 2))) + 0.05 * Math.cos(2 * Math.PI * v * 260);
    lum = (0.1 + 0.85 * s) * moire;
    rgb = tint;
    // Glare from a window: a soft bright patch towards the top right of the panel.
    lum += 0.22 * Math.exp(-(((u - 0.75) / 0.25) ** 2 + ((v - 0.2) / 0.3) ** 2)) + 0.06 * (1 - v);
  } else if (u > -0.035 && u < 1.035 && v > -0.045 && v < 1.06) {
    lum = 0.07 + 0.05 * Math.max(0, 1 - Math.abs(v + 0.02) * 30); // bezel, with a highlight on its top edge
    rgb = [1, 1, 1.05];
  } else if (u > 0.44 && u < 0.56 && v >= 1.06 && fy < 0.84) {
    lum = 0.12; // monitor stand
    rgb = [1, 1, 1];
  } else if (fy > 0.86 && Math.abs(fx - 0.45) < 0.25 + (fy - 0.86) * 0.8) {
    // Keyboard in perspective: dark keys with lighter gaps.
    const row = (fy - 0.86) / 0.026;
    const col = ((fx - 0.45) / (0.25 + (fy - 0.86) * 0.8)) * 11;
    const gap = Math.min(row % 1, 1 - (row % 1)) < 0.12 || Math.min(((col % 1) + 1) % 1, 1 - (((col % 1) + 1) % 1)) < 0.1;
    lum = gap ? 0.28 : 0.1 + 0.05 * (1 - row / 6);
    rgb = [1, 1, 1];
  } else if (fy > 0.76) {
    lum = 0.45 + 0.06 * Math.sin(fy * 180 + Math.sin(fx * 9) * 3); // wooden desk
    rgb = [1, 0.7, 0.45];
  } else {
    lum = 0.32 - 0.12 * fy + 0.05 * fx; // office wall behind
    rgb = [0.95, 0.92, 0.85];
  }
  const vignette = 1 - 0.35 * ((fx - 0.5) ** 2 + (fy - 0.5) ** 2) * 2;
  for (let c = 0; c < 3; c++) out[c] = 255 * Math.min(1, lum * rgb[c]! * vignette);
}

/** Projective map from image pixels to the unit square of a quad (TL, TR, BR, BL), after Heckbert. */
function quadToSquare([p0, p1, p2, p3]: [Pt, Pt, Pt, Pt]): (x: number, y: number) => Pt {
  const sx = p0[0] - p1[0] + p2[0] - p3[0];
  const sy = p0[1] - p1[1] + p2[1] - p3[1];
  const dx1 = p1[0] - p2[0];
  const dx2 = p3[0] - p2[0];
  const dy1 = p1[1] - p2[1];
  const dy2 = p3[1] - p2[1];
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  const a = p1[0] - p0[0] + g * p1[0];
  const b = p3[0] - p0[0] + h * p3[0];
  const c = p0[0];
  const d = p1[1] - p0[1] + g * p1[1];
  const e = p3[1] - p0[1] + h * p3[1];
  const f = p0[1];
  // Inverse of [[a b c] [d e f] [g h 1]] by its adjugate (the scale cancels out).
  const A = e - f * h;
  const B = c * h - b;
  const C = b * f - c * e;
  const D = f * g - d;
  const E = a - c * g;
  const F = c * d - a * f;
  const G = d * h - e * g;
  const Hh = b * g - a * h;
  const I = a * e - b * d;
  return (x, y) => {
    const w = G * x + Hh * y + I;
    return [(A * x + B * y + C) / w, (D * x + E * y + F) / w];
  };
}
