import type { ImagePoint, LandmarkId, LandmarkMap } from '@ceppro/ceph';
import type { AffineTransform, SuperimpositionFilmSummary } from '@ceppro/contract';
import { tracingDots, tracingPaths, type TracingPath } from '../../lib/tracing-paths.ts';

/** CSS colours of the spec's guide-line colours (white, red, blue, green). */
export const FILM_COLOURS: Record<SuperimpositionFilmSummary['colour'], string> = {
  white: '#ffffff',
  red: '#ff4d4f',
  blue: '#3d8bff',
  green: '#34c759',
};

/** A film's mapped landmarks (already in the current film's pixels) as the viewer's landmark map. */
export function filmLandmarkMap(film: Pick<SuperimpositionFilmSummary, 'landmarks'>): LandmarkMap<ImagePoint> {
  const map: Partial<Record<string, ImagePoint>> = {};
  for (const p of film.landmarks) map[p.id] = { x: p.x, y: p.y } as ImagePoint;
  return map as LandmarkMap<ImagePoint>;
}

/** The tracing the viewer draws (same outlines and dots), for one superimposed film, in current-film px. */
export function filmTracing(film: Pick<SuperimpositionFilmSummary, 'landmarks'>): {
  paths: TracingPath[];
  dots: { id: LandmarkId; point: ImagePoint }[];
} {
  const map = filmLandmarkMap(film);
  return { paths: tracingPaths(map), dots: tracingDots(map) };
}

/** An SVG `matrix(...)` for an affine map `x' = a x + c y + tx`, `y' = b x + d y + ty`. */
export function svgMatrix(t: AffineTransform): string {
  return `matrix(${t.a} ${t.b} ${t.c} ${t.d} ${t.tx} ${t.ty})`;
}
