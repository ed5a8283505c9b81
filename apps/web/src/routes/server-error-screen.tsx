import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from './paths.ts';
import './screens.css';

/**
 * The 500 page: the router's error boundary and `/500`. It says nothing about the error itself, so
 * no patient data can leak onto the screen.
 */
export function ServerErrorScreen() {
  const { t } = useTranslation();
  return (
    <section className="error-screen" data-testid="server-error">
      <div>
        <p className="error-screen__code">{t('errors.serverError.code')}</p>
        <h1 className="error-screen__title">{t('errors.serverError.title')}</h1>
        <p className="error-screen__body">{t('errors.serverError.body')}</p>
        <div className="error-screen__actions">
          <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
            {t('errors.serverError.reload')}
          </button>
          <Link className="button button--primary" to={paths.home.to()} reloadDocument>
            {t('errors.serverError.home')}
          </Link>
        </div>
      </div>
    </section>
  );
}
