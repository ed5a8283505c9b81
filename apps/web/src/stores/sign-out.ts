import { AUTH_ENDPOINTS } from '@ceppro/contract';
import { api } from '../lib/api/index.ts';
import { clearSession } from './session.ts';

/**
 * Logout (docs/spec-points.md §4): tell the server, and forget the session on this browser at once, whatever
 * the server answers (the request has already read the token). The caller goes home.
 */
export function signOut(): Promise<void> {
  const request = api.call(AUTH_ENDPOINTS.logout, undefined, { background: true }).then(
    () => undefined,
    () => undefined,
  );
  clearSession();
  return request;
}
