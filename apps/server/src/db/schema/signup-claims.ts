import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/**
 * Sign-up proofs (mobile, business number, email check) already used by a sign-up, by SHA-256 of
 * the token: a proof works once. Rows go when the proof would have expired anyway.
 */
export const spentProofs = pgTable(
  'spent_proofs',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('spent_proofs_expiry_idx').on(t.expiresAt)],
);

/**
 * A licence file uploaded during sign-up and not yet attached to an account. Sign-up deletes the
 * row (claiming the file, once); the sweeper deletes expired rows with their objects.
 */
export const licenseUploads = pgTable(
  'license_uploads',
  {
    objectKey: text('object_key').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('license_uploads_expiry_idx').on(t.expiresAt)],
);
