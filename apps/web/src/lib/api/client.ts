import { usePopupStore } from '../../stores/popup-store.ts';
import { createHttpClient, type Alert } from './http-client.ts';
import { cookieTokenStore } from './token-store.ts';

/**
 * The app's HTTP client instance: cookies for tokens, the app popup for alerts, full page loads
 * for "go home" and "reload" so that no stale state survives a forced sign-out.
 */
type Translate = (alert: Alert) => { title: string; text: string; confirm: string };

const english: Translate = (alert) => {
  const titles: Record<Alert, string> = {
    duplicateLogin: 'Duplicate Login!',
    expiredAccount: 'Expired Account!',
    notFound: '404 error Page not found',
    serverError: 'This page isn’t working',
    timeout: 'The request time has expired',
    network: 'Network Error',
  };
  return { title: titles[alert], text: '', confirm: 'Confirm' };
};

let translate: Translate = english;

/** The root layout registers the current language's texts here. */
export function setAlertTexts(next: Translate): void {
  translate = next;
}

/** Opens the app popup with one button; resolves when it is dismissed. */
export function showAlert(title: string, text: string, confirm: string): Promise<void> {
  return new Promise((resolve) => {
    usePopupStore.getState().open({ title, text, textConfirm: confirm, fnConfirm: resolve, fnCancel: resolve });
  });
}

export const api = createHttpClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: cookieTokenStore,
  alert: (kind) => {
    const { title, text, confirm } = translate(kind);
    return showAlert(title, text, confirm);
  },
  goHome: () => window.location.assign('/'),
  reload: () => window.location.reload(),
});
