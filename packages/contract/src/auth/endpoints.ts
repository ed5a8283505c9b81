import { endpoint } from '../endpoint';
import * as rq from './requests';
import * as rs from './responses';

/** The mailed links' paths: each serves a GET page and the POST its button sends. */
const LINK_PATHS = {
  confirmEmail: '/public/confirm-email',
  changeIpApproval: '/public/change-ip-approval',
  confirmEmailChange: '/public/confirm-email-change',
} as const;

/**
 * Every endpoint of accounts, sign-in and sessions, for the web client and the tests. Each answers
 * `{ success: true, data }` with `response`, or `{ success: false, code, message, key?, field? }`.
 */
export const AUTH_ENDPOINTS = {
  checkEmailExist: endpoint({
    method: 'POST',
    path: '/public/check-email-exist',
    auth: 'public',
    body: 'form',
    request: rq.checkEmailExistRequestSchema,
    response: rs.checkEmailExistResponseSchema,
    idempotent: true,
  }),
  checkTaxValidation: endpoint({
    method: 'POST',
    path: '/public/check-taxvalidation',
    auth: 'public',
    body: 'form',
    request: rq.checkTaxValidationRequestSchema,
    response: rs.checkTaxValidationResponseSchema,
    idempotent: true,
  }),
  sendOtpSms: endpoint({
    method: 'POST',
    path: '/public/send-otp-sms',
    auth: 'public',
    body: 'form',
    request: rq.sendOtpSmsRequestSchema,
    response: rs.otpSentResponseSchema,
  }),
  authSms: endpoint({
    method: 'POST',
    path: '/public/auth-sms',
    auth: 'public',
    body: 'form',
    request: rq.authSmsRequestSchema,
    response: rs.authSmsResponseSchema,
  }),
  licenseUpload: endpoint({
    method: 'POST',
    path: '/public/license-upload',
    auth: 'public',
    body: 'form',
    response: rs.licenseUploadResponseSchema,
  }),
  signUp: endpoint({
    method: 'POST',
    path: '/public/sign-up',
    auth: 'public',
    body: 'form',
    request: rq.signUpRequestSchema,
    response: rs.signUpResponseSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/public/login',
    auth: 'public',
    body: 'form',
    request: rq.loginRequestSchema,
    response: rs.loginResponseSchema,
  }),
  resendAuthMail: endpoint({
    method: 'POST',
    path: '/public/resend-authmail',
    auth: 'public',
    body: 'form',
    request: rq.resendAuthMailRequestSchema,
    response: rs.resendAuthMailResponseSchema,
  }),
  /** The mailed activation link opens GET ?token=..., a page whose button posts the token here. */
  confirmEmail: endpoint({
    method: 'POST',
    path: LINK_PATHS.confirmEmail,
    auth: 'public',
    body: 'form',
    request: rq.linkTokenRequestSchema,
    response: rs.emptyResponseSchema,
  }),
  /** The mailed links' pages (GET `?token=`): HTML with a confirm button that posts the token to the same path. */
  confirmEmailPage: endpoint({ method: 'GET', path: LINK_PATHS.confirmEmail, auth: 'public', answer: 'file', response: 'text/html' }),
  changeIpApprovalPage: endpoint({
    method: 'GET',
    path: LINK_PATHS.changeIpApproval,
    auth: 'public',
    answer: 'file',
    response: 'text/html',
  }),
  confirmEmailChangePage: endpoint({
    method: 'GET',
    path: LINK_PATHS.confirmEmailChange,
    auth: 'public',
    answer: 'file',
    response: 'text/html',
  }),
  changeIpApproval: endpoint({
    method: 'POST',
    path: LINK_PATHS.changeIpApproval,
    auth: 'public',
    body: 'form',
    request: rq.linkTokenRequestSchema,
    response: rs.emptyResponseSchema,
  }),
  confirmEmailChange: endpoint({
    method: 'POST',
    path: LINK_PATHS.confirmEmailChange,
    auth: 'public',
    body: 'form',
    request: rq.linkTokenRequestSchema,
    response: rs.emptyResponseSchema,
  }),
  findId: endpoint({
    method: 'POST',
    path: '/public/find-id',
    auth: 'public',
    body: 'form',
    request: rq.findIdRequestSchema,
    response: rs.otpSentResponseSchema,
  }),
  tfindId: endpoint({
    method: 'POST',
    path: '/public/tfind-id',
    auth: 'public',
    body: 'form',
    request: rq.tfindIdRequestSchema,
    response: rs.tfindIdResponseSchema,
  }),
  findPw: endpoint({
    method: 'POST',
    path: '/public/find-pw',
    auth: 'public',
    body: 'form',
    request: rq.findPwRequestSchema,
    response: rs.otpSentResponseSchema,
  }),
  tfindPw: endpoint({
    method: 'POST',
    path: '/public/tfind-pw',
    auth: 'public',
    body: 'form',
    request: rq.tfindPwRequestSchema,
    response: rs.tfindPwResponseSchema,
  }),
  setTempPw: endpoint({
    method: 'POST',
    path: '/public/set-tempw',
    auth: 'public',
    body: 'form',
    request: rq.setTempPwRequestSchema,
    response: rs.setTempPwResponseSchema,
  }),
  /**
   * Needs no access token (it is usually expired when this is called); the refresh token is the credential:
   * the HttpOnly cookie, or `refreshToken` in the body for API clients without cookies.
   */
  refreshToken: endpoint({
    method: 'POST',
    path: '/api/refresh-token',
    auth: 'refresh',
    request: rq.refreshTokenRequestSchema,
    response: rs.refreshTokenResponseSchema,
  }),
  check: endpoint({ method: 'POST', path: '/api/check', auth: 'user', response: rs.checkResponseSchema, idempotent: true }),
  logout: endpoint({ method: 'POST', path: '/api/logout', auth: 'user', response: rs.emptyResponseSchema }),
  extendPw: endpoint({ method: 'POST', path: '/api/extend-pw', auth: 'user', response: rs.extendPwResponseSchema }),
  renterPassword: endpoint({
    method: 'POST',
    path: '/api/renter-password',
    auth: 'user',
    request: rq.renterPasswordRequestSchema,
    response: rs.renterPasswordResponseSchema,
  }),
  userInfo: endpoint({ method: 'GET', path: '/api/user-info', auth: 'user', response: rs.userProfileSchema }),
  updateUserInfo: endpoint({
    method: 'POST',
    path: '/api/update-user/userinfo',
    auth: 'user',
    request: rq.updateUserInfoRequestSchema,
    response: rs.updateUserInfoResponseSchema,
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/api/update-user/identification',
    auth: 'user',
    request: rq.updatePasswordRequestSchema,
    response: rs.updatePasswordResponseSchema,
  }),
  sendOtpSmsUpdate: endpoint({
    method: 'POST',
    path: '/api/send-otp-sms',
    auth: 'user',
    request: rq.updateMobileSendRequestSchema,
    response: rs.otpSentResponseSchema,
  }),
  smsUpdateMobile: endpoint({
    method: 'POST',
    path: '/api/sms-update-mobile',
    auth: 'user',
    request: rq.updateMobileRequestSchema,
    response: rs.updateMobileResponseSchema,
  }),
} as const;

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
