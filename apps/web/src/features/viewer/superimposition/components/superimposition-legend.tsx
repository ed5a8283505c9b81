import type { SuperimpositionResultSummary } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { FILM_COLOURS } from '../lib/film-tracing.ts';

/** Colour swatch and shoot date per film, oldest first; the current film is marked. */
export function SuperimpositionLegend({ result, currentChartId }: { result: SuperimpositionResultSummary; currentChartId: string }) {
  const { t } = useTranslation();
  return (
    <ul
      className="superimposition-legend"
      data-testid="superimposition-legend"
      data-method={result.method}
      aria-label={t('superimposition.legend')}
    >
      {result.films.map((film, index) => (
        <li key={film.chart_id} data-colour={film.colour}>
          <span className="superimposition-legend__swatch" style={{ background: FILM_COLOURS[film.colour] }} aria-hidden="true" />
          <span className="superimposition-legend__date">{film.shoot_date ?? t('superimposition.noDate')}</span>
          {film.chart_id === currentChartId && <span className="superimposition-film__tag">{t('superimposition.thisFilm')}</span>}
          {index > 0 && film.registered_on.length > 0 ? (
            <span className="superimposition-legend__residual">
              {t('superimposition.residual', {
                landmarks: film.registered_on.join(', '),
                value: film.rms_residual.toFixed(2),
                unit: result.unit,
              })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
