/**
 * Skull PA (postero-anterior / frontal) radiograph: the same head as a cephalogram but seen from
 * the front. Symmetric: round cranial vault with its bright cortical ring, the orbits with the
 * petrous ridges across them, frontal sinus, nasal cavity and septum, maxillary sinuses, the
 * mandible as a "U" at the bottom and the teeth in a band in the middle. Orthodontic records
 * often include a PA ceph, which is exactly the film the lateral-ceph detector must turn away.
 */
import { bezier, cortical, ellipse, lcg, leadMarker, Raster, roundRect, rounded, solid, subtract, tube, type Shape } from './raster.ts';

export type SkullPaOptions = { width: number; height: number; seed: number; res?: number; angle: number; face: number };

type Pt = [number, number];

/** Render a skull PA film to 8-bit grey values (not yet encoded). `face` stretches the face below the orbits. */
export function skullPaRaster(o: SkullPaOptions): Raster {
  const { width: W, height: H } = o;
  const rnd = lcg(o.seed);
  const u = Math.min(W, 0.8 * H); // anatomy in units of the skull's frame
  const c = Math.cos(o.angle);
  const sn = Math.sin(o.angle);
  // Head coordinates (x from the midline, y down from the vertex, in units of u) to pixels.
  const P = (x: number, y: number): Pt => {
    const yy = y > 0.62 ? 0.62 + (y - 0.62) * o.face : y;
    return [W / 2 + (x * c - (yy - 0.6) * sn) * u, 0.08 * H + 0.6 * u + (x * sn + (yy - 0.6) * c) * u];
  };
  const E = (x: number, y: number, rx: number, ry: number, a = 0): Shape => ellipse(...P(x, y), rx * u, ry * u, a + o.angle);
  const T = (pts: [number, number, number][]): Shape => tube(pts.map(([x, y, w]) => [...P(x, y), w * u]));
  const r = new Raster(W, H, 0, o.res ?? 0.5);

  // Soft tissue: scalp around the vault, the face and the neck.
  const flesh = rounded(0.35, 0.06 * u);
  r.paint(E(0, 0.4, 0.43, 0.42), flesh, 'max');
  r.paint(
    T([
      [0, 0.62, 0.33],
      [0, 0.92, 0.26],
      [0, 1.3, 0.22],
    ]),
    flesh,
    'max',
  );
  // Cranial vault: thick bright tables seen edge-on at the rim, dimmer through the middle.
  // The skull base and face hide the lower rim of the vault.
  const face = E(0, 0.92, 0.32, 0.32);
  r.paint(E(0, 0.38, 0.4, 0.37), solid(0.55, 0.01 * u), 'max');
  r.paint(E(0, 0.76, 0.3, 0.2), rounded(0.5, 0.12 * u), 'max'); // facial skeleton, tongue and cheeks
  r.paint(subtract(subtract(E(0, 0.39, 0.4, 0.38), E(0, 0.395, 0.375, 0.355)), face), cortical(0.4, 0.15, 0.01 * u, 4));
  r.paint(subtract(subtract(E(0, 0.4, 0.37, 0.355), E(0, 0.4, 0.363, 0.348)), face), solid(0.2, 3));
  r.paint(E(0, 0.7, 0.24, 0.12), rounded(0.35, 0.05 * u)); // maxilla and zygomatic buttresses
  r.texture(rnd, 0.05, 0.008 * u);
  // Cervical spine and dens behind the face, mastoids either side.
  r.paint(
    T([
      [0, 0.72, 0.045],
      [0, 1.3, 0.05],
    ]),
    rounded(0.3, 0.04 * u),
  );
  for (const s of [-1, 1]) {
    r.blob(...P(s * 0.34, 0.7), 0.03 * u, 0.05 * u, 0.3); // mastoid
    r.paint(T(bezier([s * 0.2, 0.62], [s * 0.3, 0.6], [s * 0.33, 0.7], 0.02, 0.012, 8)), cortical(0.45, 0.25, 0.008 * u)); // zygomatic arch
    // Orbit: dark, rimmed, with the petrous ridge across its lower third and the innominate line.
    r.paint(roundRectAt(P(s * 0.145, 0.5), 0.092 * u, 0.08 * u, 0.055 * u, o.angle + s * 0.12), cortical(0.3, -0.22, 0.012 * u, 10));
    r.paint(T(bezier([s * 0.06, 0.56], [s * 0.18, 0.51], [s * 0.36, 0.55], 0.008, 0.012, 8)), solid(0.3, 3));
    r.paint(
      T([
        [s * 0.225, 0.43, 0.006],
        [s * 0.2, 0.58, 0.005],
      ]),
      solid(0.25, 2),
    );
    // Maxillary sinus: a dark rounded triangle beside the nose.
    r.paint(E(s * 0.13, 0.655, 0.075, 0.065, s * 0.3), cortical(0.2, -0.2, 0.008 * u, 5));
  }
  r.paint(E(0, 0.385, 0.07, 0.035), cortical(0.15, -0.2, 0.006 * u, 4)); // frontal sinus
  r.paint(E(0, 0.645, 0.055, 0.085), solid(-0.25, 6)); // nasal cavity
  r.paint(
    T([
      [0, 0.43, 0.005],
      [0, 0.72, 0.006],
    ]),
    solid(0.35, 2),
  ); // crista galli and septum
  for (const s of [-1, 1]) r.paint(E(s * 0.03, 0.68, 0.018, 0.035), solid(0.15, 4)); // inferior conchae
  r.paint(T(bezier([-0.2, 0.72], [0, 0.75], [0.2, 0.72], 0.02, 0.02, 8)), solid(0.25, 6)); // hard palate and alveolus
  mandible(r, T);
  teeth(r, T);
  r.blur(0.003 * u).mottle(rnd, 0.015, 0.05 * u);
  r.film(1.05, 8, 240, 1.15);
  leadMarker(r, W * 0.88, H * 0.05, H * 0.028);
  return r.noise(rnd, 2.5);
}

