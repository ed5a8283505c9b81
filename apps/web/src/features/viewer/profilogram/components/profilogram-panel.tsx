import { DEFAULT_PROFILOGRAM_OPTIONS, PROFILOGRAM_TEMPLATE_SOURCE, type LandmarkId, type ProfilogramOptions } from '@ceppro/ceph';
import { profilogramDocument } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewerPanelProps } from '../../panels.ts';
import { useProfilogramSaveState, useSaveProfilogram } from '../api/use-profilogram-record.ts';
import { computeWith, useProfilogram } from '../hooks/use-profilogram.ts';
import { DeviationTable } from './deviation-table.tsx';
import { OptionControls } from './option-controls.tsx';
import { ProfilogramChart } from './profilogram-chart.tsx';

/**
 * The Profilogram tab: the options, the patient's profilogram over the norm template, and the
 * deviations. With "auto measurement on profilogram" off (Settings), a chart without a stored
 * profilogram offers "Measure". Only the options are stored; what is drawn and tabled is computed
 * from the landmarks as they are now (`useProfilogram`), so it follows every landmark edit.
 */
export function ProfilogramPanel({ recordId }: ViewerPanelProps) {
  const { t } = useTranslation();
  const view = useProfilogram();
  const save = useSaveProfilogram();
  const saveState = useProfilogramSaveState((s) => s.state);
  const [failed, setFailed] = useState(false);
  /** Options the landmarks cannot serve (e.g. FH without Po/Or): shown, not stored. */
  const [draft, setDraft] = useState<{ options: ProfilogramOptions; missing: LandmarkId[] } | null>(null);

  if (recordId === null) return <p className="profilogram-panel__note">{t('profilogram.noRecord')}</p>;
  if (!view.ready) return <p className="profilogram-panel__note">{t('profilogram.loading')}</p>;

  const store = (options: ProfilogramOptions) => {
    const c = computeWith(view.positions, view.calibration, options);
    if (!c.ok) {
      setDraft({ options, missing: c.missing });
      return;
    }
    setDraft(null);
    setFailed(false);
    save(recordId, profilogramDocument(options), () => setFailed(true));
  };
  const stored = view.stored;
  const shown = stored !== null && draft === null && view.computed.ok ? view.computed.result : null;
  const missing = draft?.missing ?? (view.computed.ok ? [] : view.computed.missing);

  return (
    <div className="profilogram-panel" data-testid="profilogram-panel" data-save-state={saveState}>
      <h2 className="profilogram-panel__title">{t('profilogram.title')}</h2>
      {stored === null ? (
        <div className="profilogram-panel__measure">
          <p className="profilogram-panel__note">{t(view.auto ? 'profilogram.autoPending' : 'profilogram.measureHint')}</p>
          <button
            type="button"
            className="profilogram-panel__button"
            data-testid="profilogram-measure"
            disabled={!view.computed.ok}
            onClick={() => store(view.options)}
          >
            {t('profilogram.measureButton')}
          </button>
        </div>
      ) : (
        <>
          <OptionControls options={draft?.options ?? stored.options} onChange={store} />
          <button type="button" className="profilogram-panel__link" onClick={() => store(DEFAULT_PROFILOGRAM_OPTIONS)}>
            {t('profilogram.reset')}
          </button>
        </>
      )}
      {missing.length > 0 && (
        <p className="profilogram-panel__error" role="alert" data-testid="profilogram-missing">
          {t('profilogram.missing', { ids: missing.join(', ') })}
        </p>
      )}
      {failed && (
        <p className="profilogram-panel__error" role="alert">
          {t('profilogram.saveError')}
        </p>
      )}
      {shown !== null && (
        <>
          <figure className="profilogram-panel__figure">
            <ProfilogramChart result={shown} />
            <figcaption className="profilogram-legend">
              <span className="profilogram-legend__patient">{t('profilogram.patient')}</span>
              <span className="profilogram-legend__template">{t('profilogram.norm')}</span>
            </figcaption>
          </figure>
          <p className="profilogram-panel__note">{t('profilogram.axes')}</p>
          {shown.unit === 'px' && (
            <p className="profilogram-panel__note" data-testid="profilogram-px-hint">
              {t('profilogram.uncalibrated')}
            </p>
          )}
          <DeviationTable result={shown} />
          <p className="profilogram-panel__source" data-testid="profilogram-source">
            {t('profilogram.source', { source: PROFILOGRAM_TEMPLATE_SOURCE })}
          </p>
        </>
      )}
    </div>
  );
}
