import { cookieNames } from '../../config/cookies.ts';
import { deleteCookie, getCookie, setCookie } from '../cookies.ts';

/**
 * Where the client finds and keeps the access token. Cookies in the app, a plain object in tests.
 * The refresh token is not here: the server keeps it in an HttpOnly cookie the page cannot read,
 * and the browser sends it with `/api/refresh-token` on its own.
 */
export interface TokenStore {
  token: () => string | null;
  setToken: (token: string) => void;
  /** Forgets the token and the user info cookie (and a refresh token cookie left by an older version). */
  clear: () => void;
}

/** Session cookies live as long as the refresh token could; the server decides validity. */
export const SESSION_COOKIE_DAYS = 30;

export const cookieTokenStore: TokenStore = {
  token: () => getCookie(cookieNames.token),
  setToken: (token) => {
    setCookie(cookieNames.token, token, SESSION_COOKIE_DAYS);
  },
  clear: () => {
    deleteCookie(cookieNames.token);
    deleteCookie(cookieNames.refreshToken);
    deleteCookie(cookieNames.user);
  },
};
