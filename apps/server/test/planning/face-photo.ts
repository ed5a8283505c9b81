import { applyAffine, splinePath, TRACING_OUTLINES, type Affine2, type LandmarkId, type LandmarkMap, type Vec2 } from '@ceppro/ceph';
import sharp from 'sharp';

/**
 * Test photos made from a film's own soft-tissue outline: a face silhouette bounded by the profile
 * through the film's soft-tissue landmarks (the tracing's profile curve), with a forehead, scalp,
 * hair and neck around it, skin-toned with a gradient and noise, over a non-uniform background,
 * drawn through a known similarity (film px -> photo px). Optionally mirrored (the face then looks
 * the other way from the film). The auto-alignment must give back the inverse of that similarity.
 */

export interface FacePhotoOptions {
  /** Film px -> photo px (a similarity). */
  readonly transform: Affine2;
  readonly width: number;
  readonly height: number;
  /** Flip the rendered photo left-right (sharp `flop`). */
  readonly mirror?: boolean;
  /** PRNG seed of the noise. */
  readonly seed?: number;
}

/** A similarity: scale, rotation in degrees (counter-clockwise on screen), translation. */
export function similarity(scale: number, degrees: number, tx: number, ty: number): Affine2 {
  const r = (-degrees * Math.PI) / 180;
  return { a: scale * Math.cos(r), b: scale * Math.sin(r), c: -scale * Math.sin(r), d: scale * Math.cos(r), tx, ty };
}

/**
 * The similarity (film px -> photo px) that scales by `scale` and rotates by `degrees` about the
 * centre of the film's soft-tissue profile and puts that centre at `at` (photo px).
 */
export function placeProfile(landmarks: LandmarkMap<Vec2>, scale: number, degrees: number, at: Vec2): Affine2 {
  const profile = profileLandmarks(landmarks);
  const xs = profile.map((p) => p.x);
  const ys = profile.map((p) => p.y);
  const centre = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  const r = similarity(scale, degrees, 0, 0);
  const m = applyAffine(r, centre);
  return { ...r, tx: at.x - m.x, ty: at.y - m.y };
}

/** mulberry32: a small deterministic PRNG for the noise. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROFILE_IDS: readonly LandmarkId[] = TRACING_OUTLINES.filter(
  (o) => o.id === 'soft-upper-profile' || o.id === 'soft-lower-profile',
).flatMap((o) => o.landmarks);

/** The film's soft-tissue profile landmarks in profile order (forehead to neck). */
export function profileLandmarks(landmarks: LandmarkMap<Vec2>): Vec2[] {
  return PROFILE_IDS.flatMap((id) => (landmarks[id] ? [landmarks[id]] : []));
}

/** SVG path (film px) of the head silhouette: the profile curve, then neck, back of the head and scalp. */
function silhouettePath(profile: readonly Vec2[], facing: 1 | -1): { head: string; hair: string } {
  const first = profile[0] as Vec2;
  const last = profile[profile.length - 1] as Vec2;
  const ys = profile.map((p) => p.y);
  const f = Math.max(...ys) - Math.min(...ys);
  const at = (p: Vec2, forward: number, down: number) => `${(p.x + facing * forward * f).toFixed(1)} ${(p.y + down * f).toFixed(1)}`;
  const head = [
    splinePath(profile),
    `L${at(last, -0.02, 0.7)}`,
    `L${at(last, -0.75, 0.7)}`,
    `L${at(last, -0.8, 0.1)}`,
    `Q${at(first, -1.25, 0.1)} ${at(first, -1.0, -0.35)}`,
    `Q${at(first, -0.55, -0.75)} ${at(first, -0.12, -0.4)}`,
    `Q${at(first, 0.0, -0.2)} ${first.x.toFixed(1)} ${first.y.toFixed(1)}`,
    'Z',
  ].join(' ');
  // Hair over the scalp and the back of the head, clear of the forehead.
  const hair = [
    `M${at(first, -0.2, -0.42)}`,
    `Q${at(first, -0.55, -0.8)} ${at(first, -1.0, -0.38)}`,
    `Q${at(first, -1.28, 0.1)} ${at(last, -0.82, 0.05)}`,
    `L${at(first, -0.85, 0.0)}`,
    `Q${at(first, -0.6, -0.45)} ${at(first, -0.2, -0.42)}`,
    'Z',
  ].join(' ');
  return { head, hair };
}

