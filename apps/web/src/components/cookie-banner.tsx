import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIE_AGREEMENT_DAYS, cookieNames } from '../config/cookies.ts';
import { getCookie, setCookie } from '../lib/cookies.ts';
import './cookie-banner.css';

/** Shown until the agreement cookie is "true"; accepting stores it for 9999 days. */
export function CookieBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => getCookie(cookieNames.cookieAgreement) !== 'true');
  if (!visible) return null;

  const accept = () => {
    setCookie(cookieNames.cookieAgreement, 'true', COOKIE_AGREEMENT_DAYS);
    setVisible(false);
  };

  return (
    <section className="cookie-banner" role="region" aria-label={t('cookie.label')} data-testid="cookie-banner">
      <p className="cookie-banner__text">{t('cookie.message')}</p>
      <button type="button" className="button button--primary" onClick={accept}>
        {t('cookie.accept')}
      </button>
    </section>
  );
}
