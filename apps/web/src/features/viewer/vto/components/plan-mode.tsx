import type { PlanMode } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';
import { useVtoStore } from '../store/vto-store.ts';

const MODES: readonly PlanMode[] = ['vto', 'sto'];

/** The plan type: the orthodontic movement table (VTO) or the surgical set-up (STO). */
export function PlanModeChoice() {
  const { t } = useTranslation();
  const mode = useVtoStore((s) => s.plan.mode);
  const setMode = useVtoStore((s) => s.setMode);
  // Until the chart's stored plan is read, a choice would be overwritten by it.
  const loaded = useVtoStore((s) => s.loadedFor !== null);
  return (
    <fieldset className="vto-fieldset sto-mode" data-testid="vto-mode">
      <legend>{t('sto.mode.legend')}</legend>
      {MODES.map((m) => (
        <label key={m} className="sto-mode__item" title={t(`sto.mode.${m}Hint`)}>
          <input
            type="radio"
            name="vto-plan-mode"
            checked={mode === m}
            disabled={!loaded}
            data-testid={`vto-mode-${m}`}
            onChange={() => setMode(m)}
          />
          <span>{t(`sto.mode.${m}`)}</span>
        </label>
      ))}
      <p className="vto-note sto-mode__hint">{t(`sto.mode.${mode}Hint`)}</p>
    </fieldset>
  );
}
