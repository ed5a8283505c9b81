import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { createAdminTrailService, createAuditRepository } from '../audit';
import { createAdminRepository } from './admin.repository';
import { registerAdminRoutes } from './admin.routes';
import { createAdminService, type MembershipAccess } from './admin.service';

/**
 * Wires administration: /api/admin for accounts with the admin role (accounts, and every account's
 * audit trail read through features/audit), audited through services.audit.
 * Expiry goes through the app's one membership service (its rules, provider and billing schedule).
 */
export async function registerAdminFeature(app: FastifyInstance, services: Services, membership: MembershipAccess): Promise<void> {
  const { database, clock, audit, config } = services;
  const trail = createAdminTrailService({ repository: createAuditRepository(database.db), retentionDays: config.audit.retentionDays });
  await registerAdminRoutes(app, createAdminService({ repository: createAdminRepository(database.db), membership, audit, trail, clock }));
}
