import type { BillingRecord, Membership } from '@ceppro/contract';
import type { InvoiceRow } from './invoice.repository';
import type { SubscriptionRow } from './membership.repository';
import type { BillingAccount, PaymentProvider } from './payment-provider';
import { accessEndsAt, nextChargeAt, type Subscription } from './subscription-state';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const toState = (row: SubscriptionRow): Subscription => ({
  state: row.state,
  trialEndsAt: row.trialEndsAt.getTime(),
  periodStart: row.periodStart.getTime(),
  periodEnd: row.periodEnd.getTime(),
  billingDay: row.billingDay,
  cancelledAt: row.cancelledAt?.getTime() ?? null,
});

export const toColumns = (s: Subscription) => ({
  state: s.state,
  trialEndsAt: new Date(s.trialEndsAt),
  periodStart: new Date(s.periodStart),
  periodEnd: new Date(s.periodEnd),
  billingDay: s.billingDay,
  cancelledAt: s.cancelledAt === null ? null : new Date(s.cancelledAt),
});

export function billingRecord(h: InvoiceRow): BillingRecord {
  return {
    id: h.id,
    number: h.number,
    period_start: h.periodStart.toISOString(),
    period_end: h.periodEnd.toISOString(),
    amount_won: h.amountWon,
    supply_won: h.supplyWon,
    vat_won: h.vatWon,
    status: h.status,
    method: h.provider,
    issued_at: h.issuedAt.toISOString(),
    emailed_at: h.emailedAt?.toISOString() ?? null,
    seats: h.seats,
  };
}

/** The clinic a subscription is for, as its members see it; null for a personal one. */
export interface ClinicSeats {
  name: string;
  seats: number;
  /** Whether the viewer may manage it (`membership.manage`: the owner): payment details and invoices. */
  manage: boolean;
}

/** What GET /api/membership answers. A clinic's price is its seat price times its live members. */
export function membershipView(
  row: SubscriptionRow,
  s: Subscription,
  history: InvoiceRow[],
  payment: { provider: PaymentProvider; account: BillingAccount | undefined },
  clinic: ClinicSeats | null = null,
): Membership {
  const next = nextChargeAt(s);
  const { provider, account } = payment;
  const price = clinic ? row.priceWon * clinic.seats : row.priceWon;
  const manage = clinic === null || clinic.manage;
  return {
    space: clinic ? 'clinic' : 'personal',
    clinic: clinic && { name: clinic.name, seats: clinic.seats, seat_price_won: row.priceWon, manage: clinic.manage },
    plan: row.plan,
    price_won: price,
    state: s.state,
    trial_ends_at: s.state === 'trial' || (s.state === 'cancelled' && s.periodEnd === s.trialEndsAt) ? iso(s.trialEndsAt) : null,
    billing_day: s.billingDay,
    next_charge_at: iso(next),
    next_charge_won: next === null ? null : price,
    access_ends_at: iso(accessEndsAt(s)),
    // A clinic's tax details and invoices are the owner's to see (membership.manage).
    payment: manage
      ? {
          method: provider.id,
          ready: account !== undefined && provider.canCharge(account),
          tax_number: account?.taxNumber ?? null,
          invoice_email: account?.taxEmail ?? account?.email ?? '',
        }
      : null,
    history: manage ? history.map(billingRecord) : [],
  };
}