function roundRectAt([x, y]: Pt, hw: number, hh: number, rad: number, angle: number): Shape {
  return roundRect(x, y, hw, hh, rad, angle);
}

/** The mandible head-on: condyles, rami and a "U" of body meeting at the chin. */
function mandible(r: Raster, T: (pts: [number, number, number][]) => Shape): void {
  const path: [number, number, number][] = [];
  for (const s of [-1, 1]) {
    const ramus: [number, number, number][] = [
      [s * 0.3, 0.6, 0.022],
      [s * 0.305, 0.7, 0.028],
      ...bezier([s * 0.3, 0.8], [s * 0.27, 0.93], [s * 0.1, 0.96], 0.032, 0.04, 6),
    ];
    path.push(...(s < 0 ? ramus : ramus.reverse()));
    if (s < 0) path.push([0, 0.975, 0.045]);
  }
  r.paint(T(path), cortical(0.8, 0.35, 0.012 * r.width, 2));
}

/** Teeth overlap into a bright band between the jaws, narrower towards the sides where they turn away. */
function teeth(r: Raster, T: (pts: [number, number, number][]) => Shape): void {
  for (const jaw of [-1, 1]) {
    for (let i = -6; i <= 6; i++) {
      const x = Math.sign(i) * Math.pow(Math.abs(i) / 6, 0.75) * 0.2;
      const w = 0.021 * (1 - 0.4 * (Math.abs(i) / 6));
      const y0 = 0.815 - 0.015 * (Math.abs(i) / 6) ** 2;
      r.paint(
        T([
          [x, y0 + jaw * 0.012, w],
          [x, y0 + jaw * 0.045, w * 0.95],
        ]),
        cortical(0.55, 0.35, 4, 2),
      );
      r.paint(
        T([
          [x, y0 + jaw * 0.05, w * 0.7],
          [x * 1.02, y0 + jaw * (Math.abs(i) < 3 ? 0.11 : 0.09), w * 0.25],
        ]),
        solid(0.25, 3),
      );
    }
  }
}
