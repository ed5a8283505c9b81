import { useTranslation } from 'react-i18next';
import { useToastStore } from '../../../stores/toast-store.ts';
import './demo.css';

/** `/toast`: one button per toast kind. */
export function ToastDemo() {
  const { t } = useTranslation();
  const push = useToastStore((s) => s.push);
  return (
    <section className="demo-card">
      <h1 className="demo-card__title">{t('demo.toast.title')}</h1>
      <p className="demo-card__intro">{t('demo.toast.intro')}</p>
      <div className="demo-card__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => push({ kind: 'success', title: { key: 'demo.toast.successTitle' }, text: { key: 'demo.toast.successText' } })}
        >
          {t('demo.toast.showSuccess')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => push({ kind: 'warning', title: { key: 'demo.toast.warningTitle' }, text: { key: 'demo.toast.warningText' } })}
        >
          {t('demo.toast.showWarning')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => push({ kind: 'error', title: { key: 'demo.toast.errorTitle' }, text: { key: 'demo.toast.errorText' } })}
        >
          {t('demo.toast.showError')}
        </button>
      </div>
    </section>
  );
}
