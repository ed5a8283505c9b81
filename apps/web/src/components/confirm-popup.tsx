import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../stores/popup-store.ts';
import { Dialog, DialogTitleBar } from './dialog/index.ts';
import './confirm-popup.css';

/**
 * The app-wide confirm / event popup, driven by the popup store. Escape, the close button and a
 * click on the backdrop all count as cancel.
 */
export function ConfirmPopup() {
  const popup = usePopupStore();
  if (!popup.display) return null;
  // Remount per opening so the "do not open today" box starts unticked.
  return <PopupDialog key={`${popup.title}\u0000${popup.text}`} />;
}

function PopupDialog() {
  const { t } = useTranslation();
  const { title, text, textConfirm, textCancel, fnConfirm, fnCancel, imgUrl, event, close, suppressToday } = usePopupStore();
  const [skipToday, setSkipToday] = useState(false);
  const titleId = useId();
  const textId = useId();

  const cancel = () => {
    if (event && skipToday) suppressToday();
    else close();
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
        {event ? (
          <>
            <label className="popup__check">
              <input type="checkbox" checked={skipToday} onChange={(e) => setSkipToday(e.target.checked)} />
              {t('popup.doNotOpenToday')}
            </label>
            <button type="button" className="button button--primary" data-autofocus onClick={cancel}>
              {t('common.close')}
            </button>
          </>
        ) : (
          <>
            {textCancel && (
              <button type="button" className="button button--secondary" onClick={cancel}>
                {textCancel}
              </button>
            )}
            <button type="button" className="button button--primary" data-autofocus onClick={confirm}>
              {textConfirm || t('common.confirm')}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
