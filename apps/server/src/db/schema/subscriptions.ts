import type { SubscriptionState } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * A user's subscription (features/membership/subscription-state.ts holds the rules), created with
 * a trial on the user's first look at /membership. The user's `expires_at` follows it: set when it
 * is cancelled (the end of the period already paid or of the trial), which is what gives K024.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    plan: text('plan').notNull(),
    priceWon: integer('price_won').notNull(),
    state: text('state').$type<SubscriptionState>().notNull(),
    trialEndsAt: timestamptz('trial_ends_at').notNull(),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    billingDay: integer('billing_day').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [check('subscriptions_state_check', sql`${t.state} in ('trial', 'active', 'cancelled', 'expired')`)],
);

/** One charge per billing date (billing history); paid through `method` (built in: 'invoice'). */
export const billingRecords = pgTable(
  'billing_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    amountWon: integer('amount_won').notNull(),
    method: text('method').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
  },
  (t) => [index('billing_records_user_idx').on(t.userId, t.periodStart)],
);
