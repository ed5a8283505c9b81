import { z } from 'zod';
import {
  address1Schema,
  address2Schema,
  agreementSchema,
  anyPasswordSchema,
  birthSchema,
  companyNameSchema,
  emailField,
  emailSchema,
  faxSchema,
  faxValueSchema,
  genderSchema,
  mobileSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  smsCodeSchema,
  taxEmailSchema,
  taxIdSchema,
  tokenSchema,
  userTypeSchema,
  zipCodeSchema,
  zipCodeValueSchema,
} from './fields';
import type { AuthMessageKey } from './messages';
import { encodedPasswordSchema } from './password-encoding';

/**
 * Request bodies of the auth endpoints, as the server parses them. /public bodies are
 * form-encoded (every value a string); /api bodies may be JSON or form. Passwords are base64 on the
 * wire (encodePassword). Field names follow docs/spec-points.md §3 (camelCase).
 */

const confirmKey: AuthMessageKey = 'auth.confirmPassword.mismatch';

export const checkEmailExistRequestSchema = z.object({ email: emailSchema });
export const checkTaxValidationRequestSchema = z.object({ taxNumber: taxIdSchema });
export const sendOtpSmsRequestSchema = z.object({ mobileNumber: mobileSchema });
export const authSmsRequestSchema = z.object({ mobileNumber: mobileSchema, code: smsCodeSchema });

/** The detail fields a person types at sign-up, shared by the web form and the wire schema. */
const signUpDetailFields = {
  agreeTerms: agreementSchema('auth.agreement.terms'),
  agreePrivacy: agreementSchema('auth.agreement.privacy'),
  agreeSso: agreementSchema('auth.agreement.sso'),
  userType: userTypeSchema,
  email: emailSchema,
  name: nameSchema,
  mobileNumber: mobileSchema,
  companyName: companyNameSchema,
  taxNumber: taxIdSchema,
  taxEmail: taxEmailSchema,
  phoneNumber: phoneSchema,
  faxNumber: faxSchema,
  address1: address1Schema,
  address2: address2Schema,
  zipCode: zipCodeSchema,
  birth: birthSchema,
  gender: genderSchema,
};

/**
 * Proofs from the earlier steps of the form: the duplicate check, business number verification,
 * mobile verification by code and (optionally) the uploaded licence. Each is a short-lived token the
 * server issued for exactly that email / tax number / mobile number.
 */
const signUpProofFields = {
  emailCheckToken: tokenSchema('auth.email.checkRequired'),
  taxCheckToken: tokenSchema('auth.tax.verificationRequired'),
  mobileToken: tokenSchema('auth.mobile.verificationRequired'),
  licenseToken: tokenSchema('auth.token.invalid').optional(),
};

function confirmMatches(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (value.password !== value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: confirmKey });
}

/** What the web form validates (plain passwords, no proofs yet). */
export const signUpFormSchema = z
  .object({
    ...signUpDetailFields,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'auth.confirmPassword.required' }).min(1, 'auth.confirmPassword.required'),
  })
  .superRefine(confirmMatches);

/** POST /public/sign-up (form-encoded). */
export const signUpRequestSchema = z
  .object({
    ...signUpDetailFields,
    ...signUpProofFields,
    password: encodedPasswordSchema(passwordSchema),
    confirmPassword: encodedPasswordSchema(z.string(), 'auth.confirmPassword.required'),
  })
  .superRefine(confirmMatches);

/** POST /public/login: both fields required with the one spec message; a malformed email is refused before any lookup. */
export const loginRequestSchema = z.object({
  email: emailField('auth.login.required', 'auth.email.invalid'),
  password: encodedPasswordSchema(anyPasswordSchema, 'auth.login.required'),
});

export const resendAuthMailRequestSchema = z.object({ email: emailSchema });

/** Mailed-link confirmations (activation, IP approval, email change) post the token from the link. */
export const linkTokenRequestSchema = z.object({ token: tokenSchema('auth.link.invalid') });

export const findIdRequestSchema = z.object({ name: nameSchema, mobileNumber: mobileSchema });
export const tfindIdRequestSchema = z.object({ name: nameSchema, mobileNumber: mobileSchema, code: smsCodeSchema });
export const findPwRequestSchema = z.object({ email: emailSchema, name: nameSchema, mobileNumber: mobileSchema });
export const tfindPwRequestSchema = z.object({ email: emailSchema, mobileNumber: mobileSchema, code: smsCodeSchema });
export const setTempPwRequestSchema = z.object({ resetToken: tokenSchema('auth.token.invalid') });

export const refreshTokenRequestSchema = z.object({ refreshToken: tokenSchema('auth.refreshToken.required') });

/** POST /api/renter-password: unlock the lock screen with the account password. */
export const renterPasswordRequestSchema = z.object({ password: encodedPasswordSchema(anyPasswordSchema) });

/** POST /api/update-user/identification: change password. */
export const updatePasswordRequestSchema = z
  .object({
    currentPassword: encodedPasswordSchema(anyPasswordSchema),
    password: encodedPasswordSchema(passwordSchema),
    confirmPassword: encodedPasswordSchema(z.string(), 'auth.confirmPassword.required'),
  })
  .superRefine(confirmMatches);

/**
 * POST /api/update-user/userinfo: any subset of the profile. Send `email` only to change it (it must
 * differ from the current one); it is not applied until the link mailed to it is followed. Send
 * `taxNumber` only to change it, with a fresh `taxCheckToken` from business number verification.
 */
export const updateUserInfoRequestSchema = z
  .object({
    email: emailSchema.optional(),
    name: nameSchema.optional(),
    userType: userTypeSchema.optional(),
    companyName: companyNameSchema.optional(),
    taxNumber: taxIdSchema.optional(),
    taxCheckToken: tokenSchema('auth.tax.verificationRequired').optional(),
    taxEmail: taxEmailSchema.optional(),
    phoneNumber: phoneSchema.optional(),
    faxNumber: faxValueSchema.optional(),
    address1: address1Schema.optional(),
    address2: address2Schema.optional(),
    zipCode: zipCodeValueSchema.optional(),
    birth: birthSchema.optional(),
    gender: genderSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.taxNumber !== undefined && value.taxCheckToken === undefined) {
      ctx.addIssue({ code: 'custom', path: ['taxCheckToken'], message: 'auth.tax.verificationRequired' satisfies AuthMessageKey });
    }
  });

export const updateMobileSendRequestSchema = z.object({ mobileNumber: mobileSchema });
export const updateMobileRequestSchema = z.object({ mobileNumber: mobileSchema, code: smsCodeSchema });

export type SignUpForm = z.input<typeof signUpFormSchema>;
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type UpdateUserInfoRequest = z.input<typeof updateUserInfoRequestSchema>;
export type UpdatePasswordRequest = z.input<typeof updatePasswordRequestSchema>;
