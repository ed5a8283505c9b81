import { useTranslation } from 'react-i18next';
import type { VtoFlags } from '../lib/vto-config.ts';
import { useVtoStore } from '../store/vto-store.ts';

const FLAGS: readonly (keyof VtoFlags)[] = ['treatment', 'refinement', 'morph', 'autoAlign'];

/** The spec's flags: predicted profile, fine morph mesh, photo morph, automatic photo alignment. */
export function VtoFlagsControl() {
  const { t } = useTranslation();
  const flags = useVtoStore((s) => s.plan.flags);
  const setFlag = useVtoStore((s) => s.setFlag);
  return (
    <fieldset className="vto-fieldset vto-flags">
      <legend>{t('vto.flags.legend')}</legend>
      {FLAGS.map((flag) => (
        <label key={flag} className="vto-flags__item" title={t(`vto.flags.${flag}Hint`)}>
          <input type="checkbox" checked={flags[flag]} data-testid={`vto-flag-${flag}`} onChange={(e) => setFlag(flag, e.target.checked)} />
          {t(`vto.flags.${flag}`)}
        </label>
      ))}
    </fieldset>
  );
}
