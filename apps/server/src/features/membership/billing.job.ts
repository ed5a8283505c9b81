import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { AppDatabase } from '../../db/database';
import type { JobHandler, JobQueue } from '../../jobs/job-runner';
import type { InvoiceRepository } from './invoice.repository';
import type { MembershipService } from './membership.service';
import type { PaymentProvider } from './payment-provider';

/** How many owed invoice mails one run sends; the rest wait for the next run. */
const DELIVER_BATCH = 200;
/** A delivery in progress, or failed and waiting: no other run takes the invoice before this passes. */
export const DELIVERY_LEASE_MS = 15 * 60 * 1000;

export interface BillingRun {
  trialsStarted: number;
  settled: number;
  delivered: number;
  deliveryFailed: number;
}

/**
 * One billing run, on the injected clock: starts the trial of accounts without a subscription,
 * settles every subscription whose period has ended (charges the billing date through the
 * provider, or expires it), then hands over each invoice not yet delivered (the tax invoice mail).
 * Idempotent: a second run on the same day finds nothing due, and an invoice recorded by a run
 * that crashed before its mail is mailed by the next run, never issued again.
 */
export function createBillingRun(deps: {
  membership: MembershipService;
  invoices: InvoiceRepository;
  provider: PaymentProvider;
  clock: Pick<Clock, 'now'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): () => Promise<BillingRun> {
  const { membership, invoices, provider, clock, log } = deps;
  return async () => {
    const run: BillingRun = { trialsStarted: await membership.startMissingTrials(), settled: 0, delivered: 0, deliveryFailed: 0 };
    for (const payer of await invoices.duePayers(new Date(clock.now()))) {
      try {
        await membership.settle(payer);
        run.settled += 1;
      } catch (error) {
        // One account's failure must not hold up everyone else's billing; the next run retries it.
        log.warn({ err: error, payer }, 'billing: subscription not settled');
      }
    }
    // Joins, removals and leaving since the last run: each member's expiry follows their clinic's.
    await membership.syncClinicMemberExpiries();
    for (let n = 0; n < DELIVER_BATCH; n += 1) {
      const now = clock.now();
      const invoice = await invoices.claimUnsent(provider.id, new Date(now), new Date(now + DELIVERY_LEASE_MS));
      if (!invoice) break;
      try {
        await provider.deliver(invoice);
        await invoices.markEmailed(invoice.id, new Date(clock.now()));
        run.delivered += 1;
      } catch (error) {
        run.deliveryFailed += 1;
        log.warn({ err: error, invoice: invoice.number }, 'billing: invoice not delivered, retried when its lease ends');
      }
    }
    return run;
  };
}

/** The run as a job of the job runner (kind 'billing'). */
export const billingJobHandler =
  (run: () => Promise<BillingRun>): JobHandler =>
  async () => {
    await run();
  };

/** Billing is looked at this often; a billing date is charged within this long of passing. */
export const BILLING_INTERVAL_MS = 3600 * 1000;

/**
 * Puts a 'billing' job on the queue now and then every BILLING_INTERVAL_MS of the injected clock
 * (tests move it). The dedupe key keeps one billing job queued at most, across processes too.
 */
export class BillingScheduler {
  private cancel: (() => void) | null = null;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: { db: AppDatabase; queue: JobQueue; clock: Pick<Clock, 'schedule'>; log: Pick<FastifyBaseLogger, 'warn'> },
  ) {}

  start(): void {
    if (this.cancel) return;
    const tick = () => {
      this.cancel = this.deps.clock.schedule(BILLING_INTERVAL_MS, tick);
      this.enqueue();
    };
    tick();
  }

  stop(): Promise<void> {
    this.cancel?.();
    this.cancel = null;
    return this.pending;
  }

  /** Queues a billing run (also after a request issued invoices, so their mail goes out soon). */
  enqueue(): void {
    this.pending = this.pending
      .then(async () => {
        await this.deps.queue.enqueue(this.deps.db, { kind: 'billing', payload: {}, userId: null, dedupeKey: 'billing' });
        this.deps.queue.wake();
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'billing job not queued'));
  }

  /** Resolves when the jobs asked for so far are on the queue (tests, after moving the clock). */
  idle(): Promise<void> {
    return this.pending;
  }
}
