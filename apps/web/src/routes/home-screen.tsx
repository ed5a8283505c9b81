import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { SignInForm } from '../features/auth/components/sign-in/sign-in-form.tsx';
import { pendingInvitationPath } from '../features/clinic/lib/pending-invitation.ts';
import { isSignedIn } from '../stores/session.ts';
import { paths } from './paths.ts';

/** `/` — sign-in. Signed-in users go straight to their patient list. */
export function HomeScreen() {
  const { t } = useTranslation();
  if (isSignedIn()) return <Navigate to={paths.list.to(0)} replace />;
  return (
    <div className="auth-layout">
      <section className="auth-hero">
        <p className="auth-hero__eyebrow">{t('signIn.hero.eyebrow')}</p>
        <h2 className="auth-hero__title">{t('signIn.hero.title')}</h2>
        <p className="auth-hero__body">{t('signIn.hero.body')}</p>
        <ul className="auth-hero__points">
          <li>{t('signIn.hero.point1')}</li>
          <li>{t('signIn.hero.point2')}</li>
          <li>{t('signIn.hero.point3')}</li>
        </ul>
        <p className="auth-hero__note">{t('signIn.hero.note')}</p>
      </section>
      {/* An invitation opened while signed out (maybe in another tab, before signing up) is accepted next. */}
      <SignInForm next={pendingInvitationPath() ?? undefined} />
    </div>
  );
}
