import type { SubscriptionState } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

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

/**
 * A clinic's subscription (Step 16, docs/billing.md "Clinics"): the same rules and columns as a user's,
 * owned by the clinic. Its charges are the clinic's `invoices` (one per period, addressed to the
 * clinic's tax details, priced per seat); while it lasts, its live members' `users.expires_at` does
 * not end before it (features/membership `memberAccess`).
 */
export const clinicSubscriptions = pgTable(
  'clinic_subscriptions',
  {
    clinicId: integer('clinic_id')
      .primaryKey()
      .references(() => clinics.id),
    plan: text('plan').notNull(),
    /** The price of one seat a month, VAT included; a charge is this times the live members then. */
    priceWon: integer('price_won').notNull(),
    state: text('state').$type<SubscriptionState>().notNull(),
    trialEndsAt: timestamptz('trial_ends_at').notNull(),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    billingDay: integer('billing_day').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [check('clinic_subscriptions_state_check', sql`${t.state} in ('trial', 'active', 'cancelled', 'expired')`)],
);
