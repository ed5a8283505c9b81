import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../types.ts';
import './upload-progress-panel.css';

/** The running upload: one bar for the whole run and a line saying which step it is in. */
export function UploadProgressPanel({ progress }: { progress: UploadProgress | null }) {
  const { t } = useTranslation();
  if (progress === null) return null;
  const step = (() => {
    switch (progress.step) {
      case 'prepare':
        return t('upload.step.prepare');
      case 'upload':
        return t('upload.step.upload', { percent: progress.uploadPercent });
      case 'thumbnail':
        return t('upload.step.thumbnail', { saved: progress.thumbnailsSaved, expected: progress.thumbnailsExpected });
      case 'detect':
        return t('upload.step.detect');
      case 'done':
        return t('upload.step.done');
    }
  })();
  return (
    <div className="upload-progress" data-testid="upload-progress" data-step={progress.step} role="status" aria-live="polite">
      <div className="upload-progress__head">
        <span className="upload-progress__title">{t('upload.title')}</span>
        <span className="upload-progress__percent">{progress.percent}%</span>
      </div>
      <div
        className="upload-progress__track"
        role="progressbar"
        aria-label={t('upload.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={step}
      >
        <div className="upload-progress__bar" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="upload-progress__step">{step}</p>
    </div>
  );
}
