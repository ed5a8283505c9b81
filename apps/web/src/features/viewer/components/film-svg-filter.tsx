import { filmToneCurve, isDefaultFilmAdjustments, sharpenKernel } from '@ceppro/ceph';
import { useViewerStore, type ViewerFilm } from '../store/viewer-store.ts';

/** The id of the SVG filter the 2D film canvas and the magnifier use where WebGL2 cannot draw the film. */
export const FILM_FILTER_ID = 'ceppro-film-adjustments';

/** The CSS filter of a 2D-drawn film (the `basic` rendering): the SVG filter below, none when nothing is adjusted. */
export function filmCssFilter(film: ViewerFilm): string {
  return isDefaultFilmAdjustments(film) ? 'none' : `url(#${FILM_FILTER_ID})`;
}

/**
 * The film adjustments as an SVG filter, for the 2D canvas where WebGL2 is unavailable or may not read
 * the film (a cross-origin film without CORS): the browser applies it while compositing. The same
 * numbers as the shader (packages/ceph): the tone curve as a 256-step table (`filmToneCurve`, exact at
 * every 8-bit grey) and the edge kernel (`sharpenKernel`), though here in screen px, not film px.
 */
export function FilmSvgFilter() {
  const film = useViewerStore((s) => s.film);
  const rendering = useViewerStore((s) => s.filmRendering);
  if (rendering !== 'basic') return null;
  const table = Array.from(filmToneCurve(film), (v) => (v / 255).toFixed(4)).join(' ');
  return (
    <svg className="viewer-stage__filters" aria-hidden="true" width="0" height="0" focusable="false">
      <filter id={FILM_FILTER_ID} colorInterpolationFilters="sRGB">
        {film.sharpen > 0 && (
          <feConvolveMatrix
            order="3"
            kernelMatrix={sharpenKernel(film.sharpen).join(' ')}
            divisor="1"
            preserveAlpha="true"
            edgeMode="duplicate"
          />
        )}
        <feComponentTransfer>
          <feFuncR type="table" tableValues={table} />
          <feFuncG type="table" tableValues={table} />
          <feFuncB type="table" tableValues={table} />
        </feComponentTransfer>
      </filter>
    </svg>
  );
}
