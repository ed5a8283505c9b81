import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';
import { MyInfo } from '../features/account/components/my-info.tsx';
import { ActivityLog } from '../features/audit/components/activity-log.tsx';
import { ResetEmail } from '../features/account/components/reset-email.tsx';
import { ResetMobile } from '../features/account/components/reset-mobile.tsx';
import { ResetPassword } from '../features/account/components/reset-password.tsx';
import { DrawingPadSection } from '../features/drawing-pad/components/drawing-pad-section.tsx';
import { MembershipSection } from '../features/membership/components/membership-section.tsx';
import { SettingsSection } from '../features/settings/components/settings-form.tsx';
import { ClinicSettings } from './clinic-settings.tsx';
import { accountSections, paths, type AccountSection } from './paths.ts';
import './screens.css';

function sectionFor(pathname: string): AccountSection {
  return accountSections.find((s) => paths[s].pattern === pathname) ?? 'setting';
}

/** The sections built so far; the others stay placeholders until their step. */
const built: Partial<Record<AccountSection, () => ReactNode>> = {
  setting: () => <SettingsSection />,
  drawingPad: () => <DrawingPadSection />,
  membership: () => <MembershipSection />,
  clinic: () => <ClinicSettings />,
  // The profile, then the clinic's audit trail (features/audit).
  myInfo: () => (
    <>
      <MyInfo />
      <ActivityLog />
    </>
  ),
  resetEmail: () => <ResetEmail />,
  resetPassword: () => <ResetPassword />,
  resetMobile: () => <ResetMobile />,
};

/** The one settings/account screen behind /setting, /drawing-pad, /membership, /myinfo, /reset-*. */
export function AccountScreen() {
  const { t } = useTranslation();
  const section = sectionFor(useLocation().pathname);
  const content = built[section];
  return (
    <div className="page account">
      <nav className="account__nav" aria-label={t('screens.account.nav')}>
        {accountSections.map((s) => (
          <NavLink key={s} to={paths[s].to()} className="account__link">
            {t(`screens.account.${s}.title`)}
          </NavLink>
        ))}
      </nav>
      <div className="account__content">
        {content ? (
          <section className="card account-card" key={section}>
            <h1 className="card__title">{t(`screens.account.${section}.title`)}</h1>
            <p className="card__subtitle">{t(`screens.account.${section}.body`)}</p>
            {content()}
          </section>
        ) : (
          <PlaceholderScreen title={t(`screens.account.${section}.title`)} body={t(`screens.account.${section}.body`)} />
        )}
      </div>
    </div>
  );
}
