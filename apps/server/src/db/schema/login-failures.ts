import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Failed sign-ins per (email as typed, lower-cased; client address). Keyed on the email rather than
 * the user so an unknown email is slowed down exactly like a real one and the answers tell nothing.
 * The spec's 10-failure lock counts only at an address the account already signs in from; other
 * addresses get growing delays. A success at the address deletes its row.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamptz('last_failed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] })],
);
