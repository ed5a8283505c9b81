import {
  SUPERIMPOSITION_MAX_FILMS,
  SUPERIMPOSITION_METHODS,
  SUPERIMPOSITION_MIN_FILMS,
  summariseSuperimposition,
  type SuperimpositionMethodId,
} from '@ceppro/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../../lib/api/index.ts';
import { useViewerChart } from '../../api/use-viewer-chart.ts';
import type { ViewerPanelProps } from '../../panels.ts';
import { useViewerStore } from '../../store/viewer-store.ts';
import { usePatientFilms } from '../api/use-patient-films.ts';
import { useSuperimpositionResult } from '../api/use-superimposition-result.ts';
import { useSuperimpositionDoc } from '../hooks/use-superimposition-doc.ts';
import { useSuperimpositionView } from '../store/superimposition-store.ts';
import { FilmPicker } from './film-picker.tsx';
import { MovementTable } from './movement-table.tsx';
import { SuperimpositionLegend } from './superimposition-legend.tsx';
import './superimposition.css';

const ERROR_TEXT: Record<
  string,
  | 'superimposition.noLandmarksError'
  | 'superimposition.mismatchError'
  | 'superimposition.notFoundError'
  | 'superimposition.selectAtLeast2'
  | 'superimposition.atMost4'
> = {
  SUPERIMPOSITION_NO_LANDMARKS: 'superimposition.noLandmarksError',
  SUPERIMPOSITION_PATIENT_MISMATCH: 'superimposition.mismatchError',
  NOT_FOUND: 'superimposition.notFoundError',
  SUPERIMPOSITION_TOO_FEW: 'superimposition.selectAtLeast2',
  SUPERIMPOSITION_TOO_MANY: 'superimposition.atMost4',
};

/**
 * The viewer's "Superimposition" tab: choose 2 to 4 films of the patient (this one always), a
 * registration method and film blending; the server superimposes them from the stored landmarks in
 * this film's pixels, and the tab shows the legend and the movement table of what it answers. Only the
 * choices are stored on this chart's analysis record (`superimposition_data`); the report computes the
 * superimposition again when it prints.
 */
