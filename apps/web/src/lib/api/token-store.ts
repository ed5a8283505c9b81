import { cookieNames } from '../../config/cookies.ts';
import { deleteCookie, getCookie, setCookie } from '../cookies.ts';

/** Where the client finds and keeps the tokens. Cookies in the app, a plain object in tests. */
export interface TokenStore {
  token: () => string | null;
  refreshToken: () => string | null;
  setTokens: (token: string, refreshToken: string) => void;
  /** Forgets token, refresh token and the user info cookie. */
  clear: () => void;
}

/** Session cookies live as long as the refresh token could; the server decides validity. */
export const SESSION_COOKIE_DAYS = 30;

export const cookieTokenStore: TokenStore = {
  token: () => getCookie(cookieNames.token),
  refreshToken: () => getCookie(cookieNames.refreshToken),
  setTokens: (token, refreshToken) => {
    setCookie(cookieNames.token, token, SESSION_COOKIE_DAYS);
    setCookie(cookieNames.refreshToken, refreshToken, SESSION_COOKIE_DAYS);
  },
  clear: () => {
    deleteCookie(cookieNames.token);
    deleteCookie(cookieNames.refreshToken);
    deleteCookie(cookieNames.user);
  },
};
