import { GROWTH_MAX_YEARS, GROWTH_METHODS, type GrowthRefusal } from '@ceppro/ceph';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ViewerPanelProps } from '../../panels.ts';
import { useGrowthForecast } from '../hooks/use-growth-forecast.ts';
import { GrowthPointTable } from './growth-point-table.tsx';

const REFUSAL_KEYS: Record<GrowthRefusal, ParseKeys> = {
  'invalid-years': 'growth.refused.invalidYears',
  'age-unknown': 'growth.refused.ageUnknown',
  adult: 'growth.refused.adult',
  'under-6': 'growth.refused.under6',
  'beyond-standards': 'growth.refused.beyondStandards',
  'sex-required': 'growth.refused.sexRequired',
  uncalibrated: 'growth.refused.uncalibrated',
  'missing-points': 'growth.refused.missingPoints',
};

const YEAR_OPTIONS = Array.from({ length: GROWTH_MAX_YEARS }, (_, i) => i + 1);

/**
 * The Growth tab: years ahead (1-6) and whether the forecast tracing is drawn, the method and its
 * sources, the age and sex the forecast used, and per point the move and the source's SD; or, for a
 * patient it does not apply to, a plain note why.
 */
export function GrowthPanel({ recordId }: ViewerPanelProps) {
  const { t } = useTranslation();
  const view = useGrowthForecast();
  if (recordId === null) return <p className="growth-panel__note">{t('growth.noRecord')}</p>;
  if (!view.ready) return <p className="growth-panel__note">{t('growth.loading')}</p>;
  const { forecast, choice, setChoice: change } = view;
  const method = GROWTH_METHODS['michigan-mean-increments'];

  return (
    <div className="growth-panel" data-testid="growth-panel" data-status={forecast.status} data-saving={view.saving}>
      <h2 className="growth-panel__title">{t('growth.title')}</h2>
      <div className="growth-panel__controls">
        <label>
          {t('growth.years')}
          <select data-testid="growth-years" value={choice.years} onChange={(e) => change({ years: Number(e.target.value) })}>
            {YEAR_OPTIONS.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" data-testid="growth-shown" checked={choice.shown} onChange={(e) => change({ shown: e.target.checked })} />
          {t('growth.show')}
        </label>
      </div>
      <dl className="growth-panel__facts">
        <dt>{t('growth.age')}</dt>
        <dd data-testid="growth-age">{view.ageYears === null ? t('growth.unknown') : t('growth.ageValue', { age: view.ageYears })}</dd>
        <dt>{t('growth.sex')}</dt>
        <dd data-testid="growth-sex">
          {view.sex === null ? t('growth.unknown') : t(view.sex === 'female' ? 'growth.female' : 'growth.male')}
        </dd>
        {forecast.status === 'ok' && (
          <>
            <dt>{t('growth.target')}</dt>
            <dd data-testid="growth-target">{t('growth.ageValue', { age: forecast.toAge })}</dd>
          </>
        )}
      </dl>
      {forecast.status === 'refused' ? (
        <p className="growth-panel__refusal" role="status" data-testid="growth-refusal" data-reason={forecast.reason}>
          {t(REFUSAL_KEYS[forecast.reason], {
            age: view.ageYears ?? '',
            max: forecast.maxYears ?? 0,
            ids: (forecast.missing ?? []).join(', '),
          })}
        </p>
      ) : (
        <>
          <p className="growth-panel__note">{t('growth.meanNote')}</p>
          <GrowthPointTable points={forecast.points} />
          <p className="growth-panel__note" data-testid="growth-sd-note">
            {t('growth.sdNote')}
          </p>
          <p className="growth-panel__note">{t('growth.notForecast')}</p>
        </>
      )}
      <section data-testid="growth-method">
        <h3 className="growth-panel__title">{t('growth.method')}</h3>
        <p className="growth-panel__note">{t('growth.methodName')}</p>
        <p className="growth-panel__note">{t('growth.population')}</p>
        <ol className="growth-panel__citations">
          {method.citations.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
