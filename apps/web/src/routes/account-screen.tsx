import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';
import { accountSections, paths, type AccountSection } from './paths.ts';
import './screens.css';

function sectionFor(pathname: string): AccountSection {
  return accountSections.find((s) => paths[s].pattern === pathname) ?? 'setting';
}

/** The one settings/account screen behind /setting, /drawing-pad, /membership, /myinfo, /reset-*. */
export function AccountScreen() {
  const { t } = useTranslation();
  const section = sectionFor(useLocation().pathname);
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
        <PlaceholderScreen
          title={t(`screens.account.${section}.title`)}
          body={t(`screens.account.${section}.body`)}
        />
      </div>
    </div>
  );
}
