import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';
import { paths } from './paths.ts';
import './screens.css';

/** `/find-email` and `/find-password`: one screen, two tabs. */
export function FindAccountScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const findingPassword = pathname === paths.findPassword.pattern;
  return (
    <div className="page page--narrow">
      <PlaceholderScreen
        title={findingPassword ? t('screens.findAccount.findPassword') : t('screens.findAccount.findEmail')}
        body={t('screens.findAccount.body')}
      >
        <nav className="tabs">
          <NavLink className="tabs__tab" to={paths.findEmail.to()} replace>
            {t('screens.findAccount.findEmail')}
          </NavLink>
          <NavLink className="tabs__tab" to={paths.findPassword.to()} replace>
            {t('screens.findAccount.findPassword')}
          </NavLink>
        </nav>
      </PlaceholderScreen>
    </div>
  );
}
