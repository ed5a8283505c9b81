/**
 * Chest PA radiograph: dark lungs framed by curved bright ribs, the spine and mediastinum down the
 * middle, the heart shadow bulging to the patient's left, clavicles across the top, diaphragm
 * domes below with a gastric air bubble, and lung vessels fanning from the hila. The most common
 * radiograph of all, and a large bright-and-dark film like a cephalogram, so it must be refused.
 */
import { bezier, cortical, ellipse, lcg, leadMarker, Raster, roundRect, rounded, solid, tube, type Rng } from './raster.ts';

export type ChestOptions = { width: number; height: number; seed: number; res?: number };

/** Render a chest PA film to 8-bit grey values (not yet encoded). */
export function chestRaster(o: ChestOptions): Raster {
  const { width: W, height: H } = o;
  const rnd = lcg(o.seed);
  const cx = W / 2;
  const X = (f: number) => cx + f * W;
  const r = new Raster(W, H, 0, o.res ?? 0.5);
  // Trunk and neck; shoulders and upper arms at the top corners.
  const body = rounded(1, 0.22 * W);
  r.paint(
    tube([
      [cx, -0.05 * H, 0.11 * W],
      [cx, 0.12 * H, 0.12 * W],
    ]),
    body,
    'max',
  );
  r.paint(roundRect(cx, 0.64 * H, 0.44 * W, 0.55 * H, 0.2 * W), body, 'max');
  r.paint(roundRect(cx, 0.25 * H, 0.52 * W, 0.09 * H, 0.08 * W), rounded(0.8, 0.1 * W), 'max');
  for (const s of [-1, 1]) {
    r.paint(ellipse(X(s * 0.5), 0.2 * H, 0.06 * W, 0.07 * H), cortical(0.45, 0.25, 10, 2)); // humeral head
    r.paint(
      tube(bezier([X(s * 0.3), 0.14 * H], [X(s * 0.38), 0.3 * H], [X(s * 0.33), 0.43 * H], 0.05 * W, 0.01 * W, 8)),
      cortical(0.25, 0.12, 6, 3),
    ); // scapula
  }
  // Lungs: air takes away most of the attenuation; the right dome sits higher than the left.
  r.paint(ellipse(X(-0.2), 0.4 * H, 0.19 * W, 0.29 * H, -0.05), solid(-0.62, 0.035 * W));
  r.paint(ellipse(X(0.2), 0.41 * H, 0.19 * W, 0.3 * H, 0.05), solid(-0.62, 0.035 * W));
  r.blob(X(0.17), 0.75 * H, 0.05 * W, 0.025 * H, -0.35); // gastric bubble
  // Mediastinum, aortic knob, heart bulging to the patient's left (right of the image), trachea.
  r.paint(roundRect(cx, 0.28 * H, 0.07 * W, 0.2 * H, 0.05 * W), solid(0.55, 0.02 * W));
  r.paint(ellipse(X(0.065), 0.2 * H, 0.05 * W, 0.035 * H), solid(0.35, 0.015 * W));
  r.paint(ellipse(X(0.055), 0.56 * H, 0.19 * W, 0.12 * H, -0.45), solid(0.5, 0.03 * W));
  r.paint(
    tube([
      [cx, 0, 0.025 * W],
      [cx, 0.24 * H, 0.022 * W],
    ]),
    solid(-0.2, 0.01 * W),
  );
  for (const s of [-1, 1])
    r.paint(
      tube([
        [cx, 0.24 * H, 0.018 * W],
        [X(s * 0.07), 0.3 * H, 0.014 * W],
      ]),
      solid(-0.15, 0.01 * W),
    );
  vessels(r, rnd, cx);
  // Spine: vertebral bodies with their end plates, faint behind the heart.
  for (let y = 0.02 * H; y < H; y += 0.045 * H) r.paint(roundRect(cx, y, 0.045 * W, 0.019 * H, 6), cortical(0.3, 0.15, 6, 2));
  ribs(r);
  for (const s of [-1, 1])
    r.paint(
      tube(bezier([X(s * 0.04), 0.165 * H], [X(s * 0.2), 0.1 * H], [X(s * 0.4), 0.12 * H], 0.014 * H, 0.012 * H, 10)),
      cortical(0.55, 0.3, 6, 2),
    ); // clavicle
  r.texture(rnd, 0.06, 4).blur(2.5).mottle(rnd, 0.015, 40);
  r.film(1.25, 6, 240, 1.2);
  leadMarker(r, W * 0.85, H * 0.04, H * 0.03);
  return r.noise(rnd, 2.5);
}

/** Posterior ribs run out from the spine and bend down the chest wall; anterior ribs slope back in. */
function ribs(r: Raster): void {
  const { width: W, height: H } = r;
  const cx = W / 2;
  for (const s of [-1, 1]) {
    for (let i = 0; i < 10; i++) {
      const y = (0.11 + 0.056 * i) * H;
      const k = 0.55 + 0.45 * Math.min(1, i / 4); // upper ribs are shorter
      const post = bezier(
        [cx + s * 0.04 * W, y],
        [cx + s * 0.34 * k * W, y - 0.06 * H],
        [cx + s * 0.42 * k * W, y + 0.08 * H],
        0.01 * H,
        0.012 * H,
        10,
      );
      r.paint(tube(post), cortical(0.22, 0.06, 5, 2));
      const ant = bezier(
        [cx + s * 0.42 * k * W, y + 0.08 * H],
        [cx + s * 0.3 * k * W, y + 0.1 * H],
        [cx + s * 0.12 * W, y + 0.2 * H],
        0.012 * H,
        0.009 * H,
        10,
      );
      r.paint(tube(ant), cortical(0.1, 0.03, 4, 2));
    }
  }
}

/** Pulmonary vessels: thin tapering branches fanning out from each hilum. */
function vessels(r: Raster, rnd: Rng, cx: number): void {
  const { width: W, height: H } = r;
  for (const s of [-1, 1]) {
    for (let i = 0; i < 16; i++) {
      const a = -0.9 + rnd() * 2.1; // mostly outward and downward from the hilum
      const len = (0.08 + 0.14 * rnd()) * W;
      const hx = cx + s * (0.08 + 0.04 * rnd()) * W;
      const hy = (0.36 + 0.12 * rnd()) * H;
      const end: [number, number] = [hx + s * Math.cos(a) * len, hy + Math.sin(a) * len * 1.3];
      const mid: [number, number] = [(hx + end[0]) / 2 + (rnd() - 0.5) * 0.03 * W, (hy + end[1]) / 2 + (rnd() - 0.5) * 0.03 * W];
      r.paint(tube(bezier([hx, hy], mid, end, 6, 1.5, 6)), solid(0.08, 3));
    }
    r.blob(cx + s * 0.09 * W, 0.4 * H, 0.03 * W, 0.05 * H, 0.25); // hilum
  }
}
