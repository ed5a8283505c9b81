import { freeMeasurementValue } from '@ceppro/ceph';
import { formatFreeMeasurement, type FreeMeasurement, type FreeMeasurementKind } from '@ceppro/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilmCalibration } from '../../hooks/use-film-calibration.ts';
import { setTool } from '../../interaction/registry.ts';
import type { ViewerPanelProps } from '../../panels.ts';
import { useChangeMeasurements, useMeasureSaveState, useMeasurements } from '../api/use-measurements.ts';
import { MEASURE_TOOL_IDS } from '../interaction/measure-state.ts';
import { POINTS_NEEDED, useMeasureStore } from '../store/measure-store.ts';

function NameField({ item, onRename }: { item: FreeMeasurement; onRename: (name: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(item.name);
  useEffect(() => setName(item.name), [item.name]);
  const commit = () => {
    const next = name.trim().slice(0, 60);
    if (next !== item.name) onRename(next);
  };
  return (
    <input
      className="measure-panel__name"
      data-testid="measure-name"
      value={name}
      maxLength={60}
      placeholder={t(item.kind === 'distance' ? 'profilogram.measure.distance' : 'profilogram.measure.angle')}
      aria-label={t('profilogram.measure.name')}
      onChange={(e) => setName(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

/**
 * The Measure tab: start a distance (two clicks) or an angle (three clicks, the middle one the
 * vertex) on the film; the list of the chart's measurements, each named or deleted. Values are in
 * mm on a calibrated film, else px (with a hint).
 */
export function MeasurePanel({ recordId }: ViewerPanelProps) {
  const { t } = useTranslation();
  const items = useMeasurements(recordId);
  const change = useChangeMeasurements(recordId);
  const draft = useMeasureStore((s) => s.draft);
  const { calibration } = useFilmCalibration();
  const [failed, setFailed] = useState(false);
  const saveState = useMeasureSaveState();
  if (recordId === null) return <p className="profilogram-panel__note">{t('profilogram.noRecord')}</p>;

  const start = (kind: FreeMeasurementKind) => {
    useMeasureStore.getState().start(kind);
    setTool(MEASURE_TOOL_IDS[kind]);
  };
  const cancel = () => {
    useMeasureStore.getState().cancel();
    setTool('idle');
  };
  const onError = () => setFailed(true);
  const list = items.data ?? [];

  return (
    <div className="profilogram-panel measure-panel" data-testid="measure-panel" data-save-state={saveState}>
      <h2 className="profilogram-panel__title">{t('profilogram.measure.title')}</h2>
      <div className="measure-panel__tools">
        {(['distance', 'angle'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="profilogram-panel__button"
            data-testid={`measure-${kind}`}
            aria-pressed={draft?.kind === kind}
            onClick={() => start(kind)}
          >
            {t(`profilogram.measure.${kind}`)}
          </button>
        ))}
      </div>
      {draft !== null && (
        <div className="measure-panel__hint" role="status">
          <span>
            {t(draft.kind === 'distance' ? 'profilogram.measure.hintDistance' : 'profilogram.measure.hintAngle', {
              n: draft.points.length + 1,
              of: POINTS_NEEDED[draft.kind],
            })}
          </span>
          <button type="button" className="profilogram-panel__link" onClick={cancel}>
            {t('profilogram.measure.cancel')}
          </button>
        </div>
      )}
      {calibration.kind !== 'calibrated' && (
        <p className="profilogram-panel__note" data-testid="measure-px-hint">
          {t('profilogram.measure.uncalibrated')}
        </p>
      )}
      {failed && (
        <p className="profilogram-panel__error" role="alert">
          {t('profilogram.measure.saveError')}
        </p>
      )}
      {list.length === 0 ? (
        <p className="profilogram-panel__note">{t('profilogram.measure.empty')}</p>
      ) : (
        <ul className="measure-panel__list" data-testid="measure-list">
          {list.map((m) => (
            <li key={m.id} className="measure-panel__item" data-testid="measure-row" data-id={m.id}>
              <NameField item={m} onRename={(name) => change((all) => all.map((x) => (x.id === m.id ? { ...x, name } : x)), onError)} />
              <span className="measure-panel__value" data-testid="measure-value">
                {formatFreeMeasurement(freeMeasurementValue(m, calibration))}
              </span>
              <button
                type="button"
                className="profilogram-panel__link"
                data-testid="measure-delete"
                onClick={() => change((all) => all.filter((x) => x.id !== m.id), onError)}
              >
                {t('profilogram.measure.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
