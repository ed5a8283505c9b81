import {
  findRamusPoints,
  gradientMagnitude,
  traceFilmContours,
  type FilmContour,
  type GrayImage,
  type RamusPoints,
  type Vec2,
} from '@ceppro/ceph';

/*
 * The tracing's image-following contours (packages/ceph contours/), off the main thread
 * (docs/house-rules.md §13). The film is fetched and decoded here, reduced so its longer side is
 * CONTOUR_FILM_SIDE px (live-wire over ~450 px finishes in a fraction of a second), turned to grey and
 * kept per film; each request then only traces, and finds Ricketts' R1-R4 on the same reduced film.
 * Positions go in and contours and points come back in image px of the original upload.
 */

/** The reduced film's longer side, px. */
export const CONTOUR_FILM_SIDE = 448;

export interface ContourRequest {
  readonly id: number;
  /** Identifies the film (its chart-data id); the decoded film is kept while it stays the same. */
  readonly filmKey: string;
  readonly url: string;
  /** The original upload's size: the space of `positions`. */
  readonly imageSize: { readonly width: number; readonly height: number };
  readonly positions: Readonly<Record<string, Vec2>>;
}

/** The contours, and Ricketts' R1-R4 found on the film (packages/ceph ramus-points.ts; null without Ar, Go, Co, Po, Or, Me). */
export type ContourResponse =
  | { readonly id: number; readonly contours: FilmContour[]; readonly ramus: RamusPoints | null }
  | { readonly id: number; readonly error: string };

let film: { key: string; image: GrayImage; scale: number } | null = null;

async function loadFilm(request: ContourRequest): Promise<{ image: GrayImage; scale: number }> {
  if (film?.key === request.filmKey) return film;
  const { width, height } = request.imageSize;
  const scale = Math.min(1, CONTOUR_FILM_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const blob = await (await fetch(request.url)).blob();
  const bitmap = await createImageBitmap(blob, { resizeWidth: w, resizeHeight: h, resizeQuality: 'medium' });
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const grey = new Uint8Array(w * h);
  for (let i = 0; i < grey.length; i++)
    grey[i] = Math.round(0.299 * (rgba[4 * i] as number) + 0.587 * (rgba[4 * i + 1] as number) + 0.114 * (rgba[4 * i + 2] as number));
  // The x scale is the one used; a film stretched to the original size has the same scale on y.
  film = { key: request.filmKey, image: { width: w, height: h, data: grey }, scale: w / width };
  return film;
}

/** The worker's own scope (the app's TypeScript library is the DOM's, without the worker's types). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ContourRequest>) => void) | null;
  postMessage(message: ContourResponse): void;
};

scope.onmessage = (event) => {
  const request = event.data;
  loadFilm(request)
    .then(({ image, scale }) => {
      const grad = gradientMagnitude(image);
      const response: ContourResponse = {
        id: request.id,
        contours: traceFilmContours(image, request.positions, scale, grad),
        ramus: findRamusPoints(image, request.positions, scale, grad),
      };
      scope.postMessage(response);
    })
    .catch((error: unknown) => {
      const response: ContourResponse = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      scope.postMessage(response);
    });
};
