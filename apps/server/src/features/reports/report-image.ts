import { TRACING_OUTLINES, type LandmarkId, type Vec2 } from '@ceppro/ceph';
import sharp from 'sharp';
import { IMAGE_UPLOAD } from '@ceppro/contract';
import type { JpegImage } from './pdf-canvas';
import type { ReportLandmark } from './report-model';
import type { DrawingShape } from '@ceppro/contract';
import { withDrawings } from './report-drawing';

/** The printed film is at most this many pixels on its long side: ~300 dpi over the report's 16 cm. */
export const REPORT_IMAGE_MAX_SIDE = 1800;

/**
 * SVG path data through `points` (image px): straight segments, or a Catmull-Rom spline turned into
 * cubic Béziers when `smooth`. Empty below two points.
 */
export function outlinePath(points: readonly Vec2[], smooth: boolean): string {
  if (points.length < 2) return '';
  const f = (n: number) => (Math.round(n * 10) / 10).toString();
  const [first] = points as [Vec2];
  let d = `M${f(first.x)} ${f(first.y)}`;
  for (let i = 1; i < points.length; i += 1) {
    const p1 = points[i] as Vec2;
    if (!smooth || points.length === 2) {
      d += ` L${f(p1.x)} ${f(p1.y)}`;
      continue;
    }
    const p0 = points[i - 1] as Vec2;
    const before = points[i - 2] ?? p0;
    const after = points[i + 1] ?? p1;
    const c1 = { x: p0.x + (p1.x - before.x) / 6, y: p0.y + (p1.y - before.y) / 6 };
    const c2 = { x: p1.x - (after.x - p0.x) / 6, y: p1.y - (after.y - p0.y) / 6 };
    d += ` C${f(c1.x)} ${f(c1.y)} ${f(c2.x)} ${f(c2.y)} ${f(p1.x)} ${f(p1.y)}`;
  }
  return d;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The overlay as SVG in image px of the original upload (viewBox = image size), drawn at the output
 * size: tracing outlines in yellow, the model's landmarks red and the user's adjusted ones cyan.
 * `u` is image px per output px, so strokes and markers keep a constant printed size.
 */
export function overlaySvg(landmarks: readonly ReportLandmark[], image: { width: number; height: number }, output: { width: number; height: number }): string {
  const u = image.width / output.width;
  const byId = new Map<LandmarkId, Vec2>();
  for (const l of landmarks) if (l.id !== null) byId.set(l.id, l);
  const outlines = TRACING_OUTLINES.map((o) => outlinePath(o.landmarks.map((id) => byId.get(id)).filter((p): p is Vec2 => p !== undefined), o.smooth))
    .filter((d) => d !== '')
    .map((d) => `<path d="${d}"/>`)
    .join('');
  const markers = landmarks
    .map((l) => `<circle cx="${l.x}" cy="${l.y}" r="${4 * u}" fill="${l.edited ? '#00c8ff' : '#ff3b30'}"/>`)
    .join('');
  const labels = landmarks
    .map((l) => `<text x="${l.x + 6 * u}" y="${l.y - 6 * u}">${escapeXml(l.label)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${output.width}" height="${output.height}" viewBox="0 0 ${image.width} ${image.height}">`,
    `<g fill="none" stroke="#ffd60a" stroke-width="${2 * u}" stroke-linejoin="round" stroke-linecap="round">${outlines}</g>`,
    `<g stroke="#ffffff" stroke-width="${1 * u}">${markers}</g>`,
    `<g font-family="sans-serif" font-size="${13 * u}" fill="#ffffff" stroke="#000000" stroke-width="${0.4 * u}">${labels}</g>`,
    '</svg>',
  ].join('');
}

/**
 * The cephalogram with its landmarks and tracing, as a JPEG for the PDF. Upright (EXIF applied),
 * scaled down to REPORT_IMAGE_MAX_SIDE; landmarks stay in the original's pixels through the SVG
 * viewBox (`imageSize`: the size the landmarks were placed on, else the file's own). libvips does
 * the work in its thread pool, off the event loop.
 */
export async function composeReportImage(original: Buffer, landmarks: readonly ReportLandmark[], imageSize: { width: number; height: number } | null, drawings: readonly DrawingShape[] = []): Promise<JpegImage> {
  // As strict as the upload check (failOn 'error'): a film that passed it is never refused here for a warning.
  const upright = sharp(original, { failOn: 'error', limitInputPixels: IMAGE_UPLOAD.maxPixels }).rotate();
  const resized = await upright
    .resize({ width: REPORT_IMAGE_MAX_SIDE, height: REPORT_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer({ resolveWithObject: true });
  const output = { width: resized.info.width, height: resized.info.height };
  const space = imageSize ?? (await uprightSize(original)) ?? output;
  const svg = Buffer.from(withDrawings(overlaySvg(landmarks, space, output), drawings, space.width / output.width));
  const { data, info } = await sharp(resized.data)
    .composite([{ input: svg, top: 0, left: 0 }])
    .removeAlpha()
    .jpeg({ quality: 85, chromaSubsampling: '4:4:4' })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, channels: 3 };
}

/** The file's own size after EXIF orientation (what landmarks are placed on), null when unreadable. */
async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height) return null;
  const swap = (meta.orientation ?? 1) >= 5;
  return swap ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}
