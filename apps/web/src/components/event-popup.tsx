import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventPopupStore, type EventPopupContent } from '../stores/event-popup-store.ts';
import { DialogTitleBar } from './dialog/index.ts';
import './event-popup.css';

/**
 * The event popup (spec "Toasts, popups"), driven by the event popup store. Not modal: a card in the
 * bottom-left corner, clear of the sign-in form and the toasts, that takes no focus and leaves the
 * page usable, so an event arriving while the user types or clicks Sign in takes nothing from them.
 * Escape closes it (unless a modal dialog is open: Escape is that dialog's).
 */
export function EventPopup() {
  const event = useEventPopupStore((s) => s.event);
  if (event === null) return null;
  // Remount per event so the "do not open today" box starts unticked.
  return <EventCard key={`${event.title}\u0000${event.text}`} event={event} />;
}

function EventCard({ event }: { event: EventPopupContent }) {
  const { t } = useTranslation();
  const { close, suppressToday } = useEventPopupStore();
  const [skipToday, setSkipToday] = useState(false);
  const titleId = useId();
  const textId = useId();
  const dismiss = skipToday ? suppressToday : close;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]') !== null) return;
      dismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dismiss]);

  return (
    <aside
      className="popup event-popup"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={event.text ? textId : undefined}
      data-testid="event-popup"
    >
      <DialogTitleBar id={titleId} title={event.title} onClose={dismiss} />
      {event.text && (
        <p id={textId} className="popup__text">
          {event.text}
        </p>
      )}
      <div className="popup__actions">
        <label className="popup__check">
          <input type="checkbox" checked={skipToday} onChange={(e) => setSkipToday(e.target.checked)} />
          {t('popup.doNotOpenToday')}
        </label>
        <button type="button" className="button button--primary" onClick={dismiss}>
          {t('common.close')}
        </button>
      </div>
    </aside>
  );
}
