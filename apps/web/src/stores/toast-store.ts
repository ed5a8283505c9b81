import type { ParseKeys, TFunction } from 'i18next';
import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** UI state: the toast stack. Kept in sessionStorage so toasts survive a reload in this tab. */

export type ToastKind = 'success' | 'warning' | 'error';

/**
 * A toast's words: a translation key (with its values), rendered in the language of the moment, so a
 * toast on screen follows a change of language; or text as it came (a server's message, an invoice
 * number), shown as it is.
 */
export type ToastText = string | { key: ParseKeys; values?: Record<string, string | number> };

export interface Toast {
  id: string;
  kind: ToastKind;
  title: ToastText;
  text: ToastText;
}

export type NewToast = Omit<Toast, 'id'>;

export const TOAST_STORAGE_KEY = 'ceppro.toasts';
/** docs/spec-points.md §9: toasts hide themselves after 3 seconds (unless hovered, and not on the home page). */
export const TOAST_AUTO_HIDE_MS = 3000;

/** A toast's words in the language of `t` (the stack calls it at every render). */
export function toastWords(words: ToastText, t: TFunction): string {
  return typeof words === 'string' ? words : t(words.key, words.values ?? {});
}

const sameText = (a: ToastText, b: ToastText): boolean => JSON.stringify(a) === JSON.stringify(b);

/** True when `list` already shows a warning with the same title and text. */
export function isDuplicateWarning(list: readonly Toast[], toast: NewToast): boolean {
  return (
    toast.kind === 'warning' && list.some((t) => t.kind === 'warning' && sameText(t.title, toast.title) && sameText(t.text, toast.text))
  );
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

const toastText = z.union([
  z.string(),
  z.object({
    key: z.string().transform((key) => key as ParseKeys),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
]);
const storedToasts = z.object({
  toasts: z.array(z.object({ id: z.string(), kind: z.enum(['success', 'warning', 'error']), title: toastText, text: toastText })),
});

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
      // What sessionStorage holds is read back through a schema: anything else starts an empty stack.
      merge: (persisted, current) => ({ ...current, toasts: storedToasts.safeParse(persisted).data?.toasts ?? [] }),
    },
  ),
);

/** Shorthand for code outside React (API interceptors, store actions). */
export function pushToast(toast: NewToast): string | null {
  return useToastStore.getState().push(toast);
}
