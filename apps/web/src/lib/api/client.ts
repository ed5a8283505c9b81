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

/** Shows one alert with one button; resolves when it is dismissed. */
export type AlertPresenter = (title: string, text: string, confirm: string) => Promise<void>;

/** Until the app registers its popup, the browser's own alert box (lib is the bottom layer: it knows no store). */
let present: AlertPresenter = (title, text) => {
  window.alert(text === '' ? title : `${title}\n${text}`);
  return Promise.resolve();
};

type RateLimitNotice = (retryAfterS: number, retrying: boolean) => void;

/** Tells the user of a RATE_LIMITED refusal (a toast); until the app registers one, the console. */
let rateLimitNotice: RateLimitNotice = (seconds) => console.warn(`Too many requests; try again in ${seconds} s.`);

/** The app shell registers its toast here (app/providers.tsx): lib knows no store. */
export function setRateLimitNotice(next: RateLimitNotice): void {
  rateLimitNotice = next;
}

/** The app shell registers the app popup here (app/providers.tsx). */
export function setAlertPresenter(next: AlertPresenter): void {
  present = next;
}

export function showAlert(title: string, text: string, confirm: string): Promise<void> {
  return present(title, text, confirm);
}

export const api = createHttpClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: cookieTokenStore,
  alert: (kind) => {
    const { title, text, confirm } = translate(kind);
    return showAlert(title, text, confirm);
  },
  rateLimited: (seconds, retrying) => rateLimitNotice(seconds, retrying),
  goHome: () => window.location.assign('/'),
  reload: () => window.location.reload(),
});
