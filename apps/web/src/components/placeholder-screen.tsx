import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './placeholder-screen.css';

/**
 * An honest stand-in for a screen a later step builds: its title and one line saying what will
 * be there. No sample data.
 */
export function PlaceholderScreen({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="placeholder" data-testid="placeholder">
      <header className="placeholder__head">
        <h1 className="placeholder__title">{title}</h1>
        <span className="placeholder__badge">{t('placeholder.badge')}</span>
      </header>
      {children}
      <p className="placeholder__body">{body}</p>
    </section>
  );
}
