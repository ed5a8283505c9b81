import { AUTH_ENDPOINTS as E, encodePassword } from '@ceppro/contract';
import { api, type InputOf } from '../../../lib/api/index.ts';

/** The public auth endpoints (docs/spec-points.md §7); the client checks each answer against the contract. */

export async function login(email: string, password: string) {
  return api.call(E.login, { email, password: encodePassword(password) });
}

export async function checkEmailExist(email: string) {
  return api.call(E.checkEmailExist, { email });
}

export async function checkTaxValidation(taxNumber: string) {
  return api.call(E.checkTaxValidation, { taxNumber });
}

/** Sends a sign-up verification code; resolves with its lifetime in seconds. */
export async function sendOtpSms(mobileNumber: string): Promise<number> {
  return (await api.call(E.sendOtpSms, { mobileNumber })).expires_in;
}

export async function authSms(mobileNumber: string, code: string): Promise<string> {
  return (await api.call(E.authSms, { mobileNumber, code })).mobile_token;
}

export async function uploadLicense(file: File) {
  return api.call(E.licenseUpload, { file });
}

/** The sign-up form's fields with the passwords in clear; they travel encoded. */
export async function signUp(fields: InputOf<typeof E.signUp>) {
  return api.call(E.signUp, {
    ...fields,
    password: encodePassword(fields.password),
    confirmPassword: encodePassword(fields.confirmPassword),
  });
}

export async function resendAuthMail(email: string) {
  return api.call(E.resendAuthMail, { email });
}

/** Find email, step 1: name and mobile number -> a code by SMS. */
export async function findId(name: string, mobileNumber: string): Promise<number> {
  return (await api.call(E.findId, { name, mobileNumber })).expires_in;
}

/** Find email, step 2: the code -> the account's email. */
export async function tfindId(name: string, mobileNumber: string, code: string): Promise<string> {
  return (await api.call(E.tfindId, { name, mobileNumber, code })).email;
}

export async function findPw(email: string, name: string, mobileNumber: string): Promise<number> {
  return (await api.call(E.findPw, { email, name, mobileNumber })).expires_in;
}

export async function tfindPw(email: string, mobileNumber: string, code: string): Promise<string> {
  return (await api.call(E.tfindPw, { email, mobileNumber, code })).reset_token;
}

/** Mails a temporary password for the verified reset. */
export async function setTempPw(resetToken: string) {
  return api.call(E.setTempPw, { resetToken });
}
