/**
 * Generated images that are not cephalograms, for calibrating and testing the refusal:
 * uniform, noise, gradient, checkerboard, smooth blobs, a panoramic-like strip of bright teeth
 * on a wide dark film, and a chest-film-like bright oval. Deterministic (seeded LCG).
 */
import sharp from 'sharp';

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

async function fromFn(w: number, h: number, f: (x: number, y: number) => number): Promise<Buffer> {
  const data = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.max(0, Math.min(255, Math.round(f(x, y))));
  return sharp(data, { raw: { width: w, height: h, channels: 1 } }).jpeg({ quality: 90 }).toBuffer();
}

export async function generatedNonCephalograms(): Promise<{ name: string; bytes: Buffer }[]> {
  const rnd = lcg(42);
  const blobs = Array.from({ length: 12 }, () => ({ x: rnd() * 968, y: rnd() * 1200, r: 60 + rnd() * 200, v: 40 + rnd() * 200 }));
  const teeth = Array.from({ length: 28 }, (_, i) => ({ x: 250 + (i % 14) * 100, y: i < 14 ? 420 : 620, r: 38 }));
  return [
    { name: 'blank-grey', bytes: await fromFn(968, 1200, () => 128) },
    { name: 'black', bytes: await fromFn(968, 1200, () => 0) },
    { name: 'white-noise', bytes: await fromFn(968, 1200, () => rnd() * 255) },
    { name: 'gradient', bytes: await fromFn(968, 1200, (x, y) => (x + y) / 9) },
    { name: 'checkerboard', bytes: await fromFn(968, 1200, (x, y) => ((Math.floor(x / 60) + Math.floor(y / 60)) % 2 ? 220 : 30)) },
    { name: 'smooth-blobs', bytes: await fromFn(968, 1200, (x, y) => blobs.reduce((a, b) => a + b.v * Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (2 * b.r ** 2)), 10)) },
    {
      name: 'panoramic-like',
      bytes: await fromFn(1800, 900, (x, y) => {
        const jaw = 60 + 50 * Math.exp(-(((y - 520 - 0.0002 * (x - 900) ** 2) / 180) ** 2));
        return jaw + teeth.reduce((a, t) => a + 150 * Math.exp(-(((x - t.x) / t.r) ** 2 + ((y - t.y) / (2.2 * t.r)) ** 2)), 0);
      }),
    },
    { name: 'chest-like', bytes: await fromFn(1000, 1000, (x, y) => 30 + 170 * Math.exp(-(((x - 500) / 380) ** 2 + ((y - 520) / 420) ** 2) * 2) - 90 * Math.exp(-(((Math.abs(x - 500) - 190) / 110) ** 2 + ((y - 480) / 250) ** 2))) },
  ];
}
