import {
  AUTH_ENDPOINTS as E,
  checkResponseSchema,
  encodePassword,
  extendPwResponseSchema,
  renterPasswordResponseSchema,
} from '@ceppro/contract';
import { api } from '../../../lib/api/index.ts';

/** The login check (every 60 s). J005 comes back to the caller: it shows its own notice. */
export async function checkLogin() {
  return checkResponseSchema.parse(await api.post(E.check.path, {}, { auth: true, passThrough: ['J005'], idempotent: true }));
}

/** "Change after 30 days": postpones the password age notice. */
export async function extendPassword() {
  return extendPwResponseSchema.parse(await api.post(E.extendPw.path, {}, { auth: true }));
}

/** Re-enter the account password to unlock the lock screen. */
export async function reenterPassword(password: string) {
  return renterPasswordResponseSchema.parse(await api.post(E.renterPassword.path, { password: encodePassword(password) }, { auth: true }));
}
