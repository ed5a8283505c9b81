import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from './paths.ts';
import './screens.css';

/** `/404`. Unknown paths redirect home (docs/spec-points.md §2); this page is for things that are gone. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="error-screen" data-testid="not-found">
      <div>
        <p className="error-screen__code">{t('errors.notFound.code')}</p>
        <h1 className="error-screen__title">{t('errors.notFound.title')}</h1>
        <p className="error-screen__body">{t('errors.notFound.body')}</p>
        <div className="error-screen__actions">
          <Link className="button button--primary" to={paths.home.to()}>
            {t('errors.notFound.home')}
          </Link>
        </div>
      </div>
    </section>
  );
}
