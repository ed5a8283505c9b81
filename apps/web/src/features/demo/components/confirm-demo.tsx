import { useTranslation } from 'react-i18next';
import { useEventPopupStore } from '../../../stores/event-popup-store.ts';
import { useLoadingStore } from '../../../stores/loading-store.ts';
import { usePopupStore } from '../../../stores/popup-store.ts';
import { useToastStore } from '../../../stores/toast-store.ts';
import './demo.css';

const LOADING_DEMO_MS = 2000;

/**
 * `/test`: opens the confirm popup used for cancelling a subscription. Also exercises the event
 * popup ("do not open today") and the loading overlay, which have no other screen yet.
 */
export function ConfirmDemo() {
  const { t } = useTranslation();
  const open = usePopupStore((s) => s.open);
  const openEventPopup = useEventPopupStore((s) => s.open);
  const push = useToastStore((s) => s.push);
  const { show, hide } = useLoadingStore();

  const openCancelSubscription = () =>
    open({
      title: t('demo.confirm.popupTitle'),
      text: t('demo.confirm.popupText'),
      textConfirm: t('demo.confirm.popupConfirm'),
      textCancel: t('demo.confirm.popupCancel'),
      fnConfirm: () => push({ kind: 'success', title: { key: 'demo.confirm.doneTitle' }, text: { key: 'demo.confirm.doneText' } }),
    });

  const openEvent = () => {
    const shown = openEventPopup({ title: t('demo.confirm.eventTitle'), text: t('demo.confirm.eventText') });
    if (!shown) {
      push({ kind: 'warning', title: { key: 'demo.confirm.eventHiddenTitle' }, text: { key: 'demo.confirm.eventHiddenText' } });
    }
  };

  const showLoading = () => {
    show();
    window.setTimeout(hide, LOADING_DEMO_MS);
  };

  return (
    <section className="demo-card">
      <h1 className="demo-card__title">{t('demo.confirm.title')}</h1>
      <p className="demo-card__intro">{t('demo.confirm.intro')}</p>
      <div className="demo-card__actions">
        <button type="button" className="button button--primary" onClick={openCancelSubscription}>
          {t('demo.confirm.open')}
        </button>
        <button type="button" className="button button--secondary" onClick={openEvent}>
          {t('demo.confirm.eventOpen')}
        </button>
        <button type="button" className="button button--secondary" onClick={showLoading}>
          {t('demo.confirm.loading')}
        </button>
      </div>
    </section>
  );
}
