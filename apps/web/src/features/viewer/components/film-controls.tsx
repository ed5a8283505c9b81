import { DEFAULT_FILM_ADJUSTMENTS, FILM_ADJUSTMENT_LIMITS, isDefaultFilmAdjustments, type FilmAdjustmentNumber } from '@ceppro/ceph';
import type { ParseKeys } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewerStore } from '../store/viewer-store.ts';

const SLIDERS: Record<FilmAdjustmentNumber, { label: ParseKeys; hint?: ParseKeys; format: (v: number) => string }> = {
  brightness: { label: 'viewer.brightness', format: (v) => String(v) },
  contrast: { label: 'viewer.contrast', format: (v) => String(v) },
  gamma: { label: 'viewer.gamma', format: (v) => v.toFixed(2) },
  sharpen: { label: 'viewer.sharpen', hint: 'viewer.sharpenHint', format: (v) => String(v) },
  softTissue: { label: 'viewer.softTissue', hint: 'viewer.softTissueHint', format: (v) => String(v) },
};

/** Behind "More tools": the filters, shown at once when one of them is on. */
const MORE: readonly FilmAdjustmentNumber[] = ['gamma', 'sharpen', 'softTissue'];

/**
 * The image panel floating over the stage's corner: brightness and contrast (spec defaults 100),
 * invert, and behind "More tools" gamma, edge enhancement and the soft-tissue window (packages/ceph
 * `FilmAdjustments`). Native range inputs and a checkbox, so every control works from the keyboard
 * (arrows, Page Up/Down, Home/End, Space). The values are the chart's (hooks/use-film-display.ts);
 * "Reset" restores the defaults.
 */
export function FilmControls() {
  const { t } = useTranslation();
  const film = useViewerStore((s) => s.film);
  const setFilm = useViewerStore((s) => s.setFilm);
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const moreId = useId();
  const moreActive = MORE.some((key) => film[key] !== DEFAULT_FILM_ADJUSTMENTS[key]);
  const open = expanded ?? moreActive;
  const slider = (key: FilmAdjustmentNumber) => {
    const { label, hint, format } = SLIDERS[key];
    const { min, max, step } = FILM_ADJUSTMENT_LIMITS[key];
    return (
      <label key={key} className="film-controls__row" title={hint ? t(hint) : undefined}>
        <span className="film-controls__name">{t(label)}</span>
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={film[key]}
          data-testid={`film-${key}`}
          aria-label={t(label)}
          aria-valuetext={format(film[key])}
          onChange={(e) => setFilm({ [key]: Number(e.target.value) })}
        />
        <output className="film-controls__value">{format(film[key])}</output>
      </label>
    );
  };
  return (
    // Toasts keep clear of it (data-toast-keep-clear, components/toast-placement.ts).
    <div className="viewer-float film-controls" role="group" aria-label={t('viewer.imageTools')} data-toast-keep-clear="">
      {slider('brightness')}
      {slider('contrast')}
      {open && (
        <div id={moreId} className="film-controls__more-rows">
          {MORE.map(slider)}
        </div>
      )}
      <div className="film-controls__actions">
        <label className="film-controls__check">
          <input type="checkbox" checked={film.invert} data-testid="film-invert" onChange={(e) => setFilm({ invert: e.target.checked })} />
          {t('viewer.invert')}
        </label>
        <button
          type="button"
          className="dark-button dark-button--muted film-controls__more"
          aria-expanded={open}
          aria-controls={moreId}
          data-testid="film-more"
          onClick={() => setExpanded(!open)}
        >
          {t(open ? 'viewer.fewerFilmTools' : 'viewer.moreFilmTools')}
        </button>
        <button
          type="button"
          className="dark-button dark-button--muted film-controls__reset"
          disabled={isDefaultFilmAdjustments(film)}
          data-testid="film-reset"
          onClick={() => setFilm(DEFAULT_FILM_ADJUSTMENTS)}
        >
          {t('viewer.resetFilm')}
        </button>
      </div>
    </div>
  );
}