export function SuperimpositionPanel({ recordId }: ViewerPanelProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const chart = useViewerChart(id ?? null).data ?? null;
  const currentChartId = chart?.chart_id ?? null;
  const filmsQuery = usePatientFilms(chart?.patient.id ?? null);
  const { doc, isPending, isError, saveFailed, update } = useSuperimpositionDoc(recordId, currentChartId);
  const tracingOn = useViewerStore((s) => s.display.tracing);

  const films = useMemo(() => filmsQuery.data ?? [], [filmsQuery.data]);
  // Films deleted since they were chosen drop out; this film is always in.
  const selected = useMemo(() => {
    if (doc === null || currentChartId === null) return [];
    if (!filmsQuery.isSuccess) return doc.chart_ids;
    return doc.chart_ids.filter((chartId) => chartId === currentChartId || films.some((f) => f.chartId === chartId));
  }, [doc, currentChartId, films, filmsQuery.isSuccess]);
  const enough = selected.length >= SUPERIMPOSITION_MIN_FILMS;

  const ask = useMemo(
    () =>
      doc !== null && currentChartId !== null && enough && selected.length <= SUPERIMPOSITION_MAX_FILMS
        ? { chartIds: selected, method: doc.method, frameChartId: currentChartId }
        : null,
    [doc, currentChartId, enough, selected],
  );
  const resultQuery = useSuperimpositionResult(ask);
  const fresh = ask !== null && resultQuery.isSuccess ? resultQuery.data : null;
  // What the endpoint answers for the current choice; nothing while it computes or when it cannot.
  const result = useMemo(() => (fresh ? summariseSuperimposition(fresh, new Date().toISOString()) : null), [fresh]);

  const setView = useSuperimpositionView((s) => s.set);
  const clearView = useSuperimpositionView((s) => s.clear);
  useEffect(() => {
    setView({ shown: result, frameChartId: currentChartId, blending: doc?.blending ?? false, opacity: doc?.opacity ?? 0.5 });
  }, [result, currentChartId, doc?.blending, doc?.opacity, setView]);
  useEffect(() => clearView, [clearView]);

  if (recordId === null)
    return (
      <div className="superimposition-panel">
        <p className="superimposition-panel__note">{t('superimposition.noLandmarksError')}</p>
      </div>
    );
  if (doc === null || currentChartId === null) {
    return (
      <div className="superimposition-panel" data-testid="superimposition-panel">
        <p className="superimposition-panel__note">
          {isError ? t('superimposition.failed') : isPending ? t('superimposition.computing') : ''}
        </p>
      </div>
    );
  }

  const toggleFilm = (chartId: string) => {
    if (chartId === currentChartId) return;
    const next = selected.includes(chartId) ? selected.filter((c) => c !== chartId) : [...selected, chartId];
    if (next.length > SUPERIMPOSITION_MAX_FILMS) return;
    update({ chart_ids: next });
  };
  const dateOf = (chartId: string) => result?.films.find((f) => f.chart_id === chartId)?.shoot_date ?? t('superimposition.noDate');
  const errorCode = resultQuery.isError ? (isApiError(resultQuery.error) ? resultQuery.error.code : 'UNKNOWN') : null;

  return (
    <div className="superimposition-panel" data-testid="superimposition-panel">
      <h2 className="superimposition-panel__title">{t('superimposition.tab')}</h2>
      <p className="superimposition-panel__note">{t('superimposition.intro')}</p>

      <section>
        <h3 className="superimposition-panel__heading">{t('superimposition.films')}</h3>
        {filmsQuery.isError && (
          <p className="superimposition-panel__error" role="alert">
            {t('superimposition.filmsFailed')}
          </p>
        )}
        {filmsQuery.isSuccess && films.length < 2 && <p className="superimposition-panel__note">{t('superimposition.noOtherFilms')}</p>}
        <FilmPicker films={films} selected={selected} currentChartId={currentChartId} onToggle={toggleFilm} />
        {!enough && (
          <p className="superimposition-panel__error" role="alert" data-testid="superimposition-too-few">
            {t('superimposition.selectAtLeast2')}
          </p>
        )}
        {selected.length >= SUPERIMPOSITION_MAX_FILMS && <p className="superimposition-panel__note">{t('superimposition.atMost4')}</p>}
      </section>

      <fieldset className="superimposition-methods">
        <legend className="superimposition-panel__heading">{t('superimposition.method')}</legend>
        {SUPERIMPOSITION_METHODS.map((method: SuperimpositionMethodId) => (
          <label key={method} className="superimposition-methods__option">
            <input
              type="radio"
              name="superimposition-method"
              value={method}
              checked={doc.method === method}
              onChange={() => update({ method })}
              data-testid={`superimposition-method-${method}`}
            />
            {t(`superimposition.methods.${method}`)}
          </label>
        ))}
      </fieldset>

      <div className="superimposition-blending">
        <label>
          <input
            type="checkbox"
            checked={doc.blending}
            onChange={(e) => update({ blending: e.target.checked })}
            data-testid="superimposition-blending"
          />
          {t('superimposition.blending')}
        </label>
        <label className="superimposition-blending__opacity">
          {t('superimposition.opacity')}
          <input
            type="range"
            min={0}
            max={100}
            step={5}
            value={Math.round(doc.opacity * 100)}
            disabled={!doc.blending}
            onChange={(e) => update({ opacity: Number(e.target.value) / 100 }, { delayed: true })}
            data-testid="superimposition-opacity"
          />
          <output>{Math.round(doc.opacity * 100)}%</output>
        </label>
      </div>

      {enough && resultQuery.isFetching && result === null && (
        <p className="superimposition-panel__note" role="status">
          {t('superimposition.computing')}
        </p>
      )}
      {enough && errorCode !== null && (
        <p className="superimposition-panel__error" role="alert" data-testid="superimposition-error" data-code={errorCode}>
          {t(ERROR_TEXT[errorCode] ?? 'superimposition.failed')}{' '}
          <button type="button" className="superimposition-panel__link" onClick={() => void resultQuery.refetch()}>
            {t('superimposition.retry')}
          </button>
        </p>
      )}
      {saveFailed && (
        <p className="superimposition-panel__error" role="alert">
          {t('superimposition.saveFailed')}
        </p>
      )}

      {enough && result !== null && (
        <>
          <section>
            <h3 className="superimposition-panel__heading">{t('superimposition.legend')}</h3>
            {!tracingOn && (
              <p className="superimposition-panel__note superimposition-panel__note--warn">{t('superimposition.tracingOff')}</p>
            )}
            <SuperimpositionLegend result={result} currentChartId={currentChartId} />
          </section>
          <MovementTable result={result} dateOf={dateOf} />
        </>
      )}
    </div>
  );
}
