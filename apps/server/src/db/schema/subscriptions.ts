import type { SubscriptionState } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, type PgColumn } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * The columns a subscription has, whoever owns it (a user or a clinic): the same rules apply to both
 * (features/membership/subscription-state.ts). Fresh builders on each call: drizzle binds a builder to
 * the table it is declared in.
 */
function subscriptionColumns() {
  return {
    plan: text('plan').notNull(),
    priceWon: integer('price_won').notNull(),
    state: text('state').$type<SubscriptionState>().notNull(),
    trialEndsAt: timestamptz('trial_ends_at').notNull(),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    billingDay: integer('billing_day').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
  };
}

/** The database's own check of the four states, named after the table. */
const stateCheck = (table: string, state: PgColumn) =>
  check(`${table}_state_check`, sql`${state} in ('trial', 'active', 'cancelled', 'expired')`);

/**
 * A user's subscription (features/membership/subscription-state.ts holds the rules), created with
 * a trial at sign-up (or, for an older account, on its first look at /membership). The user's
 * `expires_at` follows it: set when it is cancelled or expires (the end of the period already paid
 * or of the trial), which is what gives K024. Its charges are the `invoices` (invoices.ts).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    ...subscriptionColumns(),
  },
  (t) => [stateCheck('subscriptions', t.state)],
);

/**
 * A clinic's subscription (Step 16, docs/billing.md "Clinics"): the same rules and columns as a user's,
 * owned by the clinic; `price_won` is the price of one seat a month, VAT included (a charge is this
 * times the live members then). Its charges are the clinic's `invoices` (one per period, addressed to
 * the clinic's tax details, priced per seat); while it lasts, its live members' `users.expires_at`
 * does not end before it (features/membership `memberAccess`).
 */
export const clinicSubscriptions = pgTable(
  'clinic_subscriptions',
  {
    clinicId: integer('clinic_id')
      .primaryKey()
      .references(() => clinics.id),
    ...subscriptionColumns(),
  },
  (t) => [stateCheck('clinic_subscriptions', t.state)],
);
