import type { Membership } from '@ceppro/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import { renderInvoicePdf, type InvoiceSeller } from './invoice-pdf';
import { createInvoiceProvider } from './invoice-provider';
import { createInvoiceRepository, splitVat, type InvoiceRepository, type InvoiceRow } from './invoice.repository';
import type { MembershipRepository } from './membership.repository';
import { membershipView, toColumns, toState } from './membership-view';
import type { PaymentProvider } from './payment-provider';
import {
  accessEndsAt,
  advance,
  cancel,
  endAccessAt,
  expireAtCharge,
  startTrial,
  SubscriptionStateError,
  type Subscription,
} from './subscription-state';

/** The one plan: the spec's demo text charges 50,000 won after the billing date. */
export const PLAN = { name: 'standard', priceWon: 50_000, trialDays: 30 } as const;

export const DEFAULT_SELLER: InvoiceSeller = { name: 'Ceppro', taxNumber: null };

const NO_MAILER = {
  send(): Promise<never> {
    return Promise.reject(new Error('this membership service delivers no mail: the billing job does'));
  },
};

export interface MembershipDeps {
  repository: MembershipRepository;
  clock: Pick<Clock, 'now'>;
  /** Default: on the repository's database. */
  invoices?: InvoiceRepository;
  /**
   * Default: the built-in 'invoice' provider's charging (the only provider today); an instance
   * without it never delivers mail (the billing job does, with the configured provider).
   */
  provider?: PaymentProvider;
  /** Default: DEFAULT_SELLER (the issuer printed on invoice PDFs). */
  seller?: InvoiceSeller;
  /** Called after a commit that issued invoices: their mail goes out from the billing job. */
  onIssued?: () => void;
}

/**
 * Membership: the user's subscription brought up to `now` (trial ends, billing dates pass and are
 * charged through the payment provider, a cancelled one expires), its invoices, and cancelling.
 * Only ever the caller's own. The billing job calls `settle` for every subscription that is due.
 */
export function createMembershipService(deps: MembershipDeps) {
  const { repository, clock } = deps;
  const invoices = deps.invoices ?? createInvoiceRepository(repository.db);
  const seller = deps.seller ?? DEFAULT_SELLER;
  const provider = deps.provider ?? createInvoiceProvider({ mailer: NO_MAILER, seller });

  /** Loads (or starts) the subscription under lock, advances it to now and stores what changed. */
  async function current(userId: number, change?: (s: Subscription, now: number) => Subscription): Promise<Membership> {
    const now = clock.now();
    let issued = 0;
    const result = await repository.inTransaction(async (q) => {
      let row = await q.lockSubscription(userId);
      if (!row) {
        await q.insertSubscription({ userId, plan: PLAN.name, priceWon: PLAN.priceWon, ...toColumns(startTrial(now, PLAN.trialDays)) });
        row = await q.lockSubscription(userId);
        if (!row) throw new Error('subscription not stored');
      }
      const account = await invoices.billingAccount(q.tx, userId);
      const before = toState(row);
      const { subscription: advanced, charges } = advance(before, now, { canCharge: account !== undefined && provider.canCharge(account) });
      let settled = advanced;
      for (const [index, charge] of charges.entries()) {
        const periodStart = new Date(charge.periodStart);
        // A run that crashed after recording this charge left its invoice: never a second one.
        if (!account || (await invoices.forPeriod(q.tx, userId, periodStart))) continue;
        const request = {
          account,
          plan: row.plan,
          period: { start: periodStart, end: new Date(charge.periodEnd) },
          amountWon: row.priceWon,
          idempotencyKey: `${userId}:${periodStart.toISOString()}`,
        };
        const outcome = await provider.charge(request);
        if (outcome.status === 'failed') {
          settled = expireAtCharge(before, charges, index);
          break;
        }
        await invoices.insert(q.tx, {
          userId,
          provider: provider.id,
          periodStart,
          periodEnd: request.period.end,
          amountWon: row.priceWon,
          ...splitVat(row.priceWon),
          status: outcome.status,
          reference: outcome.reference,
          buyerName: account.companyName,
          taxNumber: account.taxNumber,
          taxEmail: account.taxEmail ?? account.email,
          // The billing date, not the (possibly later) run: the invoice belongs to its period.
          issuedAt: periodStart,
        });
        issued += 1;
      }
      const after = change ? change(settled, now) : settled;
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        await q.updateSubscription(userId, toColumns(after));
        const ends = accessEndsAt(after);
        await q.setUserExpiry(userId, ends === null ? null : new Date(ends));
      }
      return membershipView(row, after, await invoices.history(q.tx, userId), { provider, account });
    });
    if (issued > 0) deps.onIssued?.();
    return result;
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

    /** Brings one subscription up to now (the billing job): charges due periods, expires ended ones. */
    async settle(userId: number): Promise<void> {
      await current(userId);
    },

    /** Starts the trial of accounts that became usable since the last run; how many. */
    async startMissingTrials(limit = 500): Promise<number> {
      const ids = await repository.usersWithoutSubscription(limit);
      for (const id of ids) await current(id);
      return ids.length;
    },

    /** The caller's own invoice as a PDF; anyone else's (or an unknown id) is NOT_FOUND. */
    async invoicePdf(userId: number, invoiceId: string): Promise<{ invoice: InvoiceRow; pdf: Buffer }> {
      const invoice = await invoices.owned(userId, invoiceId);
      if (!invoice) throw new AppError('NOT_FOUND', 'No such invoice.');
      return { invoice, pdf: await renderInvoicePdf(invoice, seller) };
    },

    /**
     * An administrator's expiry (features/admin): renewals stop and access ends at `at` (at once
     * when `at` has passed); the user's expires_at follows, so K024 comes from then on.
     */
    setAccessEnd(userId: number, at: Date): Promise<Membership> {
      return current(userId, (s, now) => endAccessAt(s, at.getTime(), now));
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
