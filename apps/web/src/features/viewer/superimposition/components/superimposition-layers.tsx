import type { SuperimpositionFilmSummary } from '@ceppro/contract';
import { useMemo } from 'react';
import { useChartImage } from '../../api/use-chart-image.ts';
import { usePanelStore } from '../../panels.ts';
import { useViewerStore } from '../../store/viewer-store.ts';
import { FILM_COLOURS, filmTracing, svgMatrix } from '../lib/film-tracing.ts';
import { useSuperimpositionView } from '../store/superimposition-store.ts';

export const SUPERIMPOSITION_PANEL_ID = 'superimposition';

/** The superimposition is drawn only while its tab is open and has a result. */
function useShown() {
  const active = usePanelStore((s) => s.active === SUPERIMPOSITION_PANEL_ID);
  const shown = useSuperimpositionView((s) => s.shown);
  return active ? shown : null;
}

/**
 * Film blending: the other films' images mapped into the current film's pixels by the answer's
 * transform (an SVG matrix on the image), under the tracings. Hidden with the X-ray display.
 */
export function SuperimpositionBlendLayer() {
  const shown = useShown();
  const frameChartId = useSuperimpositionView((s) => s.frameChartId);
  const blending = useSuperimpositionView((s) => s.blending);
  const opacity = useSuperimpositionView((s) => s.opacity);
  const xray = useViewerStore((s) => s.display.xray);
  if (shown === null || !blending || !xray) return null;
  return (
    <g className="superimposition-blend" data-testid="superimposition-blend" opacity={opacity}>
      {shown.films
        .filter((film) => film.chart_id !== frameChartId)
        .map((film) => (
          <BlendFilm key={film.chart_id} film={film} />
        ))}
    </g>
  );
}

function BlendFilm({ film }: { film: SuperimpositionFilmSummary }) {
  const image = useChartImage(film.chart_id, film.chart_data_id).data ?? null;
  if (image === null || image.lost || image.presignedPath === null) return null;
  return (
    <image
      href={image.presignedPath}
      data-chart-id={film.chart_id}
      x={0}
      y={0}
      width={film.image.width}
      height={film.image.height}
      transform={svgMatrix(film.transform)}
      preserveAspectRatio="none"
    />
  );
}

/** Each chosen film's tracing in its colour (white, red, blue, green from the oldest), in current-film px. */
export function SuperimpositionTracingLayer() {
  const shown = useShown();
  const visible = useViewerStore((s) => s.display.tracing);
  if (shown === null || !visible) return null;
  return (
    <g className="superimposition-tracing" data-testid="superimposition-tracing">
      {shown.films.map((film) => (
        <FilmTracing key={film.chart_id} film={film} />
      ))}
    </g>
  );
}

function FilmTracing({ film }: { film: SuperimpositionFilmSummary }) {
  const { paths, dots } = useMemo(() => filmTracing(film), [film]);
  const colour = FILM_COLOURS[film.colour];
  return (
    <g data-testid={`superimposed-${film.colour}`} data-chart-id={film.chart_id} stroke={colour} fill={colour}>
      {paths.map((p) => (
        <path key={p.id} className="superimposition-tracing__line" d={p.d} fill="none" vectorEffect="non-scaling-stroke" />
      ))}
      {dots.map(({ id, point }) => (
        <g key={id} transform={`translate(${point.x} ${point.y})`}>
          <circle className="superimposition-tracing__dot" r={2.5} stroke="none" />
        </g>
      ))}
    </g>
  );
}
