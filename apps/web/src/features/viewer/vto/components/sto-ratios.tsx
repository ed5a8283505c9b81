import { SURGICAL_RATIO_MAX, SURGICAL_SOFT_TISSUE_RATIOS, chosenSurgicalRatio, getLandmark } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';
import { useVtoStore } from '../store/vto-store.ts';
import { VtoSection } from './vto-section.tsx';

/**
 * The surgical soft-tissue ratios (reference §6.2): per rule the soft points and their driver, the
 * published values as one-click choices, the ratio in use (typed freely in 0–1.5) and the source.
 */
export function StoRatios() {
  const { t } = useTranslation();
  const chosen = useVtoStore((s) => s.plan.surgicalRatios);
  const setRatio = useVtoStore((s) => s.setSurgicalRatio);
  return (
    <VtoSection id="sto-ratios-title" title={t('sto.ratios.title')}>
      <p className="vto-note">{t('sto.ratios.note')}</p>
      <ul className="vto-ratios">
        {SURGICAL_SOFT_TISSUE_RATIOS.map((r) => {
          const ratio = chosenSurgicalRatio(r, chosen);
          const published = r.choices.some((c) => c.value === ratio);
          const soft = r.soft.map((id) => getLandmark(id).shortName).join(', ');
          const driver = r.driver === 'own' ? t('sto.ratios.own') : getLandmark(r.driver).shortName;
          return (
            <li key={r.id} className="vto-ratios__group" data-testid={`sto-ratio-${r.id}`}>
              <div className="vto-ratios__head">
                <strong>{t(`sto.ratios.rule.${r.id}`)}</strong>
                <span className="vto-ratios__range">{t('sto.ratios.follows', { soft, driver })}</span>
              </div>
              <div className="sto-ratio__pick">
                {r.choices.map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    className="dark-button dark-button--muted analysis-button"
                    aria-pressed={ratio === c.value}
                    data-testid={`sto-ratio-${r.id}-${c.id}`}
                    onClick={() => setRatio(r.id, c.value)}
                  >
                    {t(`sto.ratios.choice.${c.id}`)} {c.value.toFixed(2)}
                  </button>
                ))}
                <input
                  type="number"
                  className="vto-table__input"
                  min={0}
                  max={SURGICAL_RATIO_MAX}
                  step={0.01}
                  value={ratio}
                  aria-label={t('sto.ratios.input', { rule: t(`sto.ratios.rule.${r.id}`) })}
                  data-testid={`sto-ratio-input-${r.id}`}
                  onChange={(e) => {
                    if (Number.isFinite(e.target.valueAsNumber)) setRatio(r.id, e.target.valueAsNumber);
                  }}
                />
                {!published && <span className="sto-ratio__outside">{t('sto.ratios.outside')}</span>}
              </div>
              <p className="vto-ratios__source">{r.source}</p>
            </li>
          );
        })}
      </ul>
    </VtoSection>
  );
}
