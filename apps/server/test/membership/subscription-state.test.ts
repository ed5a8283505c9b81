import { describe, expect, it } from 'vitest';
import {
  accessEndsAt,
  advance,
  cancel,
  endAccessAt,
  expireAtCharge,
  nextBillingDate,
  nextChargeAt,
  startTrial,
  SubscriptionStateError,
} from '../../src/features/membership/subscription-state';

const t = (iso: string) => Date.parse(iso);

describe('nextBillingDate', () => {
  it.each([
    ['2026-01-15T09:00:00Z', 15, '2026-02-15T09:00:00.000Z'],
    ['2026-01-31T00:00:00Z', 31, '2026-02-28T00:00:00.000Z'],
    ['2028-01-31T00:00:00Z', 31, '2028-02-29T00:00:00.000Z'], // leap year
    ['2026-02-28T00:00:00Z', 31, '2026-03-31T00:00:00.000Z'], // back to the billing day
    ['2026-12-10T23:59:00Z', 10, '2027-01-10T23:59:00.000Z'], // year change
  ])('%s (day %i) -> %s', (from, day, expected) => {
    expect(new Date(nextBillingDate(t(from), day)).toISOString()).toBe(expected);
  });
});

describe('subscription state machine', () => {
  const start = t('2026-01-01T00:00:00Z');
  const trial = startTrial(start, 30);

  it('a trial lasts its days, with the first charge at its end', () => {
    expect(trial).toMatchObject({
      state: 'trial',
      trialEndsAt: t('2026-01-31T00:00:00Z'),
      periodEnd: t('2026-01-31T00:00:00Z'),
      billingDay: 31,
    });
    expect(nextChargeAt(trial)).toBe(t('2026-01-31T00:00:00Z'));
    expect(accessEndsAt(trial)).toBeNull();
    expect(advance(trial, t('2026-01-30T23:59:59.999Z'))).toEqual({ subscription: trial, charges: [] });
  });

  it('trial -> active at the trial end, one charge per billing date passed', () => {
    const at = advance(trial, t('2026-01-31T00:00:00Z'));
    expect(at.subscription).toMatchObject({
      state: 'active',
      periodStart: t('2026-01-31T00:00:00Z'),
      periodEnd: t('2026-02-28T00:00:00Z'),
    });
    expect(at.charges).toEqual([{ periodStart: t('2026-01-31T00:00:00Z'), periodEnd: t('2026-02-28T00:00:00Z') }]);

    const later = advance(at.subscription, t('2026-04-01T00:00:00Z'));
    expect(later.charges.map((c) => new Date(c.periodStart).toISOString().slice(0, 10))).toEqual(['2026-02-28', '2026-03-31']);
    expect(later.subscription).toMatchObject({ state: 'active', periodEnd: t('2026-04-30T00:00:00Z') });
  });

  it('active -> cancelled keeps access to the end of the paid month, then expired', () => {
    const active = advance(trial, t('2026-02-10T00:00:00Z')).subscription;
    const cancelled = cancel(active, t('2026-02-10T00:00:00Z'));
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelledAt: t('2026-02-10T00:00:00Z') });
    expect(nextChargeAt(cancelled)).toBeNull();
    expect(accessEndsAt(cancelled)).toBe(t('2026-02-28T00:00:00Z'));
    expect(advance(cancelled, t('2026-02-27T23:59:59Z'))).toEqual({ subscription: cancelled, charges: [] });
    const expired = advance(cancelled, t('2026-03-05T00:00:00Z'));
    expect(expired).toEqual({ subscription: { ...cancelled, state: 'expired' }, charges: [] });
    expect(accessEndsAt(expired.subscription)).toBe(t('2026-02-28T00:00:00Z'));
    // Expired stays expired, however long.
    expect(advance(expired.subscription, t('2036-01-01T00:00:00Z')).subscription.state).toBe('expired');
  });

  it('a cancelled trial expires at the trial end without any charge', () => {
    const cancelled = cancel(trial, t('2026-01-05T00:00:00Z'));
    expect(advance(cancelled, t('2026-02-15T00:00:00Z'))).toEqual({ subscription: { ...cancelled, state: 'expired' }, charges: [] });
  });

  it('refuses to cancel what is already cancelled or expired', () => {
    const cancelled = cancel(trial, start);
    expect(() => cancel(cancelled, start)).toThrow(SubscriptionStateError);
    expect(() => cancel({ ...cancelled, state: 'expired' }, start)).toThrow(SubscriptionStateError);
  });

  it('without a payment method the trial (or a paid month) ends at its billing date instead of renewing', () => {
    const expired = advance(trial, t('2026-02-10T00:00:00Z'), { canCharge: false });
    expect(expired).toEqual({ subscription: { ...trial, state: 'expired' }, charges: [] });
    expect(accessEndsAt(expired.subscription)).toBe(t('2026-01-31T00:00:00Z'));
    const active = advance(trial, t('2026-02-01T00:00:00Z')).subscription;
    const lapsed = advance(active, t('2026-03-01T00:00:00Z'), { canCharge: false });
    expect(lapsed.subscription).toMatchObject({ state: 'expired', periodEnd: t('2026-02-28T00:00:00Z') });
    expect(lapsed.charges).toEqual([]);
  });

  it('a refused charge ends the subscription at that billing date; the charges before it stand', () => {
    const { charges } = advance(trial, t('2026-04-01T00:00:00Z'));
    const first = expireAtCharge(trial, charges, 0);
    expect(first).toMatchObject({ state: 'expired', periodStart: trial.periodStart, periodEnd: t('2026-01-31T00:00:00Z') });
    const third = expireAtCharge(trial, charges, 2);
    expect(third).toMatchObject({ state: 'expired', periodStart: t('2026-02-28T00:00:00Z'), periodEnd: t('2026-03-31T00:00:00Z') });
    expect(() => expireAtCharge(trial, charges, 3)).toThrow(RangeError);
  });

  it("an administrator's access end: cancelled until a future date, expired for a past one, reopens an expired one", () => {
    const now = t('2026-01-10T00:00:00Z');
    const later = endAccessAt(trial, t('2026-06-30T00:00:00Z'), now);
    expect(later).toMatchObject({ state: 'cancelled', periodEnd: t('2026-06-30T00:00:00Z'), cancelledAt: now });
    const ended = endAccessAt(trial, t('2026-01-05T00:00:00Z'), now);
    expect(ended).toMatchObject({ state: 'expired', periodEnd: t('2026-01-05T00:00:00Z') });
    expect(ended.periodStart).toBeLessThanOrEqual(ended.periodEnd);
    expect(endAccessAt(ended, t('2026-02-01T00:00:00Z'), now)).toMatchObject({ state: 'cancelled', periodEnd: t('2026-02-01T00:00:00Z') });
  });
});
