import { AUTH_ENDPOINTS as E, encodePassword } from '@ceppro/contract';
import { api, type InputOf } from '../../../lib/api/index.ts';

/** The signed-in user's account endpoints (docs/spec-points.md §7, bearer). */

export async function fetchUserInfo(signal?: AbortSignal) {
  return api.call(E.userInfo, undefined, { signal });
}

export async function updateUserInfo(fields: InputOf<typeof E.updateUserInfo>) {
  return api.call(E.updateUserInfo, fields);
}

export async function updatePassword(currentPassword: string, password: string, confirmPassword: string) {
  return api.call(E.updatePassword, {
    currentPassword: encodePassword(currentPassword),
    password: encodePassword(password),
    confirmPassword: encodePassword(confirmPassword),
  });
}

export async function sendMobileCode(mobileNumber: string): Promise<number> {
  return (await api.call(E.sendOtpSmsUpdate, { mobileNumber })).expires_in;
}

export async function updateMobile(mobileNumber: string, code: string) {
  return api.call(E.smsUpdateMobile, { mobileNumber, code });
}
