/**
 * Panoramic dental X-ray (orthopantomogram): the jaws unrolled onto a wide film, about 2.1:1. The
 * closest look-alike to a cephalogram that a dental practice uploads by mistake: same teeth, same
 * jaw bone, same grey film, but seen from a rotating tube, so the mandible is a wide "U", both rami
 * and condyles stand at the sides, the teeth form two rows along a smiling occlusal plane, and the
 * cervical spine shows as blurred ghosts at both edges and over the front teeth.
 */
import { bezier, cortical, ellipse, lcg, Raster, roundRect, rounded, solid, tube, type Profile, type Rng } from './raster.ts';

type Tooth = { kind: 'incisor' | 'canine' | 'premolar' | 'molar'; w: number };
// One quadrant from the midline outwards; widths in units of the arch scale.
const QUADRANT: Tooth[] = [
  { kind: 'incisor', w: 0.8 },
  { kind: 'incisor', w: 0.68 },
  { kind: 'canine', w: 0.82 },
  { kind: 'premolar', w: 0.82 },
  { kind: 'premolar', w: 0.8 },
  { kind: 'molar', w: 1.2 },
  { kind: 'molar', w: 1.12 },
  { kind: 'molar', w: 1.02 },
];

export type PanoramicOptions = {
  width: number;
  height: number;
  seed: number;
  res?: number;
  missing?: number[];
  restorations?: number;
  impacted?: boolean;
};

/** Render a panoramic film to 8-bit grey values (not yet encoded). */
export function panoramicRaster(o: PanoramicOptions): Raster {
  const { width: W, height: H } = o;
  const rnd = lcg(o.seed);
  const cx = W / 2 + (rnd() - 0.5) * 0.02 * W;
  // Everything outside the focal trough is blurred by the tube's rotation; the teeth stay sharp.
  const r = new Raster(W, H, 0.1, o.res ?? 0.5);
  softTissue(r, cx);
  jaws(r, cx);
  r.texture(rnd, 0.12, 3).blur(7);
  const yOcc = (x: number) => 0.485 * H + 0.06 * H * (1 - ((x - cx) / (0.36 * W)) ** 2);
  teeth(r, rnd, cx, yOcc, o);
  r.blur(1.3).mottle(rnd, 0.025, 40).mottle(rnd, 0.012, 4);
  r.film(0.9, 8, 238, 1.25);
  // The exposure field of a panoramic unit has soft rounded corners; outside it the film is clear.
  r.paint(roundRect(W / 2, H / 2, W / 2 - 8, H / 2 - 8, 0.1 * H), solid(1, 10), 'mul');
  return r.noise(rnd, 3);
}

function softTissue(r: Raster, cx: number): void {
  const { width: W, height: H } = r;
  r.paint(ellipse(cx, 0.6 * H, 0.5 * W, 0.75 * H), rounded(0.3, 0.25 * W));
  for (const s of [-1, 1]) {
    // Cervical spine ghost at the edge, airway crossing the ramus, ear lobe, hyoid below the angle.
    r.paint(roundRect(cx + s * 0.5 * W, 0.6 * H, 0.06 * W, 0.55 * H, 0.05 * W), rounded(0.3, 0.06 * W));
    r.paint(
      tube(bezier([cx + s * 0.31 * W, 0.3 * H], [cx + s * 0.36 * W, 0.6 * H], [cx + s * 0.35 * W, 1.0 * H], 0.02 * W, 0.028 * W, 6)),
      solid(-0.12, 25),
    );
    r.blob(cx + s * 0.45 * W, 0.14 * H, 0.03 * W, 0.09 * H, 0.12);
    r.paint(
      tube([
        [cx + s * 0.17 * W, 0.97 * H, 10],
        [cx + s * 0.3 * W, 0.93 * H, 14],
      ]),
      cortical(0.35, 0.2, 5),
    );
  }
  r.blob(cx, 0.55 * H, 0.07 * W, 0.35 * H, 0.12); // front ghost of the spine over the incisors
  r.blob(cx, 0.4 * H, 0.3 * W, 0.05 * H, 0.1); // tongue dorsum against the palate
}

