import { create } from 'zustand';
import { cookieNames, EVENT_POPUP_SUPPRESS_DAYS } from '../config/cookies.ts';
import { getCookie, setCookie } from '../lib/cookies.ts';

/**
 * UI state: the confirm / event popup (docs/spec-points.md §3, "Confirm popup state").
 * An event popup can be suppressed for a day with the "do not open today" box.
 */
export interface PopupFields {
  display: boolean;
  title: string;
  text: string;
  /** Empty string hides the button. */
  textConfirm: string;
  textCancel: string;
  fnConfirm: (() => void) | null;
  fnCancel: (() => void) | null;
  imgUrl: string;
  /** An event popup offers "do not open today" instead of confirm/cancel. */
  event: boolean;
}

const closed: PopupFields = {
  display: false,
  title: '',
  text: '',
  textConfirm: '',
  textCancel: '',
  fnConfirm: null,
  fnCancel: null,
  imgUrl: '',
  event: false,
};

export function isEventPopupSuppressed(): boolean {
  return getCookie(cookieNames.eventPopup) === 'true';
}

interface PopupState extends PopupFields {
  /** Opens the popup. Returns false when it is an event popup the user hid for today. */
  open: (fields: Partial<Omit<PopupFields, 'display'>>) => boolean;
  close: () => void;
  /** Closes an event popup and hides event popups until tomorrow. */
  suppressToday: () => void;
}

export const usePopupStore = create<PopupState>()((set) => ({
  ...closed,
  open: (fields) => {
    if (fields.event === true && isEventPopupSuppressed()) return false;
    set({ ...closed, ...fields, display: true });
    return true;
  },
  close: () => set(closed),
  suppressToday: () => {
    setCookie(cookieNames.eventPopup, 'true', EVENT_POPUP_SUPPRESS_DAYS);
    set(closed);
  },
}));

/** Opens the popup with one button (an API alert); resolves when it is dismissed. */
export function openAlert(title: string, text: string, confirm: string): Promise<void> {
  return new Promise((resolve) => {
    usePopupStore.getState().open({ title, text, textConfirm: confirm, fnConfirm: resolve, fnCancel: resolve });
  });
}
