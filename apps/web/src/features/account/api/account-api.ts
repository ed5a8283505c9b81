import {
  AUTH_ENDPOINTS as E,
  encodePassword,
  otpSentResponseSchema,
  updateMobileResponseSchema,
  updatePasswordResponseSchema,
  updateUserInfoResponseSchema,
  userProfileSchema,
} from '@ceppro/contract';
import { api, type Fields } from '../../../lib/api/index.ts';

/** The signed-in user's account endpoints (docs/spec-points.md §7, bearer). */

export async function fetchUserInfo() {
  return userProfileSchema.parse(await api.get(E.userInfo.path, { auth: true }));
}

export async function updateUserInfo(fields: Fields) {
  return updateUserInfoResponseSchema.parse(await api.post(E.updateUserInfo.path, fields, { auth: true }));
}

export async function updatePassword(currentPassword: string, password: string, confirmPassword: string) {
  const body = {
    currentPassword: encodePassword(currentPassword),
    password: encodePassword(password),
    confirmPassword: encodePassword(confirmPassword),
  };
  return updatePasswordResponseSchema.parse(await api.post(E.updatePassword.path, body, { auth: true }));
}

export async function sendMobileCode(mobileNumber: string): Promise<number> {
  return otpSentResponseSchema.parse(await api.post(E.sendOtpSmsUpdate.path, { mobileNumber }, { auth: true })).expires_in;
}

export async function updateMobile(mobileNumber: string, code: string) {
  return updateMobileResponseSchema.parse(await api.post(E.smsUpdateMobile.path, { mobileNumber, code }, { auth: true }));
}
