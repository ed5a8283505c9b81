import type { UserPermission, UserRole, UserTypeCd } from '@ceppro/contract';
import { DEFAULT_USER_PERMISSION } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { createdAt, deletedAt, timestamptz, updatedAt } from './columns';

/**
 * Account lifecycle (docs/spec-points.md §4): registered and waiting for the mail link, active, waiting for an
 * administrator, or locked after too many failed logins. Expiry is `expires_at`, not a status, so an
 * account can expire in any state.
 */
export const USER_STATUSES = ['pending_email', 'active', 'pending_admin', 'locked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    /** "Change after 30 days": the 30-day change prompt is postponed until this time. */
    passwordReminderAt: timestamptz('password_reminder_at'),
    /** Set by the find-password flow: the mailed temporary password must be changed at next login. */
    passwordTemporary: boolean('password_temporary').notNull().default(false),
    userTypeCd: text('user_type_cd').$type<UserTypeCd>().notNull(),
    userPermission: jsonb('user_permission').$type<UserPermission>().notNull().default(DEFAULT_USER_PERMISSION),
    status: text('status').$type<UserStatus>().notNull().default('pending_email'),
    /** 'admin' may use /api/admin (features/admin); the first one comes from `npm run admin -- create`. */
    role: text('role').$type<UserRole>().notNull().default('user'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    adminApprovedAt: timestamptz('admin_approved_at'),
    expiresAt: timestamptz('expires_at'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lastLoginAt: timestamptz('last_login_at'),
    lastLoginIp: text('last_login_ip'),
    /**
     * The space the person works in: null their personal patients, else the clinic whose patients they
     * see (Step 16, docs/clinics.md). Per person, not per session: one session per person at a time.
     * Only counts while they are a live member of it (apps/server/src/access `resolveActor`).
     */
    activeClinicId: integer('active_clinic_id').references((): AnyPgColumn => clinics.id),

    // Sign-up details (docs/spec-points.md §3).
    mobileNumber: text('mobile_number'),
    mobileVerifiedAt: timestamptz('mobile_verified_at'),
    companyName: text('company_name'),
    taxNumber: text('tax_number'),
    taxVerifiedAt: timestamptz('tax_verified_at'),
    taxEmail: text('tax_email'),
    phoneNumber: text('phone_number'),
    faxNumber: text('fax_number'),
    address1: text('address1'),
    address2: text('address2'),
    zipCode: text('zip_code'),
    birth: date('birth', { mode: 'string' }),
    /** true female, false male: the same convention as patients.gender. */
    gender: boolean('gender'),
    /** Object storage key of the licence uploaded at sign-up (png, jpg or pdf). */
    licensePath: text('license_path'),
    termsAgreedAt: timestamptz('terms_agreed_at'),
    privacyAgreedAt: timestamptz('privacy_agreed_at'),
    ssoAgreedAt: timestamptz('sso_agreed_at'),

    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // Emails compare case-insensitively; a deleted account frees its email.
    uniqueIndex('users_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_status_idx').on(t.status),
    check('users_status_check', sql`${t.status} in ('pending_email', 'active', 'pending_admin', 'locked')`),
    check('users_failed_login_count_check', sql`${t.failedLoginCount} >= 0`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    index('users_role_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'user'`),
  ],
);
