/**
 * A tiny 2D drawing toolkit for the generated non-cephalogram radiographs: a grey Float32 raster
 * in "attenuation" units (0 = air, roughly 1 = dense bone) that shapes are painted into (see
 * shapes.ts), with blur, seeded noise, texture and a film tone curve. All coordinates and sizes
 * are in pixels of the final image; the raster itself may hold fewer pixels (`res` < 1) and is
 * enlarged when encoded, which keeps a dozen multi-megapixel films within a few seconds of CPU.
 */
import sharp from 'sharp';
import { normalTable, solid, tube, type Box, type Profile, type Rng, type Shape } from './shapes.ts';

export * from './shapes.ts';

export class Raster {
  readonly data: Float32Array;
  /** Stored pixels across and down (the image is width x height; these are that times `res`). */
  readonly w: number;
  readonly h: number;

  constructor(
    readonly width: number,
    readonly height: number,
    fill = 0,
    readonly res = 1,
  ) {
    this.w = Math.round(width * res);
    this.h = Math.round(height * res);
    this.data = new Float32Array(this.w * this.h).fill(fill);
  }

  /** Paint `profile(depth)` over `shape`: added (default), kept as the max/min, or multiplied in. */
  paint(shape: Shape, profile: Profile, mode: 'add' | 'max' | 'min' | 'mul' = 'add'): this {
    const [x0, y0, x1, y1] = this.clip(shape.box);
    const bw = x1 - x0;
    if (bw <= 0 || y1 <= y0) return this;
    const k = 1 / this.res;
    // Signed distance over the box; a union of parts only visits each part's own box.
    const field = new Float32Array(bw * (y1 - y0)).fill(mode === 'mul' ? 1e9 : 3);
    for (const part of shape.parts ?? [shape]) {
      const [px0, py0, px1, py1] = this.clip(part.box);
      for (let y = Math.max(py0, y0); y < Math.min(py1, y1); y++) {
        for (let x = Math.max(px0, x0), j = (y - y0) * bw + x - x0; x < Math.min(px1, x1); x++, j++) {
          const sd = part.sd((x + 0.5) * k, (y + 0.5) * k);
          if (sd < field[j]!) field[j] = sd;
        }
      }
    }
    const d = this.data;
    for (let y = y0, j = 0; y < y1; y++) {
      for (let x = x0, i = y * this.w + x0; x < x1; x++, i++, j++) {
        const sd = field[j]!;
        if (sd > 2 && mode !== 'mul') continue;
        const v = profile(-sd);
        if (mode === 'add') d[i] = d[i]! + v;
        else if (mode === 'max') d[i] = Math.max(d[i]!, v);
        else if (mode === 'min') d[i] = Math.min(d[i]!, v);
        else d[i] = d[i]! * v;
      }
    }
    return this;
  }

