import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgressPanel, type UploadProgress } from '../../upload/index.ts';
import './upload-blocker.css';

/**
 * Covers the screen while an upload runs: shows the pipeline's progress panel and keeps clicks and
 * keys (Escape would close the modal) away from the form underneath.
 */
export function UploadBlocker({ running, progress }: { running: boolean; progress: UploadProgress | null }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!running) return undefined;
    const swallow = (e: KeyboardEvent) => {
      if (e.key === 'Escape' || e.key === 'Enter') {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', swallow, true);
    return () => window.removeEventListener('keydown', swallow, true);
  }, [running]);
  if (!running) return null;
  return (
    <div className="upload-blocker" role="dialog" aria-modal="true" aria-busy="true" aria-label={t('patients.upload.running')}>
      {progress === null ? (
        <div className="upload-blocker__waiting">
          <span className="upload-blocker__spinner" aria-hidden="true" />
          {t('patients.upload.running')}
        </div>
      ) : (
        <UploadProgressPanel progress={progress} />
      )}
    </div>
  );
}
