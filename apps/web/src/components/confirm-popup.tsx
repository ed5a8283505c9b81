import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../stores/popup-store.ts';
import { CloseIcon } from './icons.tsx';
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
  const primaryRef = useRef<HTMLButtonElement>(null);

  const cancel = () => {
    if (event && skipToday) suppressToday();
    else close();
    fnCancel?.();
  };
  const confirm = () => {
    close();
    fnConfirm?.();
  };

  const onEscape = useEffectEvent(cancel);
  useEffect(() => {
    primaryRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onEscape();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="popup-backdrop" onMouseDown={(e) => e.target === e.currentTarget && cancel()}>
      <div
        className="popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={text ? textId : undefined}
        data-testid="confirm-popup"
      >
        <div className="popup__head">
          <h2 id={titleId} className="popup__title">
            {title}
          </h2>
          <button type="button" className="popup__close" aria-label={t('common.close')} onClick={cancel}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
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
              <button type="button" className="button button--primary" ref={primaryRef} onClick={cancel}>
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
              <button type="button" className="button button--primary" ref={primaryRef} onClick={confirm}>
                {textConfirm || t('common.confirm')}
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
