import type { ErrorCode } from '../errors';

/**
 * Every user-facing text of sign-up, sign-in and account screens, by stable key. zod schemas in this
 * folder carry the KEY as their issue message; the web app translates keys into its five languages
 * and the server replies with the English text below (and the key, so a client can translate it).
 *
 * `spec: true` texts are quoted word for word from the product spec (points 5 and 8) and must not
 * be reworded; the others are ours, written where the spec only names a message or gives no text.
 */
const MESSAGES = {
  // docs/spec-points.md §5, field rules.
  'auth.email.required': { en: 'Input email address.', spec: true },
  'auth.email.invalid': { en: 'Input correct email address.', spec: true },
  'auth.email.exists': { en: 'The email is already registered.', spec: false },
  'auth.email.checkRequired': { en: 'Check email duplicate.', spec: false },
  'auth.email.sameAsCurrent': { en: 'Same email as current.', spec: false },
  'auth.taxEmail.required': { en: 'Input email for tax invoice.', spec: true },
  'auth.taxEmail.invalid': { en: 'Input correct email address.', spec: false },
  'auth.name.required': { en: 'Input user name.', spec: true },
  'auth.name.invalid': { en: 'Input alphabets and number only.', spec: true },
  'auth.name.tooLong': { en: 'Input 30 characters or fewer.', spec: false },
  'auth.password.required': { en: 'Input password.', spec: true },
  'auth.password.invalid': { en: 'Input combining uppercase, lowercase, number and characters !@#$%^&+=()', spec: true },
  'auth.password.encoding': { en: 'The password is not encoded correctly.', spec: false },
  'auth.password.currentMismatch': { en: 'Not matching current password.', spec: false },
  'auth.password.sameAsCurrent': { en: 'Same as current password.', spec: false },
  'auth.confirmPassword.required': { en: 'Complete password verification.', spec: false },
  'auth.confirmPassword.mismatch': { en: 'Not same with input password.', spec: true },
  'auth.login.required': { en: 'Please input both of e-mail and password.', spec: true },
  'auth.mobile.required': { en: 'Please input the mobile phone number.', spec: true },
  'auth.mobile.invalid': { en: 'Please confirm the mobile phone number.', spec: true },
  'auth.mobile.sameAsCurrent': { en: 'Same phone number as current.', spec: false },
  'auth.mobile.verificationRequired': { en: 'Complete authentication.', spec: false },
  'auth.code.required': { en: 'Input the verification code.', spec: false },
  'auth.code.invalid': { en: 'The verification code has expired or is wrong.', spec: false },
  'auth.phone.required': { en: 'Input phone number', spec: true },
  'auth.phone.invalid': { en: 'Incorrect phone number', spec: true },
  'auth.fax.invalid': { en: 'Incorrect fax number', spec: true },
  'auth.tax.required': { en: 'Input the tax ID.', spec: true },
  'auth.tax.invalid': { en: 'Input correct tax ID.', spec: true },
  'auth.tax.verificationRequired': { en: 'Complete business number verification.', spec: false },
  // Sic: the spec gives this text for the company name rule.
  'auth.company.required': { en: 'Input the company address.', spec: true },
  'auth.company.tooLong': { en: 'Input 100 characters or fewer.', spec: false },
  'auth.address1.required': { en: 'Input the address.', spec: false },
  'auth.address2.required': { en: 'Input the detail address.', spec: true },
  'auth.address.tooLong': { en: 'Input 200 characters or fewer.', spec: false },
  'auth.zip.invalid': { en: 'Input correct zip code.', spec: false },
  'auth.birth.required': { en: 'Select birth date.', spec: false },
  'auth.birth.invalid': { en: 'Select a birth date from 1900-01-01 to today.', spec: false },
  'auth.gender.required': { en: 'Choose gender.', spec: false },
  'auth.userType.required': { en: 'Select user type.', spec: false },
  'auth.agreement.terms': { en: 'Agree to the terms of service.', spec: false },
  'auth.agreement.privacy': { en: 'Agree to the privacy policy.', spec: false },
  'auth.agreement.sso': { en: 'Agree to the single sign-on policy.', spec: false },
  'auth.license.required': { en: 'Choose a licence file to upload.', spec: false },
  'auth.license.type': { en: 'Upload a png, jpg or pdf file only.', spec: false },
  'auth.license.tooLarge': { en: 'The file is too large.', spec: false },
  'auth.token.invalid': { en: 'The verification has expired. Please verify again.', spec: false },
  'auth.refreshToken.required': { en: 'The refresh token is missing.', spec: false },
  'auth.link.invalid': { en: 'The link is not valid or has expired.', spec: false },

  // docs/spec-points.md §8, user messages.
  'auth.error.loginIncorrect': { en: 'The input information is not correct.', spec: true },
  'auth.error.loginLocked': { en: 'Login failed 10 times. An activation mail has been sent.', spec: false },
  'auth.error.emailNotAuthorized': { en: 'Email not authorized. Check the authentication email.', spec: false },
  'auth.error.duplicateLogin': { en: 'Duplicate Login!', spec: true },
  'auth.error.duplicateLoginUser': { en: 'Duplicate login user', spec: false },
  'auth.error.autoLogout': { en: 'You will be logged out in 3 seconds.', spec: false },
  'auth.error.sessionLoggedOut': { en: 'The current session has been logged out.', spec: false },
  'auth.error.ipChanged': {
    en:
      'The service is unavailable because the current IP differs from the previous one. Please confirm ' +
      'via the button in the emailed message.',
    spec: false,
  },
  'auth.error.expiredAccount': { en: 'Expired Account!', spec: true },
  'auth.error.wrongApproach': { en: 'The wrong approach.', spec: true },
  'auth.error.noMember': { en: 'No matching member information.', spec: false },
  'auth.error.adminAuthRequired': { en: 'The account requires administrator authentication.', spec: false },
  'auth.error.tooManyRequests': { en: 'Too many attempts. Please try again later.', spec: false },
  'auth.error.temporaryPasswordKeep': { en: 'A temporary password must be changed.', spec: false },

  // Notices the server returns on success (shown as toasts).
  'auth.notice.passwordChangeDue': { en: 'Your password is older than 30 days. Please change it.', spec: false },
  'auth.notice.activationMailSent': { en: 'An authentication mail has been sent. Check your mailbox.', spec: false },
  'auth.notice.temporaryPasswordSent': { en: 'A temporary password has been sent to your email.', spec: false },
  'auth.notice.emailChangeMailSent': { en: 'A confirmation mail has been sent to the new address.', spec: false },
} as const satisfies Record<string, { en: string; spec: boolean }>;

