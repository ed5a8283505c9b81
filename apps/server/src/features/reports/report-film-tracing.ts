import { imagePoint, readFilm, type FilmContour, type ImagePoint, type LandmarkMap, type Vec2 } from '@ceppro/ceph';
import { IMAGE_UPLOAD } from '@ceppro/contract';
import sharp from 'sharp';
import { ownedBytes, type PdfKind } from '../../pdf/pdf-pool';

/*
 * What the report reads from the film itself (issue 28): the tracing's contours that follow the image
 * and Ricketts' R1-R4 found on it, by packages/ceph `readFilm`, the function the viewer's contour worker
 * (apps/web/src/features/viewer/lib/contour-worker.ts) calls: both decode the file at full size (libvips
 * here, the browser's decoder there: the same libjpeg-turbo and libpng pixels) and leave the grey
 * conversion and the reduction to 448 px to packages/ceph, so the printed R1-R4 are the viewer's. The
 * live-wire is a JavaScript pixel loop (≈ 0.1-1 s on a loaded 2-core machine), so it runs in the PDF
 * pool's worker thread, off the event loop (docs/house-rules.md §13).
 */

export interface FilmTracingInput {
  /** The stored film's bytes (JPEG or PNG, any EXIF orientation). */
  bytes: Uint8Array;
  /** The size the landmarks were placed on (the record's `img_size`, else the film's own). */
  space: { width: number; height: number } | null;
  /** The shown landmarks (image px of `space`). */
  positions: Record<string, Vec2>;
}

/** The contours and found points, in image px of `space`. */
export interface FilmTracing {
  contours: FilmContour[];
  found: LandmarkMap<ImagePoint>;
  /** How each found point was placed (`image` or the population `estimate`, ramus-points.ts). */
  foundSource: Record<string, 'image' | 'estimate'>;
}

/** Traces the film (in whatever thread calls it). */
export async function traceReportFilm(input: FilmTracingInput): Promise<FilmTracing> {
  const strict = { failOn: 'error', limitInputPixels: IMAGE_UPLOAD.maxPixels } as const;
  // Full size, EXIF orientation applied, no colour conversion beyond libvips' own decode (as the browser's 'none').
  const { data, info } = await sharp(input.bytes, strict).rotate().raw().toBuffer({ resolveWithObject: true });
  const space = input.space ?? { width: info.width, height: info.height };
  const { contours, ramus } = readFilm({ width: info.width, height: info.height, channels: info.channels, data }, space, input.positions);
  const found: LandmarkMap<ImagePoint> = {};
  const foundSource: Record<string, 'image' | 'estimate'> = {};
  if (ramus)
    for (const id of ['R1', 'R2', 'R3', 'R4'] as const) {
      found[id] = imagePoint(ramus.points[id].x, ramus.points[id].y);
      foundSource[id] = ramus.source[id];
    }
  return { contours, found, foundSource };
}

/**
 * The tracing as a kind of the PDF pool (its worker thread is the server's one place for heavy
 * JavaScript): the answer is the FilmTracing as UTF-8 JSON, read back by `readFilmTracing`.
 */
export const FILM_TRACING: PdfKind<FilmTracingInput> = {
  name: 'film-tracing',
  async render(input) {
    return Buffer.from(JSON.stringify(await traceReportFilm(input)), 'utf8');
  },
  pack(input) {
    const bytes = ownedBytes(input.bytes);
    return { input: { ...input, bytes }, transfer: [bytes.buffer] };
  },
};

/** The FILM_TRACING answer back as data. */
export function readFilmTracing(answer: Buffer): FilmTracing {
  return JSON.parse(answer.toString('utf8')) as FilmTracing;
}
