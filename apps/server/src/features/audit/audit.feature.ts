import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerAuditHooks } from './audit-http';
import { AuditRetention } from './audit-retention';
import { createAuditTargetRepository } from './audit-targets.repository';
import { createAuditTrailService } from './audit-trail.service';
import { createAuditRepository } from './audit.repository';
import { registerAuditRoutes } from './audit.routes';

/**
 * Wires the audit trail's REST hooks (recording the audited routes of other features), the owner's
 * trail routes and, in `worker` processes, the daily retention purge. Register right after the auth
 * feature, before the features it records. (The administrators' view is routed by features/admin.)
 */
export function registerAuditFeature(app: FastifyInstance, services: Services): void {
  const db = services.database.db;
  const repository = createAuditRepository(db);
  registerAuditHooks(app, services.audit);
  // Refusal floods are summarised when their minute is over (a clock timer); on shutdown, whatever is counted.
  app.addHook('onClose', () => services.audit.flushRefusals(true));
  registerAuditRoutes(app, createAuditTrailService({ repository, targets: createAuditTargetRepository(db), audit: services.audit }));
  const retention = new AuditRetention({
    repository,
    clock: services.clock,
    log: app.log,
    retentionDays: services.config.audit.retentionDays,
  });
  app.addHook('onReady', async () => {
    if (services.config.jobs.worker) retention.start();
  });
  app.addHook('onClose', () => retention.stop());
}
