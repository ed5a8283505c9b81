import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type Session } from '../../stores/session.ts';
import { signOut as endSession } from '../../stores/sign-out.ts';
import { paths } from '../../routes/paths.ts';
import { ChevronDownIcon, SettingsIcon, SignOutIcon } from '../icons.tsx';
import { Menu } from '../menu/index.ts';

/** The signed-in user's first name and email, with Settings and Sign out. */
export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const label = session.firstName || session.email;
  const initial = (label.trim()[0] ?? '?').toUpperCase();

  const signOut = () => {
    // The cookies are gone at once; the server call finishes in the background.
    void endSession();
    void navigate(paths.home.to());
  };

  return (
    <Menu
      label={t('header.userMenu')}
      triggerClassName="header__control header__user"
      variant="wide"
      testId="user-menu"
      trigger={
        <>
          <span className="header__avatar" aria-hidden="true">
            {initial}
          </span>
          <span className="header__control-text">{label}</span>
          <ChevronDownIcon />
        </>
      }
    >
      {(close) => (
        <>
          <div className="dropdown__identity">
            {session.firstName && <strong>{session.firstName}</strong>}
            <span>{session.email}</span>
          </div>
          <Link role="menuitem" className="dropdown__item" to={paths.setting.to()} onClick={close}>
            <SettingsIcon width={16} height={16} />
            <span>{t('header.settings')}</span>
          </Link>
          {session.role === 'admin' && (
            <Link role="menuitem" className="dropdown__item" to={paths.admin.to()} onClick={close} data-testid="admin-link">
              <SettingsIcon width={16} height={16} />
              <span>{t('admin.menu')}</span>
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            className="dropdown__item"
            onClick={() => {
              close();
              signOut();
            }}
          >
            <SignOutIcon />
            <span>{t('header.signOut')}</span>
          </button>
        </>
      )}
    </Menu>
  );
}
