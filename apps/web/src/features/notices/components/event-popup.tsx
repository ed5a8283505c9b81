import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isEventPopupSuppressed, usePopupStore } from '../../../stores/popup-store.ts';
import { noticeLang, useNotices } from '../api/use-notices.ts';

/** Event ids already shown in this tab: the popup opens once per visit, not on every screen. */
const SHOWN_KEY = 'eventPopupShown';

function shownEvents(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Opens the event popup (spec "Toasts, popups") for the operator's current event from
 * `/public/notices`: once per tab, never while another popup is open, and not while the user
 * ticked "do not open today" (the one-day popup cookie). Renders nothing itself.
 */
export function EventPopup({ enabled }: { enabled: boolean }) {
  const { i18n } = useTranslation();
  const { data } = useNotices(noticeLang(i18n.language));
  const open = usePopupStore((s) => s.open);
  const event = data?.find((n) => n.kind === 'event');

  useEffect(() => {
    if (!enabled || !event || isEventPopupSuppressed()) return;
    if (usePopupStore.getState().display) return;
    const shown = shownEvents();
    if (shown.includes(event.id)) return;
    if (open({ title: event.title, text: event.body, event: true })) {
      sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...shown, event.id]));
    }
  }, [enabled, event, open]);

  return null;
}