  /** Add a gaussian blob of peak `v` with standard deviations sx, sy, turned by `angle`. */
  blob(cx: number, cy: number, sx: number, sy: number, v: number, angle = 0): this {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const r = 3 * Math.max(sx, sy);
    const [x0, y0, x1, y1] = this.clip([cx - r, cy - r, cx + r, cy + r]);
    const k = 1 / this.res;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const u = (x * k - cx) * c + (y * k - cy) * s;
        const q = -(x * k - cx) * s + (y * k - cy) * c;
        const i = y * this.w + x;
        this.data[i] = this.data[i]! + v * Math.exp(-0.5 * ((u / sx) ** 2 + (q / sy) ** 2));
      }
    }
    return this;
  }

  /** Apply `f(value, x, y)` to every pixel. */
  map(f: (v: number, x: number, y: number) => number): this {
    const k = 1 / this.res;
    for (let y = 0, i = 0; y < this.h; y++) for (let x = 0; x < this.w; x++, i++) this.data[i] = f(this.data[i]!, x * k, y * k);
    return this;
  }

  /** Approximate gaussian blur of standard deviation `sigma` px (three box passes each way). */
  blur(sigma: number): this {
    const sd = sigma * this.res;
    if (sd < 0.5) return this;
    const r = Math.max(1, Math.round((Math.sqrt(4 * sd * sd + 1) - 1) / 2));
    const tmp = new Float32Array(Math.max(this.w, this.h));
    for (let pass = 0; pass < 3; pass++) {
      for (let y = 0; y < this.h; y++) boxLine(this.data, y * this.w, 1, this.w, r, tmp);
      for (let x = 0; x < this.w; x++) boxLine(this.data, x, this.w, this.h, r, tmp);
    }
    return this;
  }

  /** Add white gaussian noise of standard deviation `sigma` (per stored pixel: film grain). */
  noise(rnd: Rng, sigma: number): this {
    const table = normalTable();
    for (let i = 0; i < this.data.length; i++) this.data[i] = this.data[i]! + sigma * table[(rnd() * 4096) | 0]!;
    return this;
  }

  /**
   * Add smooth, correlated noise (film mottle, tissue texture) of standard deviation `sigma` and
   * grain `scale` px: noise blurred on a coarse grid, then interpolated up.
   */
  mottle(rnd: Rng, sigma: number, scale: number): this {
    const s = scale * this.res;
    const f = Math.max(1, Math.floor(s / 2));
    const cw = Math.ceil(this.w / f) + 2;
    const n = new Raster(cw, Math.ceil(this.h / f) + 2).noise(rnd, 1).blur(s / f);
    const k = sigma * 2 * Math.sqrt(Math.PI) * Math.max(s / f, 0.5);
    for (let y = 0, i = 0; y < this.h; y++) {
      const gy = y / f;
      const iy = gy | 0;
      const ty = gy - iy;
      for (let x = 0; x < this.w; x++, i++) {
        const gx = x / f;
        const ix = gx | 0;
        const tx = gx - ix;
        const j = iy * cw + ix;
        const top = n.data[j]! + tx * (n.data[j + 1]! - n.data[j]!);
        const bot = n.data[j + cw]! + tx * (n.data[j + cw + 1]! - n.data[j + cw]!);
        this.data[i] = this.data[i]! + k * (top + ty * (bot - top));
      }
    }
    return this;
  }

  /** Multiply by (1 + correlated noise): trabecular bone and tissue texture that scales with density. */
  texture(rnd: Rng, amount: number, scale: number): this {
    const n = new Raster(this.width, this.height, 0, this.res).mottle(rnd, amount, scale);
    for (let i = 0; i < this.data.length; i++) this.data[i] = this.data[i]! * (1 + n.data[i]!);
    return this;
  }

  /** Add `k` times another raster of the same size. */
  add(other: Raster, k = 1): this {
    for (let i = 0; i < this.data.length; i++) this.data[i] = this.data[i]! + k * other.data[i]!;
    return this;
  }

  /**
   * Film/detector response: attenuation to 8-bit grey, bright where dense, with a shoulder so bone
   * saturates softly the way a processed film does (a lookup table: this runs on every pixel).
   */
  film(gain: number, lo = 12, hi = 245, gamma = 1): this {
    const lut = Float32Array.from({ length: 4097 }, (_, i) => lo + (hi - lo) * Math.pow(1 - Math.exp(-gain * (i / 512)), gamma));
    for (let i = 0; i < this.data.length; i++) {
      const a = this.data[i]!;
      this.data[i] = lut[a <= 0 ? 0 : a >= 8 ? 4096 : (a * 512) | 0]!;
    }
    return this;
  }

  /** 8-bit grey bytes of the stored pixels, rounded and clamped. */
  bytes(): Buffer {
    const out = Buffer.alloc(this.data.length);
    for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(this.data[i]!)));
    return out;
  }

  /** The image (already in 0..255) at its full width x height, as sharp input. */
  image(): sharp.Sharp {
    const img = sharp(this.bytes(), { raw: { width: this.w, height: this.h, channels: 1 } });
    return this.res === 1 ? img : img.resize(this.width, this.height, { kernel: 'cubic' });
  }

  /** Grey JPEG of the image at its full size. */
  jpeg(quality = 90): Promise<Buffer> {
    return this.image().toColourspace('b-w').jpeg({ quality }).toBuffer();
  }

  private clip([x0, y0, x1, y1]: Box): Box {
    const r = this.res;
    return [
      Math.max(0, Math.floor(x0 * r)),
      Math.max(0, Math.floor(y0 * r)),
      Math.min(this.w, Math.ceil(x1 * r)),
      Math.min(this.h, Math.ceil(y1 * r)),
    ];
  }
}

function boxLine(d: Float32Array, start: number, step: number, n: number, r: number, tmp: Float32Array): void {
  for (let i = 0; i < n; i++) tmp[i] = d[start + i * step]!;
  let sum = 0;
  for (let k = -r; k <= r; k++) sum += tmp[Math.min(n - 1, Math.max(0, k))]!;
  const w = 2 * r + 1;
  for (let i = 0; i < n; i++) {
    d[start + i * step] = sum / w;
    sum += tmp[Math.min(n - 1, i + r + 1)]! - tmp[Math.max(0, i - r)]!;
  }
}

/** The radiographer's lead "L" marker at (x, y), `size` px tall: saturated white, after the film curve. */
export function leadMarker(r: Raster, x: number, y: number, size: number): void {
  const t = size * 0.12;
  r.paint(
    tube([
      [x, y, t],
      [x, y + size, t],
    ]),
    solid(255, 1),
    'max',
  );
  r.paint(
    tube([
      [x, y + size, t],
      [x + size * 0.6, y + size, t],
    ]),
    solid(255, 1),
    'max',
  );
}
