import { useTranslation } from 'react-i18next';
import { useLockStore } from '../../../stores/lock-store.ts';

/**
 * Locks the screen from the viewer (docs/spec-points.md §2, Viewer: "lock screen"): the same lock screen the
 * session shows after inactivity, unlocked with the account password.
 */
export function LockButton() {
  const { t } = useTranslation();
  const lock = useLockStore((s) => s.lock);
  return (
    <button
      type="button"
      className="dark-button dark-button--muted viewer-bar__button"
      data-testid="viewer-lock"
      title={t('report.lockTitle')}
      onClick={() => lock('manual')}
    >
      {t('report.lock')}
    </button>
  );
}
