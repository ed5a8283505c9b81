import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_LOGOUT_MS, loginCheckIntervalMs } from '../../../config/session.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { clearSession } from '../../../stores/session.ts';
import { usePopupStore } from '../../../stores/popup-store.ts';
import { checkLogin } from '../api/session-api.ts';

/**
 * docs/spec-points.md §4: every 60 s ask the server whether this session is still the user's current one.
 * On J005 (signed in elsewhere) show "duplicate login user" with the 3-second notice, then clear the
 * cookies, go home and reload.
 */
export function useLoginCheck(active: boolean): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    const run = async () => {
      try {
        await checkLogin();
      } catch (error) {
        if (stopped || !isApiError(error) || error.code !== 'J005') return;
        stopped = true;
        window.clearInterval(timer);
        usePopupStore.getState().open({
          title: t('auth.error.duplicateLoginUser'),
          text: t('auth.error.autoLogout'),
          textConfirm: t('common.confirm'),
        });
        // Not cancelled on unmount: once the notice is shown, the logout happens.
        window.setTimeout(() => {
          clearSession();
          window.location.assign('/');
        }, AUTO_LOGOUT_MS);
      }
    };
    const timer = window.setInterval(() => void run(), loginCheckIntervalMs());
    return () => {
      if (!stopped) window.clearInterval(timer);
      stopped = true;
    };
  }, [active, t]);
}
