import { SOFT_TISSUE_RATIO_GROUPS, chosenRatio, getLandmark, type SoftTissueRatioGroup } from '@ceppro/ceph';
import { vtoRatioSource } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import type { VtoPrediction } from '../hooks/use-vto-prediction.ts';
import { useVtoStore } from '../store/vto-store.ts';
import { VtoSection } from './vto-section.tsx';

const signedMm = (v: number) => {
  const text = Math.abs(v).toFixed(2);
  return text === '0.00' ? '0.00' : `${v > 0 ? '+' : '−'}${text}`;
};

/**
 * The soft-tissue response: per group, the published range of the soft : hard ratio with its
 * source, the ratio chosen within it, and the resulting movement of each soft point (mm, + anterior
 * / superior) under the current plan.
 */
export function RatioControls({ prediction }: { prediction: VtoPrediction }) {
  const { t } = useTranslation();
  const names = useClinicalNames();
  const ratios = useVtoStore((s) => s.plan.ratios);
  const setRatio = useVtoStore((s) => s.setRatio);
  const moved = prediction.status === 'ok' ? prediction.result.displacementsMm : {};
  const driverName = (g: SoftTissueRatioGroup) => (g.driver === 'own' ? t('vto.ratios.ownDriver') : getLandmark(g.driver).shortName);
  return (
    <VtoSection id="vto-ratios-title" title={t('vto.ratios.title')}>
      <p className="vto-note">{t('vto.ratios.note')}</p>
      <ul className="vto-ratios">
        {SOFT_TISSUE_RATIO_GROUPS.map((g) => {
          const ratio = chosenRatio(g, ratios);
          const fixed = g.min === g.max;
          return (
            <li key={g.id} className="vto-ratios__group" data-testid={`vto-ratio-${g.id}`}>
              <div className="vto-ratios__head">
                <strong>{t(`vto.ratios.group.${g.id}`)}</strong>
                <span className="vto-ratios__range">
                  {fixed
                    ? t('vto.ratios.fixed', { value: g.min, driver: driverName(g) })
                    : t('vto.ratios.range', { min: g.min, max: g.max, driver: driverName(g) })}
                </span>
              </div>
              {!fixed && (
                <label className="vto-ratios__pick">
                  <input
                    type="range"
                    min={g.min}
                    max={g.max}
                    step={0.01}
                    value={ratio}
                    aria-label={t('vto.ratios.pick', { group: t(`vto.ratios.group.${g.id}`) })}
                    data-testid={`vto-ratio-input-${g.id}`}
                    onChange={(e) => setRatio(g.id, e.target.valueAsNumber)}
                  />
                  <output data-testid={`vto-ratio-value-${g.id}`}>{ratio.toFixed(2)}</output>
                </label>
              )}
              <p className="vto-ratios__source">{vtoRatioSource(g.id, names.lang) ?? g.source}</p>
              <ul className="vto-ratios__moves">
                {g.soft.map((id) => {
                  const d = moved[id];
                  if (d === undefined) return null;
                  return (
                    <li key={id} data-testid={`vto-soft-move-${id}`} data-h={d.x.toFixed(2)} data-v={d.y.toFixed(2)}>
                      {t('vto.ratios.move', { point: getLandmark(id).shortName, h: signedMm(d.x), v: signedMm(d.y) })}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </VtoSection>
  );
}