/**
 * A JPEG photo of the face whose profile is the film's soft-tissue outline (film px mapped by
 * `transform`), see the file comment. `facing` is the film's (+1 image-right).
 */
export async function facePhoto(landmarks: LandmarkMap<Vec2>, facing: 1 | -1, options: FacePhotoOptions): Promise<Buffer> {
  const profile = profileLandmarks(landmarks);
  if (profile.length < 3) throw new Error('the film has fewer than 3 soft-tissue landmarks');
  const { head, hair } = silhouettePath(profile, facing);
  const t = options.transform;
  const { width, height } = options;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    '<defs>',
    '<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" ' +
      'stop-color="#8fa4ba"/><stop offset="1" stop-color="#dfe4ea"/></linearGradient>',
    '<linearGradient id="skin" x1="0" y1="0" x2="1" y2="1"><stop offset="0" ' +
      'stop-color="#e9b99b"/><stop offset="0.6" stop-color="#d69e7e"/><stop offset="1" ' +
      'stop-color="#c08566"/></linearGradient>',
    '</defs>',
    '<rect width="100%" height="100%" fill="url(#bg)"/>',
    // A room behind the patient: a door frame, a grey cabinet, a shadow.
    `<rect x="${width * 0.05}" y="${height * 0.05}" width="${width * 0.12}" height="${height * 0.7}" fill="#6f7b86"/>`,
    `<ellipse cx="${width * 0.8}" cy="${height * 0.15}" rx="${width * 0.15}" ry="${height * 0.08}" fill="#b4bcc4"/>`,
    `<rect x="${width * 0.7}" y="${height * 0.8}" width="${width * 0.25}" height="${height * 0.15}" fill="#4f5b66"/>`,
    `<g transform="matrix(${t.a} ${t.b} ${t.c} ${t.d} ${t.tx} ${t.ty})">`,
    `<path d="${head}" fill="url(#skin)"/>`,
    `<path d="${hair}" fill="#3a2a20"/>`,
    '</g>',
    '</svg>',
  ].join('');
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const random = prng(options.seed ?? 7);
  for (let i = 0; i < data.length; i += 1) data[i] = Math.max(0, Math.min(255, (data[i] as number) + Math.round((random() - 0.5) * 24)));
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return (options.mirror ? image.flop() : image).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A photo with no facial profile: uniform colour noise, one flat colour, or a skin-coloured oval
 * (a clear region with nothing of a profile: no nose, lips or chin) on the studio background.
 */
export async function noFacePhoto(kind: 'noise' | 'flat' | 'oval', width = 640, height = 800, seed = 3): Promise<Buffer> {
  if (kind === 'oval') {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect ` +
      `width="100%" height="100%" fill="#c9d2db"/><ellipse cx="${width / 2}" cy="${height / 2}" ` +
      `rx="${width * 0.3}" ry="${height * 0.38}" fill="#dba385"/></svg>`;
    return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  }
  const channels = 3;
  const data = Buffer.alloc(width * height * channels);
  if (kind === 'flat')
    data.fill(0).forEach((_, i) => {
      data[i] = [205, 160, 140][i % 3] as number;
    });
  else {
    const random = prng(seed);
    for (let i = 0; i < data.length; i += 1) data[i] = Math.floor(random() * 256);
  }
  return sharp(data, { raw: { width, height, channels } }).jpeg({ quality: 90 }).toBuffer();
}

/** Where a film point lands on the photo (the generator's own mapping, mirror included). */
export function photoPointOf(p: Vec2, options: FacePhotoOptions): Vec2 {
  const q = applyAffine(options.transform, p);
  return options.mirror ? { x: options.width - q.x, y: q.y } : q;
}
