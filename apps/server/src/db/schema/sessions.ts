import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * One signed-in session = one refresh token family. Each refresh rotates the token inside the
 * family; presenting an already rotated token revokes the whole family (token theft). A new login
 * revokes the user's other sessions with reason 'duplicate_login' (spec J005).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    /** Hash of the refresh token; the token itself is never stored. */
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    /** Set when this token was rotated: the row that replaced it. */
    replacedBy: uuid('replaced_by'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_live_idx').on(t.userId, t.revokedAt), index('sessions_family_idx').on(t.familyId)],
);
