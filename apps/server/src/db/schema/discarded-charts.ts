import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * Draft charts a discard (the browser's, or a refused X-ray's) has hard-deleted, kept for a day so
 * that the browser's clean-up call for the same chart answers "nothing left to do" instead of
 * NOT_FOUND. Only the owner's call sees the tombstone; anyone else still gets NOT_FOUND.
 */
export const discardedCharts = pgTable(
  'discarded_charts',
  {
    chartId: text('chart_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discardedAt: timestamptz('discarded_at').notNull(),
  },
  (t) => [index('discarded_charts_at_idx').on(t.discardedAt)],
);
