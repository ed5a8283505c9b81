import type { Membership } from '@ceppro/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import type { BillingRow, MembershipRepository, SubscriptionRow } from './membership.repository';
import {
  accessEndsAt,
  advance,
  cancel,
  nextChargeAt,
  startTrial,
  SubscriptionStateError,
  type Subscription,
} from './subscription-state';

/** The one plan: the spec's demo text charges 50,000 won after the billing date. */
export const PLAN = { name: 'standard', priceWon: 50_000, trialDays: 30 } as const;
/** The built-in payment provider: a tax invoice at each billing date. */
export const PAYMENT_METHOD = 'invoice';

const toState = (row: SubscriptionRow): Subscription => ({
  state: row.state,
  trialEndsAt: row.trialEndsAt.getTime(),
  periodStart: row.periodStart.getTime(),
  periodEnd: row.periodEnd.getTime(),
  billingDay: row.billingDay,
  cancelledAt: row.cancelledAt?.getTime() ?? null,
});

const toColumns = (s: Subscription) => ({
  state: s.state,
  trialEndsAt: new Date(s.trialEndsAt),
  periodStart: new Date(s.periodStart),
  periodEnd: new Date(s.periodEnd),
  billingDay: s.billingDay,
  cancelledAt: s.cancelledAt === null ? null : new Date(s.cancelledAt),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function view(row: SubscriptionRow, s: Subscription, history: BillingRow[]): Membership {
  const next = nextChargeAt(s);
  return {
    plan: row.plan,
    price_won: row.priceWon,
    state: s.state,
    trial_ends_at: s.state === 'trial' || (s.state === 'cancelled' && s.periodEnd === s.trialEndsAt) ? iso(s.trialEndsAt) : null,
    billing_day: s.billingDay,
    next_charge_at: iso(next),
    next_charge_won: next === null ? null : row.priceWon,
    access_ends_at: iso(accessEndsAt(s)),
    history: history.map((h) => ({
      id: h.id,
      period_start: h.periodStart.toISOString(),
      period_end: h.periodEnd.toISOString(),
      amount_won: h.amountWon,
      method: h.method,
      issued_at: h.issuedAt.toISOString(),
    })),
  };
}

/**
 * Membership: the user's subscription brought up to `now` (trial ends, billing dates pass, a
 * cancelled one expires), with its billing history; and cancelling. Only ever the caller's own.
 */
export function createMembershipService(deps: { repository: MembershipRepository; clock: Pick<Clock, 'now'> }) {
  const { repository, clock } = deps;

  /** Loads (or starts) the subscription under lock, advances it to now and stores what changed. */
  async function current(userId: number, change?: (s: Subscription, now: number) => Subscription): Promise<Membership> {
    const now = clock.now();
    return repository.inTransaction(async (q) => {
      let row = await q.lockSubscription(userId);
      if (!row) {
        await q.insertSubscription({ userId, plan: PLAN.name, priceWon: PLAN.priceWon, ...toColumns(startTrial(now, PLAN.trialDays)) });
        row = await q.lockSubscription(userId);
        if (!row) throw new Error('subscription not stored');
      }
      const before = toState(row);
      const { subscription: advanced, charges } = advance(before, now);
      await q.addBillingRecords(
        charges.map((c) => ({ userId, periodStart: new Date(c.periodStart), periodEnd: new Date(c.periodEnd), amountWon: row.priceWon, method: PAYMENT_METHOD, issuedAt: new Date(c.periodStart) })),
      );
      const after = change ? change(advanced, now) : advanced;
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        await q.updateSubscription(userId, toColumns(after));
        const ends = accessEndsAt(after);
        await q.setUserExpiry(userId, ends === null ? null : new Date(ends));
      }
      return view(row, after, await q.history(userId));
    });
  }

  return {
    get: (userId: number) => current(userId),

    async cancel(userId: number): Promise<Membership> {
      try {
        return await current(userId, (s, now) => cancel(s, now));
      } catch (error) {
        if (error instanceof SubscriptionStateError) throw new AppError('CONFLICT', `The subscription is already ${error.state}.`);
        throw error;
      }
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
