import { AUTH_ENDPOINTS as E, encodePassword } from '@ceppro/contract';
import { api } from '../../../lib/api/index.ts';

/** The login check (every 60 s). J005 comes back to the caller: it shows its own notice. */
export async function checkLogin() {
  return api.call(E.check, undefined, { passThrough: ['J005'] });
}

/** "Change after 30 days": postpones the password age notice. */
export async function extendPassword() {
  return api.call(E.extendPw);
}

/** Re-enter the account password to unlock the lock screen. */
export async function reenterPassword(password: string) {
  return api.call(E.renterPassword, { password: encodePassword(password) });
}