function jaws(r: Raster, cx: number): void {
  const { width: W, height: H } = r;
  for (const s of [-1, 1]) {
    const X = (f: number) => cx + s * f * W;
    r.paint(
      tube([
        [X(0.375), 0.5 * H, 0.022 * W],
        [X(0.355), 0.3 * H, 0.008 * W],
      ]),
      cortical(0.45, 0.3, 8),
    ); // coronoid
    r.paint(tube(bezier([X(0.385), 0.19 * H], [X(0.425), 0.13 * H], [X(0.465), 0.2 * H], 7, 5, 6)), solid(0.4, 2)); // glenoid fossa
    r.paint(ellipse(X(0.19), 0.2 * H, 0.1 * W, 0.11 * H, s * 0.12), cortical(0.12, -0.12, 10, 14)); // maxillary sinus
    // zygomatic arch
    r.paint(tube(bezier([X(0.22), 0.13 * H], [X(0.32), 0.09 * H], [X(0.44), 0.17 * H], 0.035 * H, 0.025 * H, 6)), cortical(0.5, 0.3, 8));
    r.paint(tube(bezier([X(0.06), 0.07 * H], [X(0.15), 0.02 * H], [X(0.25), 0.07 * H], 5, 4, 6)), solid(0.3, 2)); // orbit floor
    // maxillary tuberosity
    r.paint(tube(bezier([X(0.3), 0.16 * H], [X(0.31), 0.35 * H], [X(0.3), 0.42 * H], 0.012 * W, 0.01 * W, 5)), cortical(0.3, 0.15, 5));
  }
  // The mandible as one bone: condyle, ramus, angle, body, and back up the other side.
  const path: [number, number, number][] = [];
  for (const s of [-1, 1]) {
    const X = (f: number) => cx + s * f * W;
    const side: [number, number, number][] = [
      [X(0.425), 0.2 * H, 0.024 * W],
      [X(0.42), 0.3 * H, 0.017 * W],
      [X(0.405), 0.48 * H, 0.042 * W],
      [X(0.39), 0.64 * H, 0.045 * W],
      [X(0.37), 0.72 * H, 0.1 * H],
      [X(0.3), 0.71 * H, 0.12 * H],
      [X(0.2), 0.73 * H, 0.135 * H],
      [X(0.1), 0.76 * H, 0.145 * H],
    ];
    path.push(...(s < 0 ? side : side.reverse()));
    if (s < 0) path.push([cx, 0.775 * H, 0.15 * H]);
  }
  r.paint(tube(path), cortical(0.75, 0.42, 14, 2));
  for (const s of [-1, 1]) {
    // Mandibular canal: a dark band with thin bright walls from the ramus to below the premolars.
    const canal = bezier(
      [cx + s * 0.39 * W, 0.45 * H],
      [cx + s * 0.36 * W, 0.78 * H],
      [cx + s * 0.14 * W, 0.77 * H],
      0.012 * H,
      0.01 * H,
      8,
    );
    r.paint(tube(canal), cortical(0.1, -0.12, 3, 2));
  }
  r.blob(cx, 0.52 * H, 0.4 * W, 0.05 * H, 0.14); // tongue and cheeks between the rows
  // Maxilla: alveolar bone around the upper roots, hard palate, nasal cavity with septum and conchae.
  r.paint(ellipse(cx, 0.36 * H, 0.36 * W, 0.12 * H), rounded(0.35, 0.06 * H));
  r.paint(tube(bezier([cx - 0.3 * W, 0.29 * H], [cx, 0.23 * H], [cx + 0.3 * W, 0.29 * H], 0.014 * H, 0.014 * H, 8)), solid(0.45, 3));
  r.paint(ellipse(cx, 0.12 * H, 0.085 * W, 0.13 * H), solid(-0.14, 30));
  r.paint(
    tube([
      [cx, 0, 5],
      [cx, 0.23 * H, 6],
    ]),
    solid(0.35, 2),
  );
  for (const s of [-1, 1]) r.blob(cx + s * 0.045 * W, 0.17 * H, 0.028 * W, 0.03 * H, 0.18);
}

