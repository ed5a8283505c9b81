import { useTranslation } from 'react-i18next';
import { useViewerStore, FILM_MAX, FILM_MIN } from '../store/viewer-store.ts';

/** Brightness and contrast of the film (spec defaults 100), floating over the stage's corner. */
export function FilmControls() {
  const { t } = useTranslation();
  const film = useViewerStore((s) => s.film);
  const setFilm = useViewerStore((s) => s.setFilm);
  const changed = film.brightness !== 100 || film.contrast !== 100;
  const slider = (key: 'brightness' | 'contrast') => (
    <label className="film-controls__row">
      <span className="film-controls__name">{t(key === 'brightness' ? 'viewer.brightness' : 'viewer.contrast')}</span>
      <input
        type="range"
        min={FILM_MIN}
        max={FILM_MAX}
        step={1}
        value={film[key]}
        data-testid={key}
        onChange={(e) => setFilm({ [key]: Number(e.target.value) })}
      />
      <output className="film-controls__value">{film[key]}</output>
    </label>
  );
  return (
    // Toasts keep clear of it (data-toast-keep-clear, components/toast-placement.ts).
    <div className="film-controls" role="group" aria-label={t('viewer.display')} data-toast-keep-clear="">
      {slider('brightness')}
      {slider('contrast')}
      <button
        type="button"
        className="dark-button dark-button--muted film-controls__reset"
        disabled={!changed}
        onClick={() => setFilm({ brightness: 100, contrast: 100 })}
      >
        {t('viewer.resetFilm')}
      </button>
    </div>
  );
}
