/** Cookie names and lifetimes the web app relies on (docs/spec-points.md §4 and §9). */
export const cookieNames = {
  /** Access token; its presence means "signed in". */
  token: 'token',
  /** Set by the server, HttpOnly (the page never reads it); only an older version wrote it from script. */
  refreshToken: 'refreshToken',
  /** User info (JSON) written at login. */
  user: 'i',
  /** The email remembered by "Save email" on the sign-in screen. */
  savedEmail: 'savedEmail',
  /** "true" once the user accepted the cookie notice. */
  cookieAgreement: 'cookieAgreement',
  /** "true" when the user ticked "do not open today" on an event popup. */
  eventPopup: 'popup',
} as const;

export const COOKIE_AGREEMENT_DAYS = 9999;
export const EVENT_POPUP_SUPPRESS_DAYS = 1;
