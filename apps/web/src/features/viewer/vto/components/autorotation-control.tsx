import type { AutorotationContact } from '@ceppro/ceph';
import { VTO_MAX_MOVEMENT_MM } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import type { VtoPrediction } from '../hooks/use-vto-prediction.ts';
import { useVtoStore } from '../store/vto-store.ts';

const signed = (v: number) => {
  const text = Math.abs(v).toFixed(1);
  return text === '0.0' ? '0.0' : `${v > 0 ? '+' : '−'}${text}`;
};

/**
 * The "Autorotate mandible" switch: which contact, an extra vertical change, and what the
 * prediction did with it: the hinge used (Co, Ar or the estimate) and the rotation in degrees.
 */
export function AutorotationControl({ prediction }: { prediction: VtoPrediction }) {
  const { t } = useTranslation();
  const choice = useVtoStore((s) => s.plan.autorotation);
  const setAutorotation = useVtoStore((s) => s.setAutorotation);
  const outcome = prediction.status === 'ok' ? prediction.result.autorotation : null;
  return (
    <fieldset className="vto-flags sto-autorotation" data-testid="vto-autorotation">
      <legend>{t('sto.autorotation.title')}</legend>
      <label className="vto-flags__item" title={t('sto.autorotation.hint')}>
        <input
          type="checkbox"
          role="switch"
          checked={choice.enabled}
          data-testid="vto-autorotate"
          onChange={(e) => setAutorotation({ enabled: e.target.checked })}
        />
        {t('sto.autorotation.toggle')}
      </label>
      {choice.enabled && (
        <>
          <label className="vto-flags__item">
            {t('sto.autorotation.contact')}
            <select
              value={choice.contact}
              data-testid="vto-autorotate-contact"
              onChange={(e) => setAutorotation({ contact: e.target.value as AutorotationContact })}
            >
              <option value="molar">{t('sto.autorotation.molar')}</option>
              <option value="incisor">{t('sto.autorotation.incisor')}</option>
            </select>
          </label>
          <label className="vto-flags__item">
            {t('sto.autorotation.extra')}
            <input
              type="number"
              className="vto-table__input"
              min={-VTO_MAX_MOVEMENT_MM}
              max={VTO_MAX_MOVEMENT_MM}
              step={0.5}
              value={choice.verticalMm}
              data-testid="vto-autorotate-extra"
              onChange={(e) => {
                if (e.target.value === '' || Number.isFinite(e.target.valueAsNumber))
                  setAutorotation({ verticalMm: e.target.value === '' ? 0 : e.target.valueAsNumber });
              }}
            />
          </label>
          {outcome?.status === 'ok' && (
            <div className="sto-autorotation__result">
              <p className="vto-note">{t('sto.autorotation.fromPlan', { mm: signed(outcome.planRiseMm) })}</p>
              <p data-testid="vto-autorotate-hinge" data-hinge={outcome.hinge}>
                {t('sto.autorotation.hinge', {
                  hinge: t(`sto.autorotation.hinge${outcome.hinge === 'estimate' ? 'Estimate' : outcome.hinge}`),
                })}
              </p>
              <p className="sto-autorotation__angle" data-testid="vto-autorotate-angle" data-deg={outcome.angleDeg.toFixed(2)}>
                {t('sto.autorotation.angle', { deg: signed(outcome.angleDeg) })} (
                {outcome.angleDeg > 0
                  ? t('sto.autorotation.closes')
                  : outcome.angleDeg < 0
                    ? t('sto.autorotation.opens')
                    : t('sto.autorotation.none')}
                )
              </p>
            </div>
          )}
          {outcome !== null && outcome.status !== 'ok' && (
            <p className="vto-message" role="alert" data-testid="vto-autorotate-problem">
              {t(
                outcome.status === 'no-hinge'
                  ? 'sto.autorotation.noHinge'
                  : outcome.status === 'no-contact'
                    ? 'sto.autorotation.noContact'
                    : 'sto.autorotation.unreachable',
              )}
            </p>
          )}
          <p className="vto-ratios__source">{t('sto.autorotation.source')}</p>
        </>
      )}
    </fieldset>
  );
}
