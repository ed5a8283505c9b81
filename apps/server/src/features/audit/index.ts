/**
 * The public surface of features/audit beyond its service (audit.service.ts): what the graph transport and
 * the admin bootstrap use. Everything else in this folder is internal (eslint.config.js, server-boundaries block).
 */
export { withGraphAudit, type AuditGraphContext } from './audit-graph';
export { createAuditRepository } from './audit.repository';
