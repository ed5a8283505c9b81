import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import type { PdfRender } from '../../pdf/index';
import { BillingScheduler, billingJobHandler, createBillingRun, type BillingRun } from './billing.job';
import { createInvoiceRepository } from './invoice.repository';
import { createMembershipRepository } from './membership.repository';
import { registerMembershipRoutes } from './membership.routes';
import { createMembershipService, type MembershipService } from './membership.service';
import { createPaymentProvider } from './provider-registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** The billing run and its schedule; tests run it after moving the clock. */
    billing: { run(): Promise<BillingRun>; scheduler: BillingScheduler };
  }
}

/**
 * Wires membership: the subscription state machine behind /api/membership, the configured payment
 * provider, and billing as a 'billing' job on the images feature's job runner (registered before
 * this one), queued hourly on the injected clock by `worker` processes. Invoice PDFs are laid out by
 * `renderPdf`: the app's PDF pool, in a worker thread.
 */
export function registerMembershipFeature(app: FastifyInstance, services: Services, renderPdf: PdfRender): MembershipService {
  const { database, clock, config, mailer } = services;
  const db = database.db;
  const { seller } = config.billing;
  const provider = createPaymentProvider(config.billing.provider, { mailer, seller, renderPdf });
  const invoices = createInvoiceRepository(db);
  const scheduler = new BillingScheduler({ db, queue: app.background.queue, clock, log: app.log });
  const membership = createMembershipService({
    repository: createMembershipRepository(db),
    invoices,
    provider,
    seller,
    renderPdf,
    clock,
    onIssued: () => scheduler.enqueue(),
  });
  const run = createBillingRun({ membership, invoices, provider, clock, log: app.log });
  app.background.runner.register('billing', billingJobHandler(run));
  app.decorate('billing', { run, scheduler });
  registerMembershipRoutes(app, membership);
  app.addHook('onReady', async () => {
    if (config.jobs.worker) scheduler.start();
  });
  app.addHook('onClose', () => scheduler.stop());
  // The admin feature sets expiry dates through this same service (one provider, one billing schedule).
  return membership;
}
