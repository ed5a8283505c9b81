import { useTranslation } from 'react-i18next';
import { VTO_PRESETS, type VtoPresetId } from '../lib/presets.ts';
import { useVtoStore } from '../store/vto-store.ts';

const LABEL: Record<
  VtoPresetId,
  'vto.presets.incisorRetraction' | 'vto.presets.mandibularAdvancement' | 'vto.presets.mandibularSetback' | 'vto.presets.maxillaryImpaction'
> = {
  incisorRetraction: 'vto.presets.incisorRetraction',
  mandibularAdvancement: 'vto.presets.mandibularAdvancement',
  mandibularSetback: 'vto.presets.mandibularSetback',
  maxillaryImpaction: 'vto.presets.maxillaryImpaction',
};

/** Common plans that fill the movement table, and a reset to no movement. */
export function VtoPresets() {
  const { t } = useTranslation();
  const preset = useVtoStore((s) => s.plan.preset);
  const applyPreset = useVtoStore((s) => s.applyPreset);
  const clear = useVtoStore((s) => s.clearMovements);
  return (
    <div className="vto-presets" role="group" aria-label={t('vto.presets.label')}>
      {VTO_PRESETS.map((p) => (
        <button
          key={p.id}
          type="button"
          className="dark-button dark-button--muted analysis-button"
          aria-pressed={preset === p.id}
          data-testid={`vto-preset-${p.id}`}
          onClick={() => applyPreset(p.id)}
        >
          {t(LABEL[p.id])}
        </button>
      ))}
      <button type="button" className="dark-button dark-button--muted analysis-button" data-testid="vto-clear" onClick={clear}>
        {t('vto.presets.clear')}
      </button>
    </div>
  );
}