function teeth(r: Raster, rnd: Rng, cx: number, yOcc: (x: number) => number, o: PanoramicOptions): void {
  const { width: W, height: H } = r;
  const unit = (0.36 * W) / QUADRANT.reduce((a, t) => a + t.w, 0);
  let restorations = o.restorations ?? 3;
  for (const jaw of [-1, 1]) {
    for (const s of [-1, 1]) {
      let edge = cx;
      QUADRANT.forEach((t, i) => {
        const w = t.w * unit * (jaw > 0 && t.kind === 'incisor' ? 0.8 : 1);
        const x = edge + (s * w) / 2;
        edge += s * w;
        const id = (jaw < 0 ? 10 : 30) + (s < 0 ? 0 : 10) + i + 1;
        if (o.missing?.includes(id)) return;
        const impacted = o.impacted && i === 7 && jaw > 0;
        const metal =
          t.kind === 'molar' && restorations > 0 && rnd() < 0.45
            ? (restorations--, rnd() < 0.4 ? 'crown' : 'filling')
            : t.kind === 'premolar' && rnd() < 0.06
              ? 'canal'
              : null;
        const tilt = impacted ? s * 0.8 : ((x - cx) / W) * 0.3 * jaw + (rnd() - 0.5) * 0.06;
        tooth(r, rnd, x, yOcc(x) + jaw * (impacted ? 0.07 * H : 0.003 * H), jaw, w * 0.97, t, H, metal, tilt);
      });
    }
  }
}

const ring =
  (dura: number, ligament: number): Profile =>
  (d) =>
    d < 0 ? 0 : d < 3 ? dura : d < 6 ? ligament : 0;

/** One tooth: enamel-capped crown at the occlusal plane, tapering roots into the bone, pulp canal. */
function tooth(
  r: Raster,
  rnd: Rng,
  x: number,
  y0: number,
  dir: number,
  w: number,
  t: Tooth,
  H: number,
  metal: string | null,
  tilt: number,
): void {
  const crownH = (t.kind === 'molar' ? 0.085 : t.kind === 'premolar' ? 0.09 : 0.1) * H;
  const rootH = (t.kind === 'canine' ? 0.2 : t.kind === 'molar' ? 0.13 : 0.16) * H * (0.9 + 0.2 * rnd());
  const c = Math.cos(tilt);
  const sn = Math.sin(tilt);
  // (u across the tooth, v from the occlusal edge towards the apex) to image pixels.
  const P = (u: number, v: number): [number, number] => [x + u * c - dir * v * sn, y0 + dir * v * c + u * sn];
  const roots = t.kind === 'molar' ? [-0.24, 0.24] : t.kind === 'premolar' && dir < 0 ? [-0.12, 0.12] : [0];
  for (const u of roots) {
    const splay = roots.length > 1 ? u * 0.4 : 0;
    const rw = (roots.length > 1 ? 0.2 : 0.36) * w;
    const pts: [number, number, number][] = [
      [...P(u * w, crownH * 0.75), rw],
      [...P((u + splay) * w, crownH + rootH * 0.55), rw * 0.8],
      [...P((u + splay * 1.5) * w, crownH + rootH), rw * 0.3],
    ];
    r.paint(tube(pts.map(([a, b, rr]) => [a, b, rr + 6] as [number, number, number])), ring(0.12, -0.07));
    r.paint(tube(pts), cortical(0.5, 0.44, 4, 1.5));
    r.paint(
      tube(pts.map(([a, b, rr]) => [a, b, Math.max(1.5, rr * 0.2)] as [number, number, number])),
      solid(metal === 'canal' ? 1.5 : -0.16, 1.5),
    );
  }
  const [ccx, ccy] = P(0, crownH / 2);
  r.paint(
    roundRect(ccx, ccy, w / 2, crownH / 2, t.kind === 'molar' ? w * 0.28 : w * 0.42, tilt),
    cortical(0.9, 0.5, Math.max(6, w * 0.1), 1.5),
  );
  const [px, py] = P(0, crownH * 0.72);
  r.paint(ellipse(px, py, w * 0.16, crownH * 0.18, tilt), solid(-0.14, 3)); // pulp chamber
  if (metal === 'crown') r.paint(roundRect(ccx, ccy, w / 2 + 2, crownH / 2 + 2, w * 0.25, tilt), solid(3, 1.5));
  if (metal === 'filling') {
    const [fx, fy] = P((rnd() - 0.5) * w * 0.3, crownH * 0.22);
    r.paint(roundRect(fx, fy, w * (0.2 + 0.12 * rnd()), crownH * 0.2, 8, tilt), solid(3, 1.5));
  }
}
