/**
 * CBCT-slice-like images: one reconstructed axial slice of a cone-beam CT as a viewer exports it.
 * Black outside the circular field of view; inside, air dark, soft tissue mid-grey, bone bright
 * with cortical rings, enamel brightest; heavy quantum noise, a few ring artefacts and metal
 * streaks. Orthodontic practices hold CBCT volumes of the same patients, so slices and screenshots
 * of them reach the upload, and they share the teeth and jaws of a cephalogram without its view.
 */
import { bezier, cortical, ellipse, lcg, Raster, roundRect, rounded, solid, subtract, tube, type Rng } from './raster.ts';

export type CbctOptions = { width: number; height: number; seed: number; res?: number; level: 'teeth' | 'cranium' };

/** Render an axial CBCT slice to 8-bit grey values (not yet encoded). Anterior is up. */
export function cbctRaster(o: CbctOptions): Raster {
  const { width: W, height: H } = o;
  const rnd = lcg(o.seed);
  const cx = W / 2;
  const cy = H / 2;
  const R = 0.47 * Math.min(W, H); // field of view radius
  const r = new Raster(W, H, 0, o.res ?? 1);
  r.paint(ellipse(cx, cy + 0.05 * R, 0.78 * R, 0.95 * R), rounded(0.35, 0.04 * R)); // head
  if (o.level === 'teeth') teethLevel(r, rnd, cx, cy, R);
  else craniumLevel(r, rnd, cx, cy, R);
  r.blur(1.2).noise(rnd, 0.09).blur(0.8);
  // Ring artefacts centred on the rotation axis.
  // Then CT's linear window (not a film curve); outside the cylinder there is no data.
  return r.map((v, x, y) => {
    const d = Math.sqrt((x - cx) ** 2 + (y - cy) ** 2);
    const ring = 0.02 * Math.sin(d * 0.35) * Math.exp(-d / (0.5 * R));
    return d > R ? 0 : 10 + 240 * Math.min(1, Math.max(0, (v + ring) / 1.5));
  });
}

function teethLevel(r: Raster, rnd: Rng, cx: number, cy: number, R: number): void {
  // Dental arch: a parabola opening backwards, with alveolar bone along it and a tooth in section at each place.
  const arch = (t: number): [number, number] => [cx + 0.5 * R * t, cy - 0.42 * R + 0.62 * R * t * t];
  r.paint(ellipse(cx, cy + 0.02 * R, 0.32 * R, 0.28 * R), rounded(0.06, 0.1 * R)); // tongue
  r.paint(
    tube(Array.from({ length: 15 }, (_, i) => [...arch(-1.08 + (2.16 * i) / 14), 0.075 * R] as [number, number, number])),
    cortical(0.55, 0.22, 0.012 * R, 1.5),
  );
  const metal: [number, number][] = [];
  for (let i = 0; i < 14; i++) {
    const t = Math.sign(i - 6.5) * Math.pow(Math.abs(i - 6.5) / 6.5, 0.85) * 0.97;
    const [x, y] = arch(t);
    const ang = Math.atan2(2 * 0.62 * t, 0.5); // tangent of the arch
    const molar = Math.abs(i - 6.5) > 3;
    const [a, b] = molar ? [0.05 * R, 0.055 * R] : [0.028 * R, 0.04 * R];
    r.paint(roundRect(x, y, a, b, 0.022 * R, ang), cortical(0.95, 0.5, 0.01 * R, 1.2));
    r.paint(ellipse(x, y, 0.01 * R, 0.01 * R), solid(-0.35, 1.5)); // pulp
    if (molar && metal.length < 2 && rnd() < 0.3) metal.push([x, y]);
  }
  for (const [x, y] of metal) r.paint(ellipse(x, y, 0.025 * R, 0.022 * R), solid(3, 1));
  // Metal streaks: alternating bright and dark rays through each filling.
  r.map((v, x, y) =>
    metal.reduce(
      (a, [mx, my]) =>
        a + 0.1 * Math.cos(9 * Math.atan2(y - my, x - mx)) * Math.exp(-Math.sqrt((x - mx) ** 2 + (y - my) ** 2) / (0.35 * R)),
      v,
    ),
  );
  r.paint(ellipse(cx, cy + 0.38 * R, 0.13 * R, 0.06 * R), solid(-0.3, 3)); // oropharyngeal airway
  for (const s of [-1, 1]) {
    r.paint(ellipse(cx + s * 0.56 * R, cy + 0.22 * R, 0.04 * R, 0.13 * R, s * 0.35), cortical(0.75, 0.3, 0.012 * R)); // ramus
    r.paint(ellipse(cx + s * 0.64 * R, cy + 0.3 * R, 0.07 * R, 0.17 * R, s * 0.2), solid(0.05, 8)); // masseter
  }
  vertebra(r, cx, cy + 0.64 * R, R);
}

function craniumLevel(r: Raster, rnd: Rng, cx: number, cy: number, R: number): void {
  // The vault as a ring: outer and inner tables bright, diploe dimmer between them.
  const outer = ellipse(cx, cy, 0.66 * R, 0.8 * R);
  const inner = ellipse(cx, cy + 0.01 * R, 0.61 * R, 0.74 * R);
  r.paint(subtract(outer, inner), cortical(1.1, 0.55, 0.012 * R, 1.5));
  r.paint(inner, solid(0.08, 2)); // brain: CBCT barely separates grey from white matter
  r.paint(
    tube([
      [cx, cy - 0.72 * R, 2],
      [cx, cy + 0.72 * R, 2],
    ]),
    solid(0.1, 1.5),
  ); // falx
  for (const s of [-1, 1]) {
    r.paint(ellipse(cx + s * 0.045 * R, cy - 0.75 * R, 0.045 * R, 0.03 * R), cortical(0.4, -0.6, 3, 2)); // frontal sinus
    r.paint(ellipse(cx + s * 0.66 * R, cy - 0.05 * R, 0.06 * R, 0.3 * R), rounded(0.05, 0.05 * R)); // temporalis
    r.paint(ellipse(cx + s * 0.76 * R, cy + 0.12 * R, 0.05 * R, 0.09 * R), rounded(0.3, 0.03 * R)); // ear
    r.paint(ellipse(cx + s * 0.12 * R, cy - 0.1 * R, 0.025 * R, 0.14 * R, s * 0.3), solid(-0.04, 6)); // lateral ventricle
  }
  r.texture(rnd, 0.04, 0.01 * R);
}

/** An axial cervical vertebra: body, canal and posterior arch, each with a cortical ring. */
function vertebra(r: Raster, x: number, y: number, R: number): void {
  r.paint(ellipse(x, y, 0.13 * R, 0.09 * R), cortical(0.9, 0.45, 0.012 * R));
  r.paint(
    tube(bezier([x - 0.12 * R, y + 0.05 * R], [x, y + 0.35 * R], [x + 0.12 * R, y + 0.05 * R], 0.025 * R, 0.025 * R, 10)),
    cortical(0.9, 0.5, 0.01 * R),
  );
}