export type AuthMessageKey = keyof typeof MESSAGES;

export const AUTH_MESSAGE_KEYS = Object.keys(MESSAGES) as AuthMessageKey[];

/** Key -> English text; the server's reply language and the web app's `en` catalogue. */
export const AUTH_MESSAGES_EN = Object.fromEntries(AUTH_MESSAGE_KEYS.map((key) => [key, MESSAGES[key].en])) as Record<
  AuthMessageKey,
  string
>;

/** Keys whose English text is quoted from the spec (tests pin these). */
export const AUTH_SPEC_MESSAGE_KEYS = AUTH_MESSAGE_KEYS.filter((key) => MESSAGES[key].spec);

export function isAuthMessageKey(value: unknown): value is AuthMessageKey {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/** The message key the server sends with each error code it uses in the auth feature. */
export const AUTH_ERROR_MESSAGE_KEYS = {
  K006: 'auth.error.loginIncorrect',
  K007: 'auth.error.loginLocked',
  K013: 'auth.error.emailNotAuthorized',
  K016: 'auth.error.ipChanged',
  K017: 'auth.error.adminAuthRequired',
  K022: 'auth.code.invalid',
  K024: 'auth.error.expiredAccount',
  J005: 'auth.error.duplicateLogin',
  C001: 'auth.error.wrongApproach',
  M003: 'auth.error.noMember',
  M005: 'auth.email.exists',
  TOO_MANY_REQUESTS: 'auth.error.tooManyRequests',
  LINK_INVALID: 'auth.link.invalid',
} as const satisfies Partial<Record<ErrorCode, AuthMessageKey>>;
