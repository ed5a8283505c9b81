import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog, DialogTitleBar } from '../../../components/dialog/index.ts';
import { FormMessage } from '../../../components/form/field.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { setPasswordChangeDue, type PasswordChangeReason } from '../../../stores/session.ts';
import { paths } from '../../../routes/paths.ts';
import { extendPassword } from '../api/session-api.ts';
import './session.css';

/**
 * After a login whose password is older than 30 days: change it now, or "change after 30 days"
 * (/api/extend-pw). A temporary password offers no postponement.
 */
export function PasswordChangePrompt({ reason, onClose }: { reason: PasswordChangeReason; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const done = () => {
    setPasswordChangeDue(null);
    onClose();
  };
  const later = async () => {
    setBusy(true);
    try {
      await extendPassword();
      done();
    } catch (error) {
      setFailed(!(isApiError(error) && error.handled));
    } finally {
      setBusy(false);
    }
  };

  return (
    // No onDismiss: the user chooses "change now" or (for an old password) "later"; Escape is refused.
    <Dialog className="popup" labelledBy="pw-age-title" testId="password-change-prompt">
      <DialogTitleBar id="pw-age-title" title={t('session.passwordAge.title')} />
      <p className="popup__text">{reason === 'temporary' ? t('auth.error.temporaryPasswordKeep') : t('auth.notice.passwordChangeDue')}</p>
      {failed && <FormMessage kind="error">{t('session.passwordAge.failed')}</FormMessage>}
      <div className="popup__actions">
        {reason === 'expired' && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void later()}
            disabled={busy}
            data-testid="password-later"
          >
            {t('session.passwordAge.later')}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            done();
            void navigate(paths.resetPassword.to());
          }}
        >
          {t('session.passwordAge.change')}
        </button>
      </div>
    </Dialog>
  );
}
