/**
 * The public surface of features/audit beyond its service (audit.service.ts): what the graph transport,
 * the admin bootstrap and the admin feature (the administrators' view of the trail) use. Everything
 * else in this folder is internal (eslint.config.js, server-boundaries block).
 */
export { withGraphAudit, type AuditGraphContext } from './audit-graph';
export { createAuditRepository } from './audit.repository';
export { createAdminTrailService, type AdminAuditQueryInput, type AdminTrailService } from './audit-admin-trail.service';
