import { AUDIT_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { clientOf, requireUser } from '../../http/require-user';
import type { AuditTrailService } from './audit-trail.service';

/**
 * The caller's trail (events on their data or by them; with `scope=clinic`, the clinic's, for its
 * owner), its CSV, and the print event (contract `AUDIT_ENDPOINTS`, bearer endpoints: the check has
 * run). Each handler gets the validated input and calls one service method with the request's actor.
 */
export function registerAuditRoutes(app: FastifyInstance, trail: AuditTrailService): void {
  route(app, AUDIT_ENDPOINTS.list, async (query, request) => ok(await trail.page(requireUser(request).actor, query)));

  route(app, AUDIT_ENDPOINTS.csv, async (query, request, reply) => {
    const stream = trail.csv(requireUser(request).actor, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="activity-log.csv"')
      .header('cache-control', 'no-store')
      .send(stream);
  });

  route(app, AUDIT_ENDPOINTS.print, async ({ chart_id }, request) => {
    await trail.print(requireUser(request).actor, clientOf(request), chart_id);
    return ok({ recorded: true });
  });
}
