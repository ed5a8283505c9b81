import { AUTH_LIMITS } from '@ceppro/contract';

/**
 * Session timings (docs/spec-points.md §4 and §9). The lock delay is ours: the spec says "after long
 * inactivity". Both can be overridden on one browser through localStorage (support and browser
 * tests), e.g. `localStorage['ceppro.lockAfterMs'] = '600000'`.
 */
export const LOGIN_CHECK_INTERVAL_MS = AUTH_LIMITS.loginCheckIntervalSeconds * 1000;
export const AUTO_LOGOUT_MS = AUTH_LIMITS.autoLogoutSeconds * 1000;
export const DEFAULT_LOCK_AFTER_MS = 30 * 60 * 1000;
export const REMEMBER_EMAIL_DAYS = AUTH_LIMITS.rememberEmailDays;

export const SESSION_OVERRIDE_KEYS = {
  loginCheckMs: 'ceppro.loginCheckMs',
  lockAfterMs: 'ceppro.lockAfterMs',
} as const;

function override(key: string, fallback: number): number {
  try {
    const raw = window.localStorage.getItem(key);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) && value >= 1000 ? value : fallback;
  } catch {
    return fallback;
  }
}

export function loginCheckIntervalMs(): number {
  return override(SESSION_OVERRIDE_KEYS.loginCheckMs, LOGIN_CHECK_INTERVAL_MS);
}

export function lockAfterMs(): number {
  return override(SESSION_OVERRIDE_KEYS.lockAfterMs, DEFAULT_LOCK_AFTER_MS);
}
