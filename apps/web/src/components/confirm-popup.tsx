import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../stores/popup-store.ts';
import { Dialog, DialogTitleBar } from './dialog/index.ts';
import './confirm-popup.css';

/**
 * The app-wide confirm popup, driven by the popup store. Escape, the close button and a click on the
 * backdrop all count as cancel. (The event popup is components/event-popup.tsx: not modal.)
 */
export function ConfirmPopup() {
  const popup = usePopupStore();
  if (!popup.display) return null;
  return <PopupDialog key={`${popup.title}\u0000${popup.text}`} />;
}

function PopupDialog() {
  const { t } = useTranslation();
  const { title, text, textConfirm, textCancel, fnConfirm, fnCancel, imgUrl, close } = usePopupStore();
  const titleId = useId();
  const textId = useId();

  const cancel = () => {
    close();
    fnCancel?.();
  };
  const confirm = () => {
    close();
    fnConfirm?.();
  };

  return (
    <Dialog
      className="popup"
      labelledBy={titleId}
      describedBy={text ? textId : undefined}
      onDismiss={cancel}
      closeOnBackdrop
      testId="confirm-popup"
    >
      <DialogTitleBar id={titleId} title={title} onClose={cancel} />
      {imgUrl && <img className="popup__image" src={imgUrl} alt="" />}
      {text && (
        <p id={textId} className="popup__text">
          {text}
        </p>
      )}
      <div className="popup__actions">
        {textCancel && (
          <button type="button" className="button button--secondary" onClick={cancel}>
            {textCancel}
          </button>
        )}
        <button type="button" className="button button--primary" data-autofocus onClick={confirm}>
          {textConfirm || t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
