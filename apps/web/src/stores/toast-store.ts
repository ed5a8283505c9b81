import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** UI state: the toast stack. Kept in sessionStorage so toasts survive a reload in this tab. */

export type ToastKind = 'success' | 'warning' | 'error';

export interface Toast {
  id: string;
  kind: ToastKind;
  title: string;
  text: string;
}

export type NewToast = Omit<Toast, 'id'>;

export const TOAST_STORAGE_KEY = 'ceppro.toasts';
/** docs/spec-points.md §9: toasts hide themselves after 3 seconds (unless hovered, and not on the home page). */
export const TOAST_AUTO_HIDE_MS = 3000;

/** True when `list` already shows a warning with the same title and text. */
export function isDuplicateWarning(list: readonly Toast[], toast: NewToast): boolean {
  return toast.kind === 'warning' && list.some((t) => t.kind === 'warning' && t.title === toast.title && t.text === toast.text);
}

/** Adds a toast to the end of the stack; an identical warning already on screen is not repeated. */
export function addToast(list: readonly Toast[], toast: Toast): Toast[] {
  return isDuplicateWarning(list, toast) ? [...list] : [...list, toast];
}

let sequence = 0;
function nextId(): string {
  sequence += 1;
  return `${Date.now().toString(36)}-${sequence}`;
}

interface ToastState {
  toasts: Toast[];
  /** Returns the new toast's id, or null when it was a duplicate warning. */
  push: (toast: NewToast) => string | null;
  dismiss: (id: string) => void;
  clearAll: () => void;
}

export const useToastStore = create<ToastState>()(
  persist(
    (set, get) => ({
      toasts: [],
      push: (toast) => {
        if (isDuplicateWarning(get().toasts, toast)) return null;
        const id = nextId();
        set((state) => ({ toasts: addToast(state.toasts, { ...toast, id }) }));
        return id;
      },
      dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
      clearAll: () => set({ toasts: [] }),
    }),
    {
      name: TOAST_STORAGE_KEY,
      storage: createJSONStorage(() => window.sessionStorage),
      partialize: (state) => ({ toasts: state.toasts }),
    },
  ),
);

/** Shorthand for code outside React (API interceptors, store actions). */
export function pushToast(toast: NewToast): string | null {
  return useToastStore.getState().push(toast);
}
