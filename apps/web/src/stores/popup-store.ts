import { create } from 'zustand';

/**
 * UI state: the confirm popup (docs/spec-points.md §3, "Confirm popup state"). The event popup has
 * its own store (event-popup-store.ts): it is not modal.
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
};

interface PopupState extends PopupFields {
  open: (fields: Partial<Omit<PopupFields, 'display'>>) => void;
  close: () => void;
}

export const usePopupStore = create<PopupState>()((set) => ({
  ...closed,
  open: (fields) => set({ ...closed, ...fields, display: true }),
  close: () => set(closed),
}));

/** Opens the popup with one button (an API alert); resolves when it is dismissed. */
export function openAlert(title: string, text: string, confirm: string): Promise<void> {
  return new Promise((resolve) => {
    usePopupStore.getState().open({ title, text, textConfirm: confirm, fnConfirm: resolve, fnCancel: resolve });
  });
}
