import type { AuthUser } from '@ceppro/contract';
import { z } from 'zod';
import { cookieNames } from '../config/cookies.ts';
import { REMEMBER_EMAIL_DAYS } from '../config/session.ts';
import { useLockStore } from './lock-store.ts';
import { sessionChanged } from './session-store.ts';
import { cookieTokenStore, SESSION_COOKIE_DAYS } from '../lib/api/token-store.ts';
import { deleteCookie, getCookie, setCookie } from '../lib/cookies.ts';

/**
 * Signed in = a `token` cookie exists (docs/spec-points.md §4). The `i` cookie carries the user's display
 * info; it is optional and validated, because a broken cookie must not break the header.
 */
const userCookieSchema = z.object({
  email: z.string(),
  first_name: z.string().optional().default(''),
  role: z.enum(['user', 'admin']).optional().catch(undefined),
});

export interface Session {
  email: string;
  firstName: string;
  /** 'admin' shows the admin screen's link; the server checks the role itself on every admin call. */
  role: 'user' | 'admin';
}

export function isSignedIn(): boolean {
  return getCookie(cookieNames.token) !== null;
}

/** The signed-in user's display info, or null when signed out. */
export function readSession(): Session | null {
  if (!isSignedIn()) return null;
  const raw = getCookie(cookieNames.user);
  let parsed: unknown = null;
  try {
    parsed = raw === null ? null : JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const result = userCookieSchema.safeParse(parsed);
  return result.success
    ? { email: result.data.email, firstName: result.data.first_name, role: result.data.role ?? 'user' }
    : { email: '', firstName: '', role: 'user' };
}

/**
 * Stores what a successful login returned: the token and user info cookies. The refresh token is
 * the server's HttpOnly cookie, set with the login response.
 */
export function storeSession(token: string, user: AuthUser): void {
  cookieTokenStore.setToken(token);
  setCookie(cookieNames.user, JSON.stringify(user), SESSION_COOKIE_DAYS);
  sessionChanged();
}

/** Forgets the session on this browser: the token, refresh token and user cookies. */
export function clearSession(): void {
  cookieTokenStore.clear();
  // A new sign-in in this tab must not find the previous session's lock screen.
  useLockStore.getState().unlock();
  try {
    window.sessionStorage.removeItem(PASSWORD_CHANGE_KEY);
  } catch {
    // storage disabled: nothing kept there
  }
  sessionChanged();
}

/** "Save email": remembered for 7 days, or forgotten when the box is unticked. */
export function rememberEmail(email: string | null): void {
  if (email === null) deleteCookie(cookieNames.savedEmail);
  else setCookie(cookieNames.savedEmail, email, REMEMBER_EMAIL_DAYS);
}

export function savedEmail(): string | null {
  return getCookie(cookieNames.savedEmail);
}

/**
 * A password change prompt is due after this login ('expired': older than 30 days and can be
 * postponed; 'temporary': a temporary password that must be changed). Kept for the tab only.
 */
export type PasswordChangeReason = 'expired' | 'temporary';
const PASSWORD_CHANGE_KEY = 'ceppro.passwordChange';

const passwordChangeListeners = new Set<() => void>();

export function setPasswordChangeDue(reason: PasswordChangeReason | null): void {
  try {
    if (reason === null) window.sessionStorage.removeItem(PASSWORD_CHANGE_KEY);
    else window.sessionStorage.setItem(PASSWORD_CHANGE_KEY, reason);
  } catch {
    // storage disabled: no prompt
  }
  for (const listener of passwordChangeListeners) listener();
}

/** For useSyncExternalStore: screens that must wait for the password prompt (the tutorial) re-render when it closes. */
export function subscribePasswordChangeDue(listener: () => void): () => void {
  passwordChangeListeners.add(listener);
  return () => passwordChangeListeners.delete(listener);
}

export function passwordChangeDue(): PasswordChangeReason | null {
  try {
    const value = window.sessionStorage.getItem(PASSWORD_CHANGE_KEY);
    return value === 'expired' || value === 'temporary' ? value : null;
  } catch {
    return null;
  }
}

/** After a profile change: the header shows the new name. */
export function updateStoredUser(user: AuthUser): void {
  if (!isSignedIn()) return;
  const { id, uuid, email, first_name, user_permission, user_type, role } = user;
  setCookie(cookieNames.user, JSON.stringify({ id, uuid, email, first_name, user_permission, user_type, role }), SESSION_COOKIE_DAYS);
  sessionChanged();
}
