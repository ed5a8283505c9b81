/** Small document.cookie helpers. Values are URI-encoded; all cookies live on path "/". */

const DAY_MS = 24 * 60 * 60 * 1000;

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

/** Every cookie: the whole app, not sent on cross-site subrequests, and over HTTPS never sent in clear. */
export function cookieAttributes(protocol: string): string {
  return protocol === 'https:' ? 'path=/; SameSite=Lax; Secure' : 'path=/; SameSite=Lax';
}

export function setCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString();
  document.cookie =
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; ` + `${cookieAttributes(window.location.protocol)}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes(window.location.protocol)}`;
}
