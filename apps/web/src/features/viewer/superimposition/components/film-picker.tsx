import { SUPERIMPOSITION_MAX_FILMS } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useFilmThumbnail, type PatientFilm } from '../api/use-patient-films.ts';

interface FilmPickerProps {
  films: readonly PatientFilm[];
  selected: readonly string[];
  currentChartId: string;
  onToggle: (chartId: string) => void;
}

/** The patient's cephalograms as thumbnail tiles with their shoot dates; the current film is always chosen. */
export function FilmPicker({ films, selected, currentChartId, onToggle }: FilmPickerProps) {
  const { t } = useTranslation();
  const full = selected.length >= SUPERIMPOSITION_MAX_FILMS;
  return (
    <ul className="superimposition-films" data-testid="superimposition-films">
      {films.map((film) => {
        const current = film.chartId === currentChartId;
        const checked = current || selected.includes(film.chartId);
        return (
          <li key={film.chartId}>
            <label
              className={`superimposition-film${checked ? ' superimposition-film--checked' : ''}`}
              data-testid={`superimposition-film-${film.chartId}`}
            >
              <input
                type="checkbox"
                checked={checked}
                disabled={current || (!checked && full)}
                onChange={() => onToggle(film.chartId)}
                data-testid="superimposition-film-check"
              />
              <FilmThumbnail chartId={film.chartId} />
              <span className="superimposition-film__text">
                <span className="superimposition-film__date">{film.shootDate ?? t('superimposition.noDate')}</span>
                {current && <span className="superimposition-film__tag">{t('superimposition.thisFilm')}</span>}
                {!film.hasRecord && <span className="superimposition-film__note">{t('superimposition.noLandmarks')}</span>}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

function FilmThumbnail({ chartId }: { chartId: string }) {
  const url = useFilmThumbnail(chartId).data ?? null;
  return <span className="superimposition-film__thumb">{url && <img src={url} alt="" loading="lazy" />}</span>;
}
