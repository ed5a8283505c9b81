import type { Vec2 } from '../geometry/units.ts';
import type { LandmarkMap } from '../landmarks/types.ts';
import { traceFilmContours, type FilmContour } from './contours.ts';
import { gradientMagnitude, type GrayImage } from './live-wire.ts';
import { findRamusPoints, type RamusPoints } from './ramus-points.ts';

/*
 * The one reduction of a film that the viewer (its contour worker) and the report (the server's film
 * tracing) both trace (issue 28: the viewer and the print show the same R1-R4). Each side only decodes
 * the file at its full size (the browser's decoder, libvips on the server: both libjpeg-turbo and libpng,
 * which give the same pixels for the same file) and hands the pixels here; the grey conversion and the
 * reduction are this code, so the same file gives the same reduced film, the same contours and the same
 * R1-R4 on both sides. Pure: no DOM, clock or randomness.
 */

/** The reduced film's longer side, px (live-wire over ~450 px finishes in a fraction of a second). */
export const FILM_TRACING_SIDE = 448;

/** Decoded pixels, row-major, `channels` bytes per pixel (1 grey, 2 grey + alpha, 3 RGB, 4 RGBA). */
export interface DecodedFilm {
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly data: ArrayLike<number>;
}

/**
 * The reduced film's size for a film whose landmarks live in `space` (px of the original upload): its
 * longer side `side` px (never enlarged), each side rounded and at least 1 px.
 */
export function reducedFilmSize(space: { width: number; height: number }, side = FILM_TRACING_SIDE): { width: number; height: number } {
  const k = Math.min(1, side / Math.max(space.width, space.height));
  return { width: Math.max(1, Math.round(space.width * k)), height: Math.max(1, Math.round(space.height * k)) };
}

/** Grey value (0-255, unrounded) of pixel `i`: the channel itself for grey or R = G = B, else Rec. 601 luma. */
function greyAt(film: DecodedFilm, i: number): number {
  const { data, channels: c } = film;
  const r = data[i * c] as number;
  if (c < 3) return r;
  const g = data[i * c + 1] as number;
  const b = data[i * c + 2] as number;
  return r === g && g === b ? r : 0.299 * r + 0.587 * g + 0.114 * b;
}

/**
 * `film` in grey, reduced to `size` (px) by averaging each target pixel's block of source pixels (the
 * source columns floor(x·W/w) up to floor((x+1)·W/w), at least one; rows alike), rounded to 0-255. A
 * target larger than the film repeats its pixels. Alpha is ignored (films are opaque).
 */
export function reduceFilm(film: DecodedFilm, size: { width: number; height: number }): GrayImage {
  const { width: W, height: H } = film;
  const { width: w, height: h } = size;
  const cols: [number, number][] = [];
  for (let x = 0; x < w; x++) {
    const a = Math.min(W - 1, Math.floor((x * W) / w));
    cols.push([a, Math.max(a + 1, Math.min(W, Math.floor(((x + 1) * W) / w)))]);
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.min(H - 1, Math.floor((y * H) / h));
    const y1 = Math.max(y0 + 1, Math.min(H, Math.floor(((y + 1) * H) / h)));
    for (let x = 0; x < w; x++) {
      const [x0, x1] = cols[x] as [number, number];
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += greyAt(film, yy * W + xx);
      out[y * w + x] = Math.round(sum / ((y1 - y0) * (x1 - x0)));
    }
  }
  return { width: w, height: h, data: out };
}

/** What is read from a film: the contours that follow it and R1-R4 (null without Ar, Go, Co, Po, Or, Me). */
export interface FilmReading {
  readonly contours: FilmContour[];
  readonly ramus: RamusPoints | null;
}

/** A film reduced once for tracing: the grey reduced film, its scale from `space` px, and its gradient. */
export interface PreparedFilm {
  readonly image: GrayImage;
  /** Reduced px per px of `space` (the original upload). */
  readonly scale: number;
  readonly gradient: Float32Array;
}

/**
 * The part of reading a film that does not depend on the landmarks: `reduceFilm` to `reducedFilmSize(space)`
 * and its gradient. A caller that traces the same film again (the viewer's worker on every landmark change)
 * keeps this instead of the decoded film.
 */
export function prepareFilm(film: DecodedFilm, space: { width: number; height: number }): PreparedFilm {
  const image = reduceFilm(film, reducedFilmSize(space));
  return { image, scale: image.width / space.width, gradient: gradientMagnitude(image) };
}

/** The contours and R1-R4 of a prepared film for landmarks `positions` (px of the original upload), in those px. */
export function traceFilm(prepared: PreparedFilm, positions: LandmarkMap<Vec2>): FilmReading {
  const { image, scale, gradient } = prepared;
  return { contours: traceFilmContours(image, positions, scale, gradient), ramus: findRamusPoints(image, positions, scale, gradient) };
}

/**
 * The contours and R1-R4 of a decoded film whose landmarks `positions` are in px of `space` (the original
 * upload): `prepareFilm` (the film reduced by `reduceFilm` to `reducedFilmSize(space)`), then `traceFilm`
 * (`traceFilmContours` and `findRamusPoints` on it). Everything comes back in px of `space`.
 */
export function readFilm(film: DecodedFilm, space: { width: number; height: number }, positions: LandmarkMap<Vec2>): FilmReading {
  return traceFilm(prepareFilm(film, space), positions);
}
