import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { usePopupStore } from '../../../stores/popup-store.ts';

/**
 * Asks before the new-patient page is left while films are chosen (`chosen` of them): Back, any
 * link, and the browser's back and forward buttons are held until the person says Leave (or Stay,
 * Escape, the close button: nothing is lost). `allowLeave()` lets the page's own navigation after a
 * successful save through without asking.
 */
export function useConfirmLeave(chosen: number): { allowLeave: () => void } {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => chosen > 0 && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    usePopupStore.getState().open({
      title: t('patients.create.leaveTitle'),
      text: t('patients.create.leaveText', { count: chosen }),
      textConfirm: t('patients.create.leaveConfirm'),
      textCancel: t('patients.create.leaveStay'),
      fnConfirm: () => blocker.proceed(),
      fnCancel: () => blocker.reset(),
    });
  }, [blocker, chosen, t]);

  return {
    allowLeave: () => {
      allowed.current = true;
    },
  };
}
