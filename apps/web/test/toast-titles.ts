import { createI18n } from '../src/i18n/index.ts';
import { toastWords, useToastStore } from '../src/stores/toast-store.ts';

const english = createI18n('en');

/** The titles of the toasts on the stack, in English as the tests' app renders them (renderApp). */
export function toastTitles(): string[] {
  return useToastStore.getState().toasts.map((toast) => toastWords(toast.title, english.t));
}
