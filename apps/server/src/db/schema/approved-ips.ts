import { integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * IPs a user may sign in from. A login from an unknown IP adds a row with approved_at null and mails
 * an approval link (docs/spec-points.md §4); the click sets approved_at.
 */
export const approvedIps = pgTable(
  'approved_ips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip').notNull(),
    approvedAt: timestamptz('approved_at'),
    lastSeenAt: timestamptz('last_seen_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('approved_ips_user_ip_key').on(t.userId, t.ip)],
);
