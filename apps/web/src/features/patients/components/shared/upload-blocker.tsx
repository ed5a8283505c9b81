import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog/index.ts';
import { UploadProgressPanel, type UploadProgress } from '../../upload/index.ts';
import './upload-blocker.css';

/**
 * Covers the screen while an upload runs: shows the pipeline's progress panel. A modal dialog with no
 * dismiss, so clicks and keys (Escape would close the modal) cannot reach the form underneath.
 */
export function UploadBlocker({ running, progress }: { running: boolean; progress: UploadProgress | null }) {
  const { t } = useTranslation();
  if (!running) return null;
  return (
    <Dialog className="upload-blocker" label={t('patients.upload.running')} busy cover>
      {progress === null ? (
        <div className="upload-blocker__waiting">
          <span className="upload-blocker__spinner" aria-hidden="true" />
          {t('patients.upload.running')}
        </div>
      ) : (
        <UploadProgressPanel progress={progress} />
      )}
    </Dialog>
  );
}
