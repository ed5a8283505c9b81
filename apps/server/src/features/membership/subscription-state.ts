import type { SubscriptionState } from '@ceppro/contract';

/**
 * The subscription as a small state machine, pure: no clock, no database. Callers pass `now`
 * (milliseconds since the epoch) from their injected clock.
 *
 *   trial --(trial ends, payment method on file)--> active --(billing date)--> active (next period, one charge)
 *   trial | active --(period ends, no payment method)--> expired
 *   trial | active --(cancel)--> cancelled --(end of the paid or trial period)--> expired
 *
 * A cancelled subscription keeps its access until the period already paid (or the trial) ends;
 * `expired` is final here (a new subscription would start a new row).
 */
export interface Subscription {
  state: SubscriptionState;
  trialEndsAt: number;
  /** The current period: the trial, or the month last charged for. */
  periodStart: number;
  periodEnd: number;
  /** Day of the month (UTC) on which the subscription renews: the trial's end day. */
  billingDay: number;
  cancelledAt: number | null;
}

/** A charge that falls due: the period it pays for. */
export interface Charge {
  periodStart: number;
  periodEnd: number;
}

export class SubscriptionStateError extends Error {
  constructor(readonly state: SubscriptionState) {
    super(`a ${state} subscription cannot be cancelled`);
  }
}

const DAY_MS = 86_400_000;
/** Enough for a hundred years of months: a bound, so a corrupt row cannot loop forever. */
const MAX_STEPS = 1200;

/** A new trial of `trialDays` days from `now`. */
export function startTrial(now: number, trialDays: number): Subscription {
  const trialEndsAt = now + trialDays * DAY_MS;
  return {
    state: 'trial',
    trialEndsAt,
    periodStart: now,
    periodEnd: trialEndsAt,
    billingDay: new Date(trialEndsAt).getUTCDate(),
    cancelledAt: null,
  };
}

/**
 * `at` plus one calendar month (UTC), on `billingDay` or the month's last day when it is shorter
 * (billing day 31: Jan 31 -> Feb 28/29 -> Mar 31). Time of day is kept.
 */
export function nextBillingDate(at: number, billingDay: number): number {
  const d = new Date(at);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(billingDay, lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

/**
 * Where the subscription stands at `now`, with the charges that fell due on the way (one per
 * billing date passed, oldest first). Nothing changes before a period's end (exclusive). Without a
 * payment method (`canCharge` false: for the built-in invoice provider, no tax information) the
 * subscription expires at the billing date instead of renewing.
 */
export function advance(
  sub: Subscription,
  now: number,
  options: { canCharge?: boolean } = {},
): { subscription: Subscription; charges: Charge[] } {
  const canCharge = options.canCharge ?? true;
  let current = sub;
  const charges: Charge[] = [];
  for (let step = 0; step < MAX_STEPS && now >= current.periodEnd; step += 1) {
    if (current.state === 'cancelled') {
      current = { ...current, state: 'expired' };
      break;
    }
    if (current.state === 'expired') break;
    if (!canCharge) {
      current = { ...current, state: 'expired' };
      break;
    }
    // trial or active: the billing date came, the next month is charged.
    const periodStart = current.periodEnd;
    const periodEnd = nextBillingDate(periodStart, current.billingDay);
    charges.push({ periodStart, periodEnd });
    current = { ...current, state: 'active', periodStart, periodEnd };
  }
  return { subscription: current, charges };
}

/**
 * The provider refused `charges[index]` (from `advance(before, ...)`): the subscription expires at
 * that billing date; the charges before it stand, the period before it (paid or trial) is the last.
 */
export function expireAtCharge(before: Subscription, charges: readonly Charge[], index: number): Subscription {
  const refused = charges[index];
  if (!refused) throw new RangeError(`no charge ${index}`);
  const lastPaid = charges[index - 1];
  return { ...before, state: 'expired', periodStart: lastPaid?.periodStart ?? before.periodStart, periodEnd: refused.periodStart };
}

/**
 * An administrator sets when access ends (`at`): no more renewals; usable until `at` (cancelled),
 * or expired at once when `at` is not after `now`. Also reopens an expired subscription until `at`.
 */
export function endAccessAt(sub: Subscription, at: number, now: number): Subscription {
  const state = at > now ? 'cancelled' : 'expired';
  return { ...sub, state, periodStart: Math.min(sub.periodStart, at), periodEnd: at, cancelledAt: sub.cancelledAt ?? now };
}

/** Cancels at `now` (call `advance` first): access stays until the current period ends. */
export function cancel(sub: Subscription, now: number): Subscription {
  if (sub.state !== 'trial' && sub.state !== 'active') throw new SubscriptionStateError(sub.state);
  return { ...sub, state: 'cancelled', cancelledAt: now };
}

/** The next charge, or null when none will come. */
export function nextChargeAt(sub: Subscription): number | null {
  return sub.state === 'trial' || sub.state === 'active' ? sub.periodEnd : null;
}

/** Until when the account may be used (the user's expiration date), or null while it renews. */
export function accessEndsAt(sub: Subscription): number | null {
  return sub.state === 'cancelled' || sub.state === 'expired' ? sub.periodEnd : null;
}
