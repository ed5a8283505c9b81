import type { Membership } from '@ceppro/contract';
import { actorFor, asActor, can, type ActorRef } from '../../access/index';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import { renderInThread, type PdfRender } from '../../pdf/index';
import { INVOICE_PDF, type InvoiceSeller } from './invoice-pdf';
import { createInvoiceProvider } from './invoice-provider';
import { createInvoiceRepository, splitVat, type InvoiceRepository, type InvoiceRow } from './invoice.repository';
import { syncAccountExpiry } from './member-access';
import type { MembershipQueries, MembershipRepository } from './membership.repository';
import { membershipView, toColumns, toState, type ClinicSeats } from './membership-view';
import { clinicPayer, payerKey, payerOf, userPayer, type Payer } from './payer';
import type { PaymentProvider } from './payment-provider';
import { advance, cancel, endAccessAt, expireAtCharge, startTrial, SubscriptionStateError, type Subscription } from './subscription-state';

/** The one plan: the spec's demo text charges 50,000 won after the billing date (a clinic: per seat). */
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
  /** Makes the invoice PDF: the app's PDF pool (a worker thread); in this thread when absent (tests). */
  renderPdf?: PdfRender;
  /** Called after a commit that issued invoices: their mail goes out from the billing job. */
  onIssued?: () => void;
}

/**
 * Membership: a payer's subscription brought up to `now` (trial ends, billing dates pass and are
 * charged through the payment provider, a cancelled one expires), its invoices, and cancelling. The
 * payer is the caller's space: their own subscription, or the clinic's they work in (its owner
 * manages it; its members see the plan and seats). The billing job calls `settle` for every
 * subscription that is due.
 */
