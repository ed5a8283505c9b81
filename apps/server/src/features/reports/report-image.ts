import { filmToneCurve, sharpenKernel } from '@ceppro/ceph';
import type { ReportModel } from '@ceppro/contract';
import sharp from 'sharp';
import { IMAGE_UPLOAD } from '@ceppro/contract';
import type { JpegImage } from '../../pdf/pdf-canvas';
import { withDrawings } from './report-drawing';

/** The printed film is at most this many pixels on its long side: ~300 dpi over the report's 16 cm. */
export const REPORT_IMAGE_MAX_SIDE = 1800;

/** The composed film, and the space its overlay is in (image px of the original upload). */
export interface ReportFilmImage extends JpegImage {
  readonly space: { readonly width: number; readonly height: number };
}

/** Marks in output px of the composed film (what lands on paper), whatever the film's own resolution. */
export const FILM_STYLE = { tracing: 2, marker: 4, markerEdge: 1, label: 13, labelOffset: 6 } as const;

/**
 * The overlay as SVG in image px of the original upload (viewBox = image size), drawn at the output
 * size: the model's tracing (packages/ceph `outlinePaths`, the viewer's spline) in yellow, the
 * model's landmarks red and the user's adjusted ones cyan. No text: labels are PDF text
 * (report-film-text.ts), set in the embedded fonts. `u` is image px per output px, so strokes and
 * markers keep a constant printed size.
 */
type Size = { readonly width: number; readonly height: number };

export function overlaySvg(model: Pick<ReportModel, 'landmarks' | 'film'>, image: Size, output: Size): string {
  const u = image.width / output.width;
  const outlines = model.film.tracing.map((path) => `<path d="${path.d}"/>`).join('');
  const markers = model.landmarks
    .map((l) => `<circle cx="${l.x}" cy="${l.y}" r="${FILM_STYLE.marker * u}" fill="${l.edited ? '#00c8ff' : '#ff3b30'}"/>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${output.width}" height="${output.height}"`,
    ` viewBox="0 0 ${image.width} ${image.height}">`,
    `<g fill="none" stroke="#ffd60a" stroke-width="${FILM_STYLE.tracing * u}" stroke-linejoin="round" stroke-linecap="round">`,
    `${outlines}</g>`,
    `<g stroke="#ffffff" stroke-width="${FILM_STYLE.markerEdge * u}">${markers}</g>`,
    '</svg>',
  ].join('');
}

/**
 * The cephalogram with its landmarks, tracing and drawings, as a JPEG for the PDF. Upright (EXIF
 * applied), scaled down to REPORT_IMAGE_MAX_SIDE; landmarks stay in the original's pixels through
 * the SVG viewBox (the model's film size: the size the landmarks were placed on, else the file's
 * own). libvips does the work in its thread pool, off the event loop.
 */
export async function composeReportImage(original: Buffer, model: Pick<ReportModel, 'landmarks' | 'film'>): Promise<ReportFilmImage> {
  // As strict as the upload check (failOn 'error'): a film that passed it is never refused here for a warning.
  const strict = { failOn: 'error', limitInputPixels: IMAGE_UPLOAD.maxPixels } as const;
  const adjustments = model.film.adjustments ?? null;
  let upright = sharp(original, strict).rotate();
  if (adjustments !== null && adjustments.sharpen > 0) {
    // The viewer sharpens in film px (the original's): convolve at full size, before scaling down.
    const kernel = { width: 3, height: 3, kernel: sharpenKernel(adjustments.sharpen), scale: 1, offset: 0 };
    upright = sharp(await upright.convolve(kernel).toColourspace('srgb').png({ compressionLevel: 0 }).toBuffer(), strict);
  }
  const resized = await upright
    .resize({ width: REPORT_IMAGE_MAX_SIDE, height: REPORT_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (adjustments !== null) applyToneCurve(resized.data, resized.info.channels, filmToneCurve(adjustments));
  const output = { width: resized.info.width, height: resized.info.height };
  const space = model.film.size ?? (await uprightSize(original)) ?? output;
  const svg = Buffer.from(withDrawings(overlaySvg(model, space, output), model.film.drawings, space.width / output.width));
  const raw = { width: output.width, height: output.height, channels: resized.info.channels };
  const { data, info } = await sharp(resized.data, { raw })
    .composite([{ input: svg, top: 0, left: 0 }])
    .removeAlpha()
    .jpeg({ quality: 85, chromaSubsampling: '4:4:4' })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, channels: 3, space };
}

/**
 * Maps the colour channels (not alpha) of raw 8-bit pixels through the film's tone curve (packages/ceph
 * `filmToneCurve`, the lookup table the viewer's shader samples), in place. One table look-up per byte
 * of a film already scaled to REPORT_IMAGE_MAX_SIDE: a few milliseconds.
 */
export function applyToneCurve(pixels: Buffer, channels: number, lut: Uint8Array): void {
  const colour = channels === 2 || channels === 4 ? channels - 1 : channels;
  for (let i = 0; i < pixels.length; i += channels) {
    for (let c = 0; c < colour; c++) pixels[i + c] = lut[pixels[i + c] as number] as number;
  }
}

/** The file's own size after EXIF orientation (what landmarks are placed on), null when unreadable. */
async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height) return null;
  return { width: meta.autoOrient.width, height: meta.autoOrient.height };
}
