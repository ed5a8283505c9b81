import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import './screens.css';

/** `/viewer/{id}`: the cephalometric viewer for one chart (id is the chart uuid). No footer here. */
export function ViewerScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <section className="viewer-placeholder" data-testid="placeholder">
      <h1 className="viewer-placeholder__title">{t('screens.viewer.title')}</h1>
      <p className="viewer-placeholder__body">{t('screens.viewer.body', { id })}</p>
      <span className="viewer-placeholder__badge">{t('placeholder.badge')}</span>
    </section>
  );
}
