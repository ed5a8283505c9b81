import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Fixed-window request counters for abuse limits (login, SMS codes, email checks). In the database,
 * not in memory, so several API processes count together. Rows of past windows are deleted lazily.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** What is counted and for whom, e.g. `login:ip:203.0.113.7` or `otp:mobile:01012345678`. */
    bucket: text('bucket').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
