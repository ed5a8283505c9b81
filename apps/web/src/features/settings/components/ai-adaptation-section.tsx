import type { AiAdaptation } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form/field.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { usePopupStore } from '../../../stores/popup-store.ts';
import { useAiAdaptation } from '../api/use-ai-adaptation.ts';
import { useResetAiAdaptation } from '../api/use-reset-ai-adaptation.ts';
import { useUpdateAiAdaptation } from '../api/use-update-ai-adaptation.ts';
import { snLengthText } from '../lib/adaptation-shift.ts';
import { AiAdaptationTable } from './ai-adaptation-table.tsx';

/**
 * "AI adapted to your films": what the server learned from the landmarks this account corrected on
 * AI-placed films, the switch that applies it to new detections, and Reset. Not a form: the switch
 * and Reset each take effect at once, and the server's answer is what the section shows.
 */
export function AiAdaptationSection() {
  const { t } = useTranslation();
  const profile = useAiAdaptation();
  return (
    <section className="settings-adaptation" aria-labelledby="settings-adaptation-title" data-testid="ai-adaptation">
      <h2 id="settings-adaptation-title" className="settings-adaptation__title">
        {t('settings.adaptation.title')}
      </h2>
      {profile.isPending ? (
        <p className="field__hint">{t('settings.adaptation.loading')}</p>
      ) : profile.data === undefined ? (
        <FormMessage kind="error" testId="ai-adaptation-load-error">
          {t('settings.adaptation.loadFailed')}{' '}
          <button type="button" className="button button--secondary" onClick={() => void profile.refetch()}>
            {t('settings.retry')}
          </button>
        </FormMessage>
      ) : (
        <AdaptationProfile profile={profile.data} />
      )}
    </section>
  );
}

function AdaptationProfile({ profile }: { profile: AiAdaptation }) {
  const { t } = useTranslation();
  const switchTo = useUpdateAiAdaptation();
  const reset = useResetAiAdaptation();
  const [failed, setFailed] = useState(false);
  const busy = switchTo.isPending || reset.isPending;

  const run = async (action: () => Promise<unknown>) => {
    setFailed(false);
    try {
      await action();
    } catch (error) {
      // The interceptor already alerted (network, 5xx): a second message would repeat it.
      if (!(isApiError(error) && error.handled)) setFailed(true);
    }
  };
  const askReset = () =>
    usePopupStore.getState().open({
      title: t('settings.adaptation.resetTitle'),
      text: t('settings.adaptation.resetText'),
      textConfirm: t('settings.adaptation.resetConfirm'),
      textCancel: t('settings.adaptation.resetCancel'),
      fnConfirm: () => void run(() => reset.mutateAsync()),
    });

  const learned = profile.films === 1 ? t('settings.adaptation.learnedOne') : t('settings.adaptation.learned', { count: profile.films });
  const sn = snLengthText(profile.sn_mm.value);
  return (
    <>
      <p className="settings-adaptation__films" data-testid="ai-adaptation-films">
        {profile.films === 0 ? t('settings.adaptation.notYet') : learned}
      </p>
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          checked={profile.enabled}
          disabled={busy}
          onChange={(e) => void run(() => switchTo.mutateAsync({ enabled: e.target.checked }))}
          data-testid="ai-adaptation-switch"
        />
        {t('settings.adaptation.switch')}
      </label>
      <p className="field__hint" data-testid="ai-adaptation-state">
        {profile.enabled ? t('settings.adaptation.onHint') : t('settings.adaptation.offHint')}
      </p>
      {profile.films > 0 && profile.landmarks.length === 0 && <p className="field__hint">{t('settings.adaptation.noShifts')}</p>}
      {profile.landmarks.length > 0 && (
        <>
          <AiAdaptationTable landmarks={profile.landmarks} />
          <p className="field__hint" data-testid="ai-adaptation-sn">
            {profile.sn_mm.source === 'nominal'
              ? t('settings.adaptation.nominal', { mm: sn })
              : t('settings.adaptation.calibrated', { mm: sn })}
          </p>
        </>
      )}
      {failed && (
        <FormMessage kind="error" testId="ai-adaptation-error">
          {t('settings.adaptation.saveFailed')}
        </FormMessage>
      )}
      <div className="account-form__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || profile.films === 0}
          onClick={askReset}
          data-testid="ai-adaptation-reset"
        >
          {t('settings.adaptation.reset')}
        </button>
      </div>
    </>
  );
}
