import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../routes/paths.ts';

/** Last step: the account exists and waits for the link in the verification mail. */
export function FinishStep({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div className="sign-up__finish" data-testid="sign-up-done">
      <div className="sign-up__finish-icon" aria-hidden="true">
        ✉
      </div>
      <h2 className="sign-up__finish-title">{t('signUp.done.title')}</h2>
      <p>{t('signUp.done.body', { email })}</p>
      <p className="field__hint">{t('signUp.done.hint')}</p>
      <Link className="button button--primary" to={paths.home.to()}>
        {t('signUp.done.signIn')}
      </Link>
    </div>
  );
}
