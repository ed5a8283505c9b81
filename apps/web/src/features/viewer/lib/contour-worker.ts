import { prepareFilm, traceFilm, type FilmContour, type PreparedFilm, type RamusPoints, type Vec2 } from '@ceppro/ceph';

/*
 * The tracing's image-following contours (packages/ceph contours/), off the main thread
 * (docs/house-rules.md §13). The film is fetched and decoded here at its full size (no colour-space
 * conversion, EXIF orientation applied), reduced once by packages/ceph `prepareFilm` (FILM_TRACING_SIDE px,
 * grey) and kept per film; each request then traces the contours and Ricketts' R1-R4 with `traceFilm`
 * (`readFilm` is the two together):
 * the same function on the same pixels as the report's (apps/server reports/report-film-tracing.ts), so the
 * viewer and the print show the same R1-R4. Positions go in and contours and points come back in image px
 * of the original upload.
 */

export interface ContourRequest {
  readonly id: number;
  /** Identifies the film (its chart-data id); the prepared film is kept while it stays the same. */
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

let film: { key: string; prepared: PreparedFilm } | null = null;

async function loadFilm(request: ContourRequest): Promise<PreparedFilm> {
  if (film?.key === request.filmKey) return film.prepared;
  const blob = await (await fetch(request.url)).blob();
  const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none', imageOrientation: 'from-image' });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const decoded = {
    width: canvas.width,
    height: canvas.height,
    channels: 4,
    data: ctx.getImageData(0, 0, canvas.width, canvas.height).data,
  };
  // Reduced and its gradient taken once per film: each landmark change then only traces.
  const prepared = prepareFilm(decoded, request.imageSize);
  film = { key: request.filmKey, prepared };
  return prepared;
}

/** The worker's own scope (the app's TypeScript library is the DOM's, without the worker's types). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ContourRequest>) => void) | null;
  postMessage(message: ContourResponse): void;
};

scope.onmessage = (event) => {
  const request = event.data;
  loadFilm(request)
    .then((prepared) => {
      const { contours, ramus } = traceFilm(prepared, request.positions);
      const response: ContourResponse = { id: request.id, contours, ramus };
      scope.postMessage(response);
    })
    .catch((error: unknown) => {
      const response: ContourResponse = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      scope.postMessage(response);
    });
};
