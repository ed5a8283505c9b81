import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SignInForm } from '../features/auth/components/sign-in/sign-in-form.tsx';
import { JoinClinic } from '../features/clinic/components/join-clinic.tsx';
import { joinPath, rememberInvitation } from '../features/clinic/lib/pending-invitation.ts';
import { isSignedIn } from '../stores/session.ts';
import { paths } from './paths.ts';
import './screens.css';

/**
 * `/clinic/join?token=` (contract `CLINIC_ACCEPT_PAGE`), the invitation mail's link. Signed out: sign
 * in here and come straight back, or sign up first (the invitation is remembered on this browser, so
 * the next sign-in returns to it). Signed in: the invitation and Accept (features/clinic).
 */
export function ClinicJoinScreen() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token');
  if (isSignedIn())
    return (
      <div className="page clinic-join-page">
        <section className="card clinic-join-page__card">
          <h1 className="card__title">{t('clinic.join.title')}</h1>
          <JoinClinic token={token} />
        </section>
      </div>
    );
  if (token !== null) rememberInvitation(token);
  return (
    <div className="auth-layout">
      <section className="auth-hero" data-testid="join-signed-out">
        <h2 className="auth-hero__title">{t('clinic.join.title')}</h2>
        <p className="auth-hero__body">{t('clinic.join.signedOut')}</p>
        <p className="auth-hero__body">
          {t('clinic.join.noAccount')} <Link to={paths.signUp.to()}>{t('clinic.join.signUp')}</Link>
        </p>
        <p className="auth-hero__note">{t('clinic.join.signUpHint')}</p>
      </section>
      <SignInForm next={token === null ? undefined : joinPath(token)} />
    </div>
  );
}
