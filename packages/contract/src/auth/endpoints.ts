import type { z } from 'zod';
import * as rq from './requests';
import * as rs from './responses';

interface EndpointDef {
  method: 'GET' | 'POST';
  path: string;
  /** public: no token; bearer: `Authorization: Bearer <token>`. */
  auth: 'public' | 'bearer';
  /** form: application/x-www-form-urlencoded; multipart: one `file` part; none: no body. */
  body: 'form' | 'json-or-form' | 'multipart' | 'none';
  request: z.ZodType | null;
  response: z.ZodType;
}

/**
 * Every endpoint of accounts, sign-in and sessions, for the web client and the tests. Each answers
 * `{ success: true, data }` with `response`, or `{ success: false, code, message, key?, field? }`.
 */
export const AUTH_ENDPOINTS = {
  checkEmailExist: {
    method: 'POST',
    path: '/public/check-email-exist',
    auth: 'public',
    body: 'form',
    request: rq.checkEmailExistRequestSchema,
    response: rs.checkEmailExistResponseSchema,
  },
  checkTaxValidation: {
    method: 'POST',
    path: '/public/check-taxvalidation',
    auth: 'public',
    body: 'form',
    request: rq.checkTaxValidationRequestSchema,
    response: rs.checkTaxValidationResponseSchema,
  },
  sendOtpSms: {
    method: 'POST',
    path: '/public/send-otp-sms',
    auth: 'public',
    body: 'form',
    request: rq.sendOtpSmsRequestSchema,
    response: rs.otpSentResponseSchema,
  },
  authSms: {
    method: 'POST',
    path: '/public/auth-sms',
    auth: 'public',
    body: 'form',
    request: rq.authSmsRequestSchema,
    response: rs.authSmsResponseSchema,
  },
  licenseUpload: {
    method: 'POST',
    path: '/public/license-upload',
    auth: 'public',
    body: 'multipart',
    request: null,
    response: rs.licenseUploadResponseSchema,
  },
  signUp: {
    method: 'POST',
    path: '/public/sign-up',
    auth: 'public',
    body: 'form',
    request: rq.signUpRequestSchema,
    response: rs.signUpResponseSchema,
  },
  login: {
    method: 'POST',
    path: '/public/login',
    auth: 'public',
    body: 'form',
    request: rq.loginRequestSchema,
    response: rs.loginResponseSchema,
  },
  resendAuthMail: {
    method: 'POST',
    path: '/public/resend-authmail',
    auth: 'public',
    body: 'form',
    request: rq.resendAuthMailRequestSchema,
    response: rs.resendAuthMailResponseSchema,
  },
  /** The mailed activation link opens GET ?token=..., a page whose button posts the token here. */
  confirmEmail: {
    method: 'POST',
    path: '/public/confirm-email',
    auth: 'public',
    body: 'form',
    request: rq.linkTokenRequestSchema,
    response: rs.emptyResponseSchema,
  },
  changeIpApproval: {
    method: 'POST',
    path: '/public/change-ip-approval',
    auth: 'public',
    body: 'form',
    request: rq.linkTokenRequestSchema,
    response: rs.emptyResponseSchema,
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/public/confirm-email-change',
    auth: 'public',
    body: 'form',
    request: rq.linkTokenRequestSchema,
    response: rs.emptyResponseSchema,
  },
  findId: {
    method: 'POST',
    path: '/public/find-id',
    auth: 'public',
    body: 'form',
    request: rq.findIdRequestSchema,
    response: rs.otpSentResponseSchema,
  },
  tfindId: {
    method: 'POST',
    path: '/public/tfind-id',
    auth: 'public',
    body: 'form',
    request: rq.tfindIdRequestSchema,
    response: rs.tfindIdResponseSchema,
  },
  findPw: {
    method: 'POST',
    path: '/public/find-pw',
    auth: 'public',
    body: 'form',
    request: rq.findPwRequestSchema,
    response: rs.otpSentResponseSchema,
  },
  tfindPw: {
    method: 'POST',
    path: '/public/tfind-pw',
    auth: 'public',
    body: 'form',
    request: rq.tfindPwRequestSchema,
    response: rs.tfindPwResponseSchema,
  },
  setTempPw: {
    method: 'POST',
    path: '/public/set-tempw',
    auth: 'public',
    body: 'form',
    request: rq.setTempPwRequestSchema,
    response: rs.setTempPwResponseSchema,
  },
  /** Needs no access token (it is usually expired when this is called); the refresh token is the credential. */
  refreshToken: {
    method: 'POST',
    path: '/api/refresh-token',
    auth: 'public',
    body: 'json-or-form',
    request: rq.refreshTokenRequestSchema,
    response: rs.refreshTokenResponseSchema,
  },
  check: { method: 'POST', path: '/api/check', auth: 'bearer', body: 'none', request: null, response: rs.checkResponseSchema },
  logout: { method: 'POST', path: '/api/logout', auth: 'bearer', body: 'none', request: null, response: rs.emptyResponseSchema },
  extendPw: { method: 'POST', path: '/api/extend-pw', auth: 'bearer', body: 'none', request: null, response: rs.extendPwResponseSchema },
  renterPassword: {
    method: 'POST',
    path: '/api/renter-password',
    auth: 'bearer',
    body: 'json-or-form',
    request: rq.renterPasswordRequestSchema,
    response: rs.renterPasswordResponseSchema,
  },
  userInfo: { method: 'GET', path: '/api/user-info', auth: 'bearer', body: 'none', request: null, response: rs.userProfileSchema },
  updateUserInfo: {
    method: 'POST',
    path: '/api/update-user/userinfo',
    auth: 'bearer',
    body: 'json-or-form',
    request: rq.updateUserInfoRequestSchema,
    response: rs.updateUserInfoResponseSchema,
  },
  updatePassword: {
    method: 'POST',
    path: '/api/update-user/identification',
    auth: 'bearer',
    body: 'json-or-form',
    request: rq.updatePasswordRequestSchema,
    response: rs.updatePasswordResponseSchema,
  },
  sendOtpSmsUpdate: {
    method: 'POST',
    path: '/api/send-otp-sms',
    auth: 'bearer',
    body: 'json-or-form',
    request: rq.updateMobileSendRequestSchema,
    response: rs.otpSentResponseSchema,
  },
  smsUpdateMobile: {
    method: 'POST',
    path: '/api/sms-update-mobile',
    auth: 'bearer',
    body: 'json-or-form',
    request: rq.updateMobileRequestSchema,
    response: rs.updateMobileResponseSchema,
  },
} as const satisfies Record<string, EndpointDef>;

export type AuthEndpointName = keyof typeof AUTH_ENDPOINTS;

/** Licence upload limits (docs/spec-points.md §5: png, jpg, pdf only). The server checks the bytes, not the name. */
export const LICENSE_UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  extensions: ['png', 'jpg', 'jpeg', 'pdf'],
  contentTypes: ['image/png', 'image/jpeg', 'application/pdf'],
} as const;

/** Business constants of docs/spec-points.md §9 that the client shows or uses. */
export const AUTH_LIMITS = {
  failedLoginLimit: 10,
  passwordAgeDays: 30,
  smsCodeTtlSeconds: 180,
  loginCheckIntervalSeconds: 60,
  autoLogoutSeconds: 3,
  rememberEmailDays: 7,
} as const;
