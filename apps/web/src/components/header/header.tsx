import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { product } from '../../config/product.ts';
import { downloadManual } from '../../config/documents.ts';
import { backTarget, showsBackButton } from '../../lib/back-history.ts';
import { readSession } from '../../stores/session.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { paths } from '../../routes/paths.ts';
import { useHistoryStore } from '../../stores/history-store.ts';
import { useSessionVersion } from '../../stores/session-store.ts';
import { ArrowLeftIcon, LogoMark, ManualIcon, SettingsIcon } from '../icons.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { SpaceSwitcher } from './space-switcher.tsx';
import { UserMenu } from './user-menu.tsx';
import './header.css';

export function Header() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const visited = useHistoryStore((s) => s.visited);
  // Cookies raise no events: re-render on navigation and whenever stores/session.ts changes them.
  useSessionVersion((s) => s.version);
  const session = readSession();

  return (
    <header className="header">
      <div className="header__start">
        {showsBackButton(pathname) && (
          <button
            type="button"
            className="header__icon-button"
            aria-label={t('common.back')}
            title={t('common.back')}
            onClick={() => void navigate(backTarget(visited, pathname))}
            data-testid="back-button"
          >
            <ArrowLeftIcon />
          </button>
        )}
        <Link to={session ? paths.list.to(0) : paths.home.to()} className="header__logo" aria-label={t('header.home')} data-testid="logo">
          <LogoMark />
          <span className="header__wordmark">{product.name}</span>
        </Link>
      </div>
      <nav className="header__end">
        {session && <SpaceSwitcher />}
        <button
          type="button"
          className="header__icon-button"
          aria-label={t('header.manual')}
          title={t('header.manual')}
          onClick={() => downloadManual(language)}
          data-testid="manual-download"
        >
          <ManualIcon />
        </button>
        <Link to={paths.setting.to()} className="header__icon-button" aria-label={t('header.settings')} title={t('header.settings')}>
          <SettingsIcon />
        </Link>
        <span className="header__divider" aria-hidden="true" />
        <LanguagePicker />
        {session && <UserMenu session={session} />}
      </nav>
    </header>
  );
}
