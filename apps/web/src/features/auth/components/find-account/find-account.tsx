import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../../routes/paths.ts';
import { FindEmailForm } from './find-email-form.tsx';
import { FindPasswordForm } from './find-password-form.tsx';
import '../auth.css';

/** `/find-email` and `/find-password`: one card, two tabs. */
export function FindAccount({ tab }: { tab: 'email' | 'password' }) {
  const { t } = useTranslation();
  return (
    <section className="card auth-card" aria-labelledby="find-title">
      <h1 className="card__title" id="find-title">
        {tab === 'email' ? t('findAccount.findEmail') : t('findAccount.findPassword')}
      </h1>
      <nav className="tabs" aria-label={t('findAccount.tabs')}>
        <NavLink className="tabs__tab" to={paths.findEmail.to()} replace>
          {t('findAccount.findEmail')}
        </NavLink>
        <NavLink className="tabs__tab" to={paths.findPassword.to()} replace>
          {t('findAccount.findPassword')}
        </NavLink>
      </nav>
      <p className="card__subtitle find-account__intro">{tab === 'email' ? t('findAccount.emailIntro') : t('findAccount.passwordIntro')}</p>
      {tab === 'email' ? <FindEmailForm key="email" /> : <FindPasswordForm key="password" />}
    </section>
  );
}
