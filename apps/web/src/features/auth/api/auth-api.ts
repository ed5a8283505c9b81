import {
  AUTH_ENDPOINTS as E,
  authSmsResponseSchema,
  checkEmailExistResponseSchema,
  checkTaxValidationResponseSchema,
  encodePassword,
  licenseUploadResponseSchema,
  loginResponseSchema,
  otpSentResponseSchema,
  resendAuthMailResponseSchema,
  setTempPwResponseSchema,
  signUpResponseSchema,
  tfindIdResponseSchema,
  tfindPwResponseSchema,
} from '@ceppro/contract';
import { api, type Fields } from '../../../lib/api/index.ts';

/** The public auth endpoints (docs/spec-points.md §7), with responses checked against the contract. */

export async function login(email: string, password: string) {
  return loginResponseSchema.parse(await api.post(E.login.path, { email, password: encodePassword(password) }));
}

export async function checkEmailExist(email: string) {
  return checkEmailExistResponseSchema.parse(await api.post(E.checkEmailExist.path, { email }, { idempotent: true }));
}

export async function checkTaxValidation(taxNumber: string) {
  return checkTaxValidationResponseSchema.parse(await api.post(E.checkTaxValidation.path, { taxNumber }, { idempotent: true }));
}

/** Sends a sign-up verification code; resolves with its lifetime in seconds. */
export async function sendOtpSms(mobileNumber: string): Promise<number> {
  return otpSentResponseSchema.parse(await api.post(E.sendOtpSms.path, { mobileNumber })).expires_in;
}

export async function authSms(mobileNumber: string, code: string): Promise<string> {
  return authSmsResponseSchema.parse(await api.post(E.authSms.path, { mobileNumber, code })).mobile_token;
}

export async function uploadLicense(file: File) {
  return licenseUploadResponseSchema.parse(await api.post(E.licenseUpload.path, { file }));
}

export interface SignUpSubmission extends Fields {
  password: string;
  confirmPassword: string;
}

export async function signUp(fields: SignUpSubmission) {
  const body: Fields = {
    ...fields,
    password: encodePassword(fields.password),
    confirmPassword: encodePassword(fields.confirmPassword),
  };
  return signUpResponseSchema.parse(await api.post(E.signUp.path, body));
}

export async function resendAuthMail(email: string) {
  return resendAuthMailResponseSchema.parse(await api.post(E.resendAuthMail.path, { email }));
}

/** Find email, step 1: name and mobile number -> a code by SMS. */
export async function findId(name: string, mobileNumber: string): Promise<number> {
  return otpSentResponseSchema.parse(await api.post(E.findId.path, { name, mobileNumber })).expires_in;
}

/** Find email, step 2: the code -> the account's email. */
export async function tfindId(name: string, mobileNumber: string, code: string): Promise<string> {
  return tfindIdResponseSchema.parse(await api.post(E.tfindId.path, { name, mobileNumber, code })).email;
}

export async function findPw(email: string, name: string, mobileNumber: string): Promise<number> {
  return otpSentResponseSchema.parse(await api.post(E.findPw.path, { email, name, mobileNumber })).expires_in;
}

export async function tfindPw(email: string, mobileNumber: string, code: string): Promise<string> {
  return tfindPwResponseSchema.parse(await api.post(E.tfindPw.path, { email, mobileNumber, code })).reset_token;
}

/** Mails a temporary password for the verified reset. */
export async function setTempPw(resetToken: string) {
  return setTempPwResponseSchema.parse(await api.post(E.setTempPw.path, { resetToken }));
}
