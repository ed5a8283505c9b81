import { z } from 'zod';
import { CALENDAR_DATE_PATTERN, isCalendarDate } from '../calendar-date';
import { userTypeCdSchema } from '../user-type';
import type { AuthMessageKey } from './messages';

/**
 * Field validators shared by the web forms and the server. Every issue message is an
 * AuthMessageKey (see messages.ts), never display text. Each field refuses a missing value, a
 * value of the wrong type (form bodies can carry arrays) and an over-long value with its own key.
 */
const key = (k: AuthMessageKey) => k;

/** A required string: absent, non-string and blank all give `required`. */
function requiredString(required: AuthMessageKey) {
  return z
    .string({ error: key(required) })
    .trim()
    .min(1, key(required));
}

// Deliberately simple: one @, no spaces, a dot in the domain. Real validation is the mail link.
const EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function emailField(required: AuthMessageKey = 'auth.email.required', invalid: AuthMessageKey = 'auth.email.invalid') {
  return requiredString(required)
    .max(254, key(invalid))
    .regex(EMAIL_PATTERN, key(invalid))
    .transform((v) => v.toLowerCase());
}

export const emailSchema = emailField();
export const taxEmailSchema = emailField('auth.taxEmail.required', 'auth.taxEmail.invalid');

/** Letters (any script, so Hangul names pass) and digits, no spaces or symbols. */
export const nameSchema = requiredString('auth.name.required')
  .max(30, key('auth.name.tooLong'))
  .regex(/^[\p{L}\p{N}]+$/u, key('auth.name.invalid'));

export const PASSWORD_SPECIALS = '!@#$%^&+=()';

/** 8-24 characters from letters, digits and !@#$%^&+=(), with at least one of each kind. */
export function isValidPassword(value: string): boolean {
  return (
    /^[A-Za-z0-9!@#$%^&+=()]{8,24}$/.test(value) &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value) &&
    /[!@#$%^&+=()]/.test(value)
  );
}

// Not trimmed: spaces are characters of a password (and are refused by the rule, not silently cut).
export const passwordSchema = z
  .string({ error: key('auth.password.required') })
  .min(1, key('auth.password.required'))
  .refine(isValidPassword, key('auth.password.invalid'));

/** Any non-empty password (sign-in, re-entry): old accounts may predate the rule. */
export const anyPasswordSchema = z
  .string({ error: key('auth.password.required') })
  .min(1, key('auth.password.required'))
  .max(128, key('auth.password.invalid'));

/** Digits only: hyphens and spaces are presentation. */
export function digitsOf(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Korean mobile: 010/011/016/017/018/019, then 3-4 and 4 digits; hyphens optional; max 11 digits. */
export const MOBILE_PATTERN = /^01[016789]-?\d{3,4}-?\d{4}$/;

export function isValidMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value.trim()) && digitsOf(value).length <= 11;
}

/** Normalised to digits, the form stored and sent to the SMS gateway. */
export const mobileSchema = requiredString('auth.mobile.required')
  .max(13, key('auth.mobile.invalid'))
  .refine(isValidMobile, key('auth.mobile.invalid'))
  .transform(digitsOf);

/** Landline or mobile: an area code (02, 031-064, 070, 01x) then 3-4 and 4 digits. */
export const PHONE_PATTERN = /^0(2|[3-6][1-5]|70|1[016789])-?\d{3,4}-?\d{4}$/;

export const phoneSchema = requiredString('auth.phone.required')
  .max(14, key('auth.phone.invalid'))
  .regex(PHONE_PATTERN, key('auth.phone.invalid'))
  .transform(digitsOf);

/** A fax value: blank means "no fax" (null). */
export const faxValueSchema = z
  .string({ error: key('auth.fax.invalid') })
  .trim()
  .max(14, key('auth.fax.invalid'))
  .refine((v) => v === '' || PHONE_PATTERN.test(v), key('auth.fax.invalid'))
  .transform((v) => (v === '' ? null : digitsOf(v)));

/** Optional at sign-up: blank or absent means no fax. */
export const faxSchema = faxValueSchema.optional().transform((v) => v ?? null);

const TAX_WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5] as const;

/**
 * Korean business registration number check: 10 digits (hyphens ignored); the weighted sum of the
 * first nine with weights 1,3,7,1,3,7,1,3,5, plus floor(9th digit * 5 / 10), gives the 10th digit
 * as (10 - sum mod 10) mod 10.
 */
export function isValidTaxId(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  let sum = 0;
  TAX_WEIGHTS.forEach((w, i) => {
    sum += (d[i] ?? 0) * w;
  });
  sum += Math.floor(((d[8] ?? 0) * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

export const taxIdSchema = requiredString('auth.tax.required')
  .max(12, key('auth.tax.invalid'))
  .refine(isValidTaxId, key('auth.tax.invalid'))
  .transform(digitsOf);

export const companyNameSchema = requiredString('auth.company.required').max(100, key('auth.company.tooLong'));
export const address1Schema = requiredString('auth.address1.required').max(200, key('auth.address.tooLong'));
export const address2Schema = requiredString('auth.address2.required').max(200, key('auth.address.tooLong'));

/** Korean 5-digit codes and the older 6-digit 123-456 form; blank means none (null). */
export const zipCodeValueSchema = z
  .string({ error: key('auth.zip.invalid') })
  .trim()
  .regex(/^(\d{5}|\d{3}-?\d{3})?$/, key('auth.zip.invalid'))
  .transform((v) => (v === '' ? null : v));

/** Optional at sign-up (the address search fills it). */
export const zipCodeSchema = zipCodeValueSchema.optional().transform((v) => v ?? null);

export const MIN_BIRTH_DATE = '1900-01-01';

/** Today as yyyy-mm-dd in the runtime's time zone (the browser's for forms). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** yyyy-mm-dd, a real calendar date, from 1900-01-01 to today. */
export const birthSchema = requiredString('auth.birth.required')
  .regex(CALENDAR_DATE_PATTERN, key('auth.birth.invalid'))
  .refine((v) => isCalendarDate(v) && v >= MIN_BIRTH_DATE && v <= todayIso(), key('auth.birth.invalid'));

/** Forms send 0 (male) or 1 (female); stored as a boolean, true = female (docs/spec-points.md §3). */
export const genderSchema = z
  .union([z.enum(['0', '1']), z.literal(0), z.literal(1)], { error: key('auth.gender.required') })
  .transform((v) => String(v) === '1');

export const userTypeSchema = z.enum(userTypeCdSchema.options, { error: key('auth.userType.required') });

const AGREED = new Set<unknown>([true, 'true', '1', 'Y', 'y', 'on']);

/** A required agreement checkbox: form bodies send "true" (or 1, Y, on); anything else is refusal. */
export function agreementSchema(message: AuthMessageKey) {
  return z
    .unknown()
    .refine((v) => AGREED.has(v), key(message))
    .transform((): true => true);
}

/** The 6-digit code sent by SMS. */
export const smsCodeSchema = requiredString('auth.code.required').regex(/^\d{6}$/, key('auth.code.invalid'));

/** An opaque token the server issued (verification proofs, refresh tokens). */
export function tokenSchema(required: AuthMessageKey) {
  return z
    .string({ error: key(required) })
    .trim()
    .min(1, key(required))
    .max(1024, key(required))
    .regex(/^[A-Za-z0-9._~+/=-]+$/, key(required));
}
