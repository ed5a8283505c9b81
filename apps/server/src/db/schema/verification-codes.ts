import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/** What a one-time code or mailed link proves (docs/spec-points.md §4). */
export const VERIFICATION_PURPOSES = [
  'email_activation',
  'mobile_signup',
  'mobile_update',
  'ip_approval',
  'password_reset',
  'email_change',
  'find_id',
] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null while signing up: the mobile number is verified before the account exists. */
    userId: integer('user_id').references(() => users.id),
    purpose: text('purpose').$type<VerificationPurpose>().notNull(),
    /** The email address or phone number the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_lookup_idx').on(t.target, t.purpose, t.createdAt),
    index('verification_codes_user_idx').on(t.userId),
    check(
      'verification_codes_purpose_check',
      sql`${t.purpose} in ('email_activation', 'mobile_signup', 'mobile_update', 'ip_approval', 'password_reset',
        'email_change', 'find_id')`,
    ),
  ],
);
