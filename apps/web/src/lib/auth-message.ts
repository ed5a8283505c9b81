import { AUTH_ERROR_MESSAGE_KEYS, isAuthMessageKey, type AuthMessageKey } from '@ceppro/contract';
import { isApiError } from './api/api-error.ts';

/**
 * The message key to show for a failed auth call, or null when nothing should be shown (the
 * interceptor already alerted, or the failure says nothing the user can act on).
 */
export function authMessageKeyOf(error: unknown): AuthMessageKey | null {
  if (!isApiError(error) || error.handled) return null;
  if (isAuthMessageKey(error.key)) return error.key;
  const byCode: Partial<Record<string, AuthMessageKey>> = AUTH_ERROR_MESSAGE_KEYS;
  return byCode[error.code] ?? null;
}

/** The form field a failure is about, when the server named one. */
export function errorFieldOf(error: unknown): string | null {
  return isApiError(error) ? error.field : null;
}
