import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isEventPopupSuppressed, useEventPopupStore } from '../../../stores/event-popup-store.ts';
import { noticeLang, useNotices } from '../api/use-notices.ts';
import { markEventShown, shownEvents } from '../lib/seen-notices.ts';

/**
 * Opens the event popup (spec "Toasts, popups"; components/event-popup.tsx, not modal) for the
 * operator's current event from `/public/notices`: once per tab, not while the user ticked "do not
 * open today" (the one-day popup cookie). Renders nothing itself.
 */
export function CurrentEvent({ enabled }: { enabled: boolean }) {
  const { i18n } = useTranslation();
  const { data } = useNotices(noticeLang(i18n.language));
  const open = useEventPopupStore((s) => s.open);
  const event = data?.find((n) => n.kind === 'event');

  useEffect(() => {
    if (!enabled || !event || isEventPopupSuppressed()) return;
    if (useEventPopupStore.getState().event !== null || shownEvents().includes(event.id)) return;
    if (open({ title: event.title, text: event.body })) markEventShown(event.id);
  }, [enabled, event, open]);

  return null;
}
