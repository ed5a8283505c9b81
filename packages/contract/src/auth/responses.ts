import { z } from 'zod';
import { userRoleSchema } from '../admin';
import { userPermissionSchema, userTypeCdSchema } from '../user-type';

/**
 * `data` of each successful auth response (inside `{ success: true, data }`). Field names are
 * snake_case like the spec's user and token fields (token, refresh_token, first_name).
 */

/** The signed-in user as the header and cookies need it (docs/spec-points.md §3, User). */
export const authUserSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  user_permission: userPermissionSchema,
  user_type: userTypeCdSchema,
  /** 'admin' opens the admin screen; absent means 'user' (the server checks the role on every admin call). */
  role: userRoleSchema.optional(),
});

export type AuthUser = z.infer<typeof authUserSchema>;

/** Why the login asks for a new password: older than 30 days (can be postponed), or a temporary one. */
export const passwordChangeReasonSchema = z.enum(['expired', 'temporary']);

export const loginResponseSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  user: authUserSchema,
  password_change_required: z.boolean(),
  password_change_reason: passwordChangeReasonSchema.nullable(),
});

/**
 * POST /api/refresh-token. `refresh_token` answers a client that posted its refresh token; a
 * browser refreshing with its HttpOnly cookie gets only `token` (the new refresh token is set as
 * the cookie, where script cannot read it).
 */
export const refreshTokenResponseSchema = z.object({ token: z.string(), refresh_token: z.string().optional() });

export const checkResponseSchema = z.object({ user: authUserSchema });

export const checkEmailExistResponseSchema = z.object({
  exists: z.boolean(),
  /** Present when the email is free: sign-up must send it back as emailCheckToken. */
  email_check_token: z.string().nullable(),
});

export const checkTaxValidationResponseSchema = z.object({ valid: z.literal(true), tax_check_token: z.string() });

/** An SMS code was sent; it expires after `expires_in` seconds and can be re-requested. */
export const otpSentResponseSchema = z.object({ sent: z.literal(true), expires_in: z.number().int() });

export const authSmsResponseSchema = z.object({ mobile_token: z.string() });

export const licenseUploadResponseSchema = z.object({
  license_token: z.string(),
  content_type: z.enum(['image/png', 'image/jpeg', 'application/pdf']),
  size: z.number().int(),
});

/** `activation_mail_sent` is false when the mail server failed; the account exists and resend-authmail can retry. */
export const signUpResponseSchema = z.object({ email: z.string(), activation_mail_sent: z.boolean() });

/** Always the same answer, whether or not the email belongs to an account awaiting activation. */
export const resendAuthMailResponseSchema = z.object({ sent: z.literal(true) });

export const tfindIdResponseSchema = z.object({ email: z.string() });
export const tfindPwResponseSchema = z.object({ reset_token: z.string() });
export const setTempPwResponseSchema = z.object({ sent: z.literal(true) });

export const extendPwResponseSchema = z.object({ password_change_due_at: z.iso.datetime() });
export const renterPasswordResponseSchema = z.object({ valid: z.literal(true) });
export const updatePasswordResponseSchema = z.object({ changed: z.literal(true) });
export const emptyResponseSchema = z.object({});

/** The my-info page: everything the user entered at sign-up, minus secrets. */
export const userProfileSchema = authUserSchema.extend({
  mobile_number: z.string().nullable(),
  company_name: z.string().nullable(),
  tax_number: z.string().nullable(),
  tax_email: z.string().nullable(),
  phone_number: z.string().nullable(),
  fax_number: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  zip_code: z.string().nullable(),
  birth: z.string().nullable(),
  /** 0 male, 1 female, as the forms use it. */
  gender: z.union([z.literal(0), z.literal(1)]).nullable(),
  expires_at: z.iso.datetime().nullable(),
  password_change_due_at: z.iso.datetime(),
});

export type UserProfile = z.infer<typeof userProfileSchema>;

export const updateUserInfoResponseSchema = z.object({
  user: userProfileSchema,
  /** True when a confirmation link was mailed to a new email; the email changes when it is followed. */
  email_change_pending: z.boolean(),
});

export const updateMobileResponseSchema = z.object({ mobile_number: z.string() });
