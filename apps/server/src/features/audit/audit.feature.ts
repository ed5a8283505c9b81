import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerAuditHooks } from './audit-http';
import { createAuditTargetRepository } from './audit-targets.repository';
import { createAuditTrailService } from './audit-trail.service';
import { createAuditRepository } from './audit.repository';
import { registerAuditRoutes } from './audit.routes';

/**
 * Wires the audit trail's REST hooks (recording the audited routes of other features) and the
 * owner's trail routes. Register right after the auth feature, before the features it records.
 */
export function registerAuditFeature(app: FastifyInstance, services: Services): void {
  const db = services.database.db;
  registerAuditHooks(app, services.audit);
  // Refusal floods are summarised when their minute is over (a clock timer); on shutdown, whatever is counted.
  app.addHook('onClose', () => services.audit.flushRefusals(true));
  registerAuditRoutes(
    app,
    createAuditTrailService({ repository: createAuditRepository(db), targets: createAuditTargetRepository(db), audit: services.audit }),
  );
}
