import { create } from 'zustand';
import { cookieNames, EVENT_POPUP_SUPPRESS_DAYS } from '../config/cookies.ts';
import { getCookie, setCookie } from '../lib/cookies.ts';

/**
 * UI state: the event popup (spec "Toasts, popups"): the operator's current event, or the /test demo's.
 * It is not modal (components/event-popup.tsx), so it never holds up what the user is doing; "do not
 * open today" hides event popups for a day (the `popup` cookie).
 */
export interface EventPopupContent {
  title: string;
  text: string;
}

export function isEventPopupSuppressed(): boolean {
  return getCookie(cookieNames.eventPopup) === 'true';
}

interface EventPopupState {
  event: EventPopupContent | null;
  /** Shows an event. Returns false when the user hid event popups for today. */
  open: (event: EventPopupContent) => boolean;
  close: () => void;
  /** Closes it and hides event popups until tomorrow. */
  suppressToday: () => void;
}

export const useEventPopupStore = create<EventPopupState>()((set) => ({
  event: null,
  open: (event) => {
    if (isEventPopupSuppressed()) return false;
    set({ event });
    return true;
  },
  close: () => set({ event: null }),
  suppressToday: () => {
    setCookie(cookieNames.eventPopup, 'true', EVENT_POPUP_SUPPRESS_DAYS);
    set({ event: null });
  },
}));
