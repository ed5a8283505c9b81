import { useTranslation } from 'react-i18next';
import { useIsLoading } from '../stores/loading-store.ts';
import './loading-overlay.css';

export function LoadingOverlay() {
  const { t } = useTranslation();
  const loading = useIsLoading();
  if (!loading) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-busy="true" aria-label={t('common.loading')} data-testid="loading-overlay">
      <span className="loading-overlay__spinner" aria-hidden="true" />
      <span className="loading-overlay__text">{t('common.loading')}</span>
    </div>
  );
}
