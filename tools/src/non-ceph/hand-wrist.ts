/**
 * Hand-wrist radiograph (PA view of the left hand, as taken for bone age alongside orthodontic
 * records): dark film, grey soft-tissue silhouette of the hand, bright radius and ulna with their
 * distal epiphyses, the carpal bones, five metacarpals and the phalanges, with growth-plate gaps
 * and joint spaces. Orthodontists upload these from the same workstation as cephalograms, so the
 * detector must refuse them even though they are clean, high-contrast skeletal X-rays.
 */
import { cortical, ellipse, lcg, leadMarker, Raster, rounded, tube } from './raster.ts';

export type HandWristOptions = { width: number; height: number; seed: number; res?: number; age: 'child' | 'teen'; angle: number };

type Pt = [number, number];

/** Render a hand-wrist film to 8-bit grey values (not yet encoded). */
export function handWristRaster(o: HandWristOptions): Raster {
  const { width: W, height: H } = o;
  const rnd = lcg(o.seed);
  const u = H; // anatomy is laid out in units of the film height
  const c = Math.cos(o.angle);
  const s = Math.sin(o.angle);
  // Hand coordinates (fractions of the height, x from the film centre) to pixels, turned by the angle.
  const P = (x: number, y: number): Pt => [W / 2 + (x * c - (y - 0.6) * s) * u, 0.6 * u + (x * s + (y - 0.6) * c) * u];
  const teen = o.age === 'teen';
  const gap = teen ? 0.006 : 0.011; // growth-plate and joint space
  let r = new Raster(W, H, 0.02, o.res ?? 0.5);

  // Fingers: metacarpal base -> head, then phalanges along the same ray, fanning out.
  const rays: { base: Pt; dir: number; mc: number; ph: number[]; w: number }[] = [
    { base: [0.1, 0.62], dir: -0.62, mc: 0.15, ph: [0.1, 0, 0.065], w: 0.021 }, // thumb
    { base: [0.05, 0.615], dir: -0.2, mc: 0.19, ph: [0.125, 0.075, 0.055], w: 0.017 },
    { base: [0.0, 0.61], dir: -0.03, mc: 0.185, ph: [0.135, 0.085, 0.058], w: 0.017 },
    { base: [-0.045, 0.615], dir: 0.12, mc: 0.17, ph: [0.125, 0.08, 0.055], w: 0.016 },
    { base: [-0.085, 0.625], dir: 0.3, mc: 0.155, ph: [0.1, 0.065, 0.05], w: 0.014 },
  ];
  const bones: { a: Pt; b: Pt; w: number; epi: 'a' | 'b' | null }[] = [];
  const fingers: [number, number, number][][] = [];
  rays.forEach((ray, i) => {
    const dx = -Math.sin(ray.dir);
    const dy = -Math.cos(ray.dir);
    let [x, y] = ray.base;
    const along = (len: number): Pt => [x + dx * len, y + dy * len];
    const seg = (len: number, w: number, epi: 'a' | 'b' | null) => {
      const end = along(len);
      bones.push({ a: [x, y], b: end, w, epi });
      [x, y] = along(len + gap * 1.4);
    };
    seg(ray.mc, ray.w, i === 0 ? 'a' : 'b');
    const start = P(x, y);
    ray.ph.forEach((len, k) => len > 0 && seg(len, ray.w * (0.95 - 0.15 * k), 'a'));
    const tip = P(x - dx * 0.01, y - dy * 0.01);
    fingers.push([
      [...start, ray.w * u * 2.8],
      [...tip, ray.w * u * 2],
    ]);
  });

  // Soft tissue: forearm, palm and fingers as one silhouette (max, so overlaps do not add up).
  const tissue = rounded(0.42, 0.03 * u);
  r.paint(
    tube([
      [...P(0.01, 1.1), 0.13 * u],
      [...P(0.01, 0.72), 0.12 * u],
    ]),
    tissue,
    'max',
  );
  r.paint(
    tube([
      [...P(0.005, 0.66), 0.105 * u],
      [...P(0.0, 0.5), 0.14 * u],
    ]),
    tissue,
    'max',
  );
  for (const f of fingers) r.paint(tube(f), tissue, 'max');
  r.paint(
    tube([
      [...P(0.1, 0.63), 0.05 * u],
      [...P(0.16, 0.53), 0.03 * u],
    ]),
    tissue,
    'max',
  );

  // Bones go on their own layer so that only they get the trabecular texture.
  const soft = r;
  r = new Raster(W, H, 0, soft.res);
  const bone = (a: Pt, b: Pt, w: number) => {
    const mid: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    r.paint(
      tube([
        [...P(...a), w * 1.35 * u],
        [...P(...mid), w * 0.8 * u],
        [...P(...b), w * 1.2 * u],
      ]),
      cortical(0.95, 0.45, 0.006 * u, 1.5),
    );
  };
  for (const { a, b, w, epi } of bones) {
    // A bone with an epiphysis: the cap stands apart across a dark growth plate.
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    const cap = Math.min(0.022, len * 0.2);
    if (epi === 'b' && !teen) {
      bone(a, [b[0] - ux * (cap + gap), b[1] - uy * (cap + gap)], w);
      r.paint(
        ellipse(
          ...P(b[0] - (ux * cap) / 2, b[1] - (uy * cap) / 2),
          w * 1.15 * u,
          (cap / 2) * u,
          Math.atan2(uy, ux) + o.angle + Math.PI / 2,
        ),
        cortical(0.9, 0.5, 0.005 * u),
      );
    } else if (epi === 'a') {
      r.paint(
        ellipse(
          ...P(a[0] + (ux * cap) / 2, a[1] + (uy * cap) / 2),
          w * 1.25 * u,
          (cap / 2) * u,
          Math.atan2(uy, ux) + o.angle + Math.PI / 2,
        ),
        cortical(0.9, 0.5, 0.005 * u),
      );
      bone([a[0] + ux * (cap + gap), a[1] + uy * (cap + gap)], b, w);
    } else bone(a, b, w);
  }

  // Carpals: eight in a teenager, the first four to ossify in a younger child.
  const carpals: [number, number, number, number, number][] = [
    [0.005, 0.655, 0.028, 0.036, 0.1], // capitate
    [-0.05, 0.655, 0.025, 0.03, -0.3], // hamate
    [-0.06, 0.695, 0.022, 0.02, 0.2], // triquetrum
    [-0.01, 0.7, 0.024, 0.02, 0], // lunate
    [0.05, 0.69, 0.018, 0.034, -0.9], // scaphoid
    [0.075, 0.645, 0.022, 0.018, 0.4], // trapezium
    [0.045, 0.64, 0.017, 0.016, 0], // trapezoid
    [-0.075, 0.68, 0.012, 0.012, 0], // pisiform
  ];
  const scale = teen ? 1 : 0.72;
  for (const [x, y, rx, ry, a] of carpals.slice(0, teen ? 8 : 4))
    r.paint(ellipse(...P(x, y), rx * scale * u, ry * scale * u, a + o.angle), cortical(0.9, 0.5, 0.005 * u, 1.5));

  // Radius and ulna: shafts from the bottom of the film, distal epiphyses over growth plates.
  r.paint(
    tube([
      [...P(0.045, 1.1), 0.026 * u],
      [...P(0.045, 0.82), 0.028 * u],
      [...P(0.05, 0.75 + gap), 0.046 * u],
    ]),
    cortical(1, 0.45, 0.008 * u, 1.5),
  );
  r.paint(ellipse(...P(0.052, 0.727), 0.05 * u, 0.014 * u, o.angle - 0.15), cortical(0.95, 0.5, 0.006 * u));
  r.paint(
    tube([
      [...P(-0.055, 1.1), 0.016 * u],
      [...P(-0.055, 0.8), 0.018 * u],
      [...P(-0.052, 0.75 + gap), 0.024 * u],
    ]),
    cortical(1, 0.45, 0.007 * u, 1.5),
  );
  r.paint(ellipse(...P(-0.052, 0.735), 0.022 * u, 0.01 * u, o.angle), cortical(0.9, 0.5, 0.005 * u));

  r = soft.add(r.texture(rnd, 0.12, 0.004 * u)).blur(0.0015 * u);
  r.mottle(rnd, 0.012, 0.05 * u);
  r.film(1.1, 10, 242, 1.1);
  leadMarker(r, W * 0.1, H * 0.08, H * 0.03);
  // Collimation: the lead shutters leave a pale unexposed border around the field.
  r.map((v, x, y) => (Math.abs(x - W / 2) < W * 0.46 && Math.abs(y - H / 2) < H * 0.47 ? v : 196));
  return r.noise(rnd, 2.5);
}
