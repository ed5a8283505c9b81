import { z } from 'zod';
import { cookieNames } from '../config/cookies.ts';
import { deleteCookie, getCookie } from './cookies.ts';

/**
 * Signed in = a `token` cookie exists (spec point 4). The `i` cookie carries the user's display
 * info; it is optional and validated, because a broken cookie must not break the header.
 */
const userCookieSchema = z.object({
  email: z.string(),
  first_name: z.string().optional().default(''),
});

export interface Session {
  email: string;
  firstName: string;
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
    ? { email: result.data.email, firstName: result.data.first_name }
    : { email: '', firstName: '' };
}

/** Forgets the session on this browser: the token, refresh token and user cookies. */
export function clearSession(): void {
  deleteCookie(cookieNames.token);
  deleteCookie(cookieNames.refreshToken);
  deleteCookie(cookieNames.user);
}
