/**
 * Generated images that are not cephalograms, the negatives for calibrating and testing the
 * refusal ("X-ray not recognized"). Two sets, both deterministic (seeded):
 *
 * - simple synthetic images: uniform, noise, gradient, checkerboard, smooth blobs, a crude
 *   panoramic-like strip and a crude chest-like oval (kind `synthetic`);
 * - radiographs of the other kinds a dental or orthodontic practice holds, drawn to look like the
 *   real thing (anatomy, soft gradients, film tone and noise), so they test the refusal where it
 *   is hard: panoramic, hand-wrist, chest PA, skull PA, CBCT slices and phone photos of a screen.
 *   What each imitates, and why it must be refused, is in its module under non-ceph/.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { cbctRaster } from './non-ceph/cbct.ts';
import { chestRaster } from './non-ceph/chest.ts';
import { handWristRaster } from './non-ceph/hand-wrist.ts';
import { panoramicRaster } from './non-ceph/panoramic.ts';
import type { Raster } from './non-ceph/raster.ts';
import { screenPhotoJpeg } from './non-ceph/screen-photo.ts';
import { skullPaRaster } from './non-ceph/skull-pa.ts';

export type NonCephImage = { name: string; kind: string; bytes: Buffer };

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

async function fromFn(w: number, h: number, f: (x: number, y: number) => number): Promise<Buffer> {
  const data = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.max(0, Math.min(255, Math.round(f(x, y))));
  return sharp(data, { raw: { width: w, height: h, channels: 1 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Every generated negative: the simple synthetic images, then the realistic radiographs. */
export async function generatedNonCephalograms(): Promise<NonCephImage[]> {
  return [...(await syntheticImages()), ...(await generatedRadiographs())];
}

async function syntheticImages(): Promise<NonCephImage[]> {
  const rnd = lcg(42);
  const blobs = Array.from({ length: 12 }, () => ({ x: rnd() * 968, y: rnd() * 1200, r: 60 + rnd() * 200, v: 40 + rnd() * 200 }));
  const teeth = Array.from({ length: 28 }, (_, i) => ({ x: 250 + (i % 14) * 100, y: i < 14 ? 420 : 620, r: 38 }));
  return [
    { name: 'blank-grey', kind: 'synthetic', bytes: await fromFn(968, 1200, () => 128) },
    { name: 'black', kind: 'synthetic', bytes: await fromFn(968, 1200, () => 0) },
    { name: 'white-noise', kind: 'synthetic', bytes: await fromFn(968, 1200, () => rnd() * 255) },
    { name: 'gradient', kind: 'synthetic', bytes: await fromFn(968, 1200, (x, y) => (x + y) / 9) },
    {
      name: 'checkerboard',
      kind: 'synthetic',
      bytes: await fromFn(968, 1200, (x, y) => ((Math.floor(x / 60) + Math.floor(y / 60)) % 2 ? 220 : 30)),
    },
    {
      name: 'smooth-blobs',
      kind: 'synthetic',
      bytes: await fromFn(968, 1200, (x, y) =>
        blobs.reduce((a, b) => a + b.v * Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (2 * b.r ** 2)), 10),
      ),
    },
    {
      name: 'panoramic-like',
      kind: 'synthetic',
      bytes: await fromFn(1800, 900, (x, y) => {
        const jaw = 60 + 50 * Math.exp(-(((y - 520 - 0.0002 * (x - 900) ** 2) / 180) ** 2));
        return jaw + teeth.reduce((a, t) => a + 150 * Math.exp(-(((x - t.x) / t.r) ** 2 + ((y - t.y) / (2.2 * t.r)) ** 2)), 0);
      }),
    },
    {
      name: 'chest-like',
      kind: 'synthetic',
      bytes: await fromFn(
        1000,
        1000,
        (x, y) =>
          30 +
          170 * Math.exp(-(((x - 500) / 380) ** 2 + ((y - 520) / 420) ** 2) * 2) -
          90 * Math.exp(-(((Math.abs(x - 500) - 190) / 110) ** 2 + ((y - 480) / 250) ** 2)),
      ),
    },
  ];
}

const PHANTOM = fileURLToPath(new URL('../../apps/server/test/fixtures/non-ceph/phantom.jpg', import.meta.url));

/**
 * Realistic radiographs that are not lateral cephalograms, grey JPEGs (colour for the screen
 * photos) of 600 to 3000 px a side. Each raster is drawn while the previous one is encoded.
 */
export async function generatedRadiographs(): Promise<NonCephImage[]> {
  const out: Promise<NonCephImage>[] = [];
  const film = (name: string, kind: string, draw: () => Raster) => {
    const r = draw();
    out.push(r.jpeg(92).then((bytes) => ({ name, kind, bytes })));
  };
  film('panoramic-adult', 'panoramic', () => panoramicRaster({ width: 2400, height: 1150, seed: 7 }));
  film('panoramic-restored', 'panoramic', () =>
    panoramicRaster({ width: 2100, height: 1000, seed: 11, missing: [16, 36, 45], restorations: 5, impacted: true }),
  );
  film('hand-wrist-teen', 'hand-wrist', () => handWristRaster({ width: 1500, height: 1900, seed: 3, age: 'teen', angle: 0.05 }));
  film('hand-wrist-child', 'hand-wrist', () => handWristRaster({ width: 1300, height: 1650, seed: 5, age: 'child', angle: -0.12 }));
  film('chest-pa', 'chest', () => chestRaster({ width: 1700, height: 2000, seed: 9 }));
  film('skull-pa', 'skull-pa', () => skullPaRaster({ width: 1600, height: 2000, seed: 13, angle: 0, face: 1 }));
  film('skull-pa-tilted', 'skull-pa', () => skullPaRaster({ width: 1400, height: 1700, seed: 17, angle: 0.06, face: 1.12 }));
  film('cbct-axial-teeth', 'cbct-slice', () => cbctRaster({ width: 800, height: 800, seed: 19, res: 1, level: 'teeth' }));
  film('cbct-axial-cranium', 'cbct-slice', () => cbctRaster({ width: 1000, height: 1000, seed: 23, res: 0.6, level: 'cranium' }));
  const pano = panoramicRaster({ width: 1400, height: 670, seed: 29 });
  out.push(
    screenPhotoJpeg(
      { data: pano.data, w: pano.w, h: pano.h },
      {
        width: 1600,
        height: 1200,
        seed: 31,
        screen: [
          [0.1, 0.08],
          [0.93, 0.05],
          [0.9, 0.74],
          [0.12, 0.72],
        ],
        tint: [0.9, 0.95, 1],
      },
    ).then((bytes) => ({ name: 'screen-photo-panoramic', kind: 'screen-photo', bytes })),
  );
  const phantom = await sharp(await readFile(PHANTOM))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  out.push(
    screenPhotoJpeg(
      { data: phantom.data, w: phantom.info.width, h: phantom.info.height },
      {
        width: 2000,
        height: 1500,
        seed: 37,
        screen: [
          [0.16, 0.1],
          [0.86, 0.14],
          [0.84, 0.7],
          [0.15, 0.76],
        ],
        tint: [1, 0.97, 0.9],
      },
    ).then((bytes) => ({ name: 'screen-photo-phantom', kind: 'screen-photo', bytes })),
  );
  return Promise.all(out);
}