export function createMembershipService(deps: MembershipDeps) {
  const { repository, clock } = deps;
  const invoices = deps.invoices ?? createInvoiceRepository(repository.db);
  const seller = deps.seller ?? DEFAULT_SELLER;
  const provider = deps.provider ?? createInvoiceProvider({ mailer: NO_MAILER, seller });
  const renderPdf = deps.renderPdf ?? renderInThread;

  /** The accounts whose expiry a change of this payer's subscription moves: the person, or the clinic's live members. */
  const accountsOf = async (q: MembershipQueries, payer: Payer) =>
    payer.kind === 'user' ? [payer.userId] : q.liveMemberIds(payer.clinicId);

  /**
   * Loads (or starts) the payer's subscription under lock, advances it to now and stores what
   * changed. A clinic is charged for its live members at the billing date (`seats` on the invoice).
   */
  async function current(
    payer: Payer,
    options: { change?: (s: Subscription, now: number) => Subscription; manage?: boolean } = {},
  ): Promise<Membership> {
    const { change, manage = true } = options;
    const now = clock.now();
    let issued = 0;
    const result = await repository.inTransaction(async (q) => {
      let row = await q.lockSubscription(payer);
      if (!row) {
        await q.insertSubscription(payer, { plan: PLAN.name, priceWon: PLAN.priceWon, ...toColumns(startTrial(now, PLAN.trialDays)) });
        row = await q.lockSubscription(payer);
        if (!row) throw new Error('subscription not stored');
      }
      const account = await invoices.billingAccount(q.tx, payer);
      const members = payer.kind === 'clinic' ? await q.liveMemberIds(payer.clinicId) : [];
      const seats = payer.kind === 'clinic' ? Math.max(1, members.length) : null;
      const before = toState(row);
      const { subscription: advanced, charges } = advance(before, now, { canCharge: account !== undefined && provider.canCharge(account) });
      let settled = advanced;
      for (const [index, charge] of charges.entries()) {
        const periodStart = new Date(charge.periodStart);
        // A run that crashed after recording this charge left its invoice: never a second one.
        if (!account || (await invoices.forPeriod(q.tx, payer, periodStart))) continue;
        const amountWon = row.priceWon * (seats ?? 1);
        const request = {
          account,
          plan: row.plan,
          period: { start: periodStart, end: new Date(charge.periodEnd) },
          amountWon,
          idempotencyKey: `${payerKey(payer)}:${periodStart.toISOString()}`,
        };
        const outcome = await provider.charge(request);
        if (outcome.status === 'failed') {
          settled = expireAtCharge(before, charges, index);
          break;
        }
        await invoices.insert(q.tx, {
          userId: payer.kind === 'user' ? payer.userId : null,
          clinicId: payer.kind === 'clinic' ? payer.clinicId : null,
          seats,
          provider: provider.id,
          periodStart,
          periodEnd: request.period.end,
          amountWon,
          ...splitVat(amountWon),
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
        await q.updateSubscription(payer, toColumns(after));
        for (const userId of await accountsOf(q, payer)) await syncAccountExpiry(q, userId);
      }
      const clinic: ClinicSeats | null =
        payer.kind === 'clinic' && seats !== null ? { name: account?.companyName ?? '', seats, manage } : null;
      return membershipView(row, after, manage ? await invoices.history(q.tx, payer) : [], { provider, account }, clinic);
    });
    if (issued > 0) deps.onIssued?.();
    return result;
  }

  /** The caller's space's membership; `change` needs `membership.manage` (the owner in a clinic). */
  function forActor(ref: ActorRef, change?: (s: Subscription, now: number) => Subscription): Promise<Membership> {
    const actor = change ? actorFor(ref, 'membership.manage') : asActor(ref);
    return current(payerOf(actor), { change, manage: can(actor, 'membership.manage') });
  }

  return {
    /** A bare user id is that user's personal space (the billing job, tests). */
    get: (ref: ActorRef) => forActor(ref),

    async cancel(ref: ActorRef): Promise<Membership> {
      try {
        return await forActor(ref, (s, now) => cancel(s, now));
      } catch (error) {
        if (error instanceof SubscriptionStateError) throw new AppError('CONFLICT', `The subscription is already ${error.state}.`);
        throw error;
      }
    },

    /** Brings one subscription up to now (the billing job): charges due periods, expires ended ones. */
    async settle(payer: Payer | number): Promise<void> {
      await current(typeof payer === 'number' ? userPayer(payer) : payer);
    },

    /** Starts the trial of accounts and clinics that became usable since the last run; how many. */
    async startMissingTrials(limit = 500): Promise<number> {
      const ids = await repository.usersWithoutSubscription(limit);
      for (const id of ids) await current(userPayer(id));
      const clinicIds = await repository.clinicsWithoutSubscription(limit);
      for (const clinicId of clinicIds) await current(clinicPayer(clinicId));
      return ids.length + clinicIds.length;
    },

    /** One account's expiry from its own and its clinic's subscription, now (a join, removal or leaving). */
    async syncMemberExpiry(userId: number): Promise<Date | null> {
      return repository.inTransaction((q) => syncAccountExpiry(q, userId));
    },

    /**
     * Every clinic member's account expiry from their own and their clinic's subscription (the
     * billing run): the clinic feature already moves it at a join, removal or leaving; this catches
     * the clinic's own subscription changing.
     */
    async syncClinicMemberExpiries(): Promise<number> {
      const ids = await repository.clinicMemberUserIds();
      for (const userId of ids) await repository.inTransaction((q) => syncAccountExpiry(q, userId));
      return ids.length;
    },

    /**
     * An invoice of the caller's space as a PDF: their own, or (the owner) their clinic's; another
     * payer's (or an unknown id) is NOT_FOUND, a clinic member who is not its owner ROLE_FORBIDDEN.
     */
    async invoicePdf(ref: ActorRef, invoiceId: string): Promise<{ invoice: InvoiceRow; pdf: Buffer }> {
      const invoice = await invoices.owned(payerOf(actorFor(ref, 'membership.manage')), invoiceId);
      if (!invoice) throw new AppError('NOT_FOUND', 'No such invoice.');
      return { invoice, pdf: await renderPdf(INVOICE_PDF, { invoice, seller }) };
    },

    /**
     * An administrator's expiry (features/admin): renewals stop and access ends at `at` (at once
     * when `at` has passed); the user's expires_at follows, so K024 comes from then on.
     */
    setAccessEnd(userId: number, at: Date): Promise<Membership> {
      return current(userPayer(userId), { change: (s, now) => endAccessAt(s, at.getTime(), now) });
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
