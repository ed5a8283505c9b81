import { AUDIT_ENDPOINTS, auditPrintRequestSchema, auditQuerySchema, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { clientOf, requireUser } from '../../http/require-user';
import type { AuditTrailService } from './audit-trail.service';

/**
 * The caller's trail (events on their data or by them; with `scope=clinic`, the clinic's, for its
 * owner), its CSV, and the print event. Under /api: the bearer hook has run. Each handler validates
 * and calls one service method with the request's actor.
 */
export function registerAuditRoutes(app: FastifyInstance, trail: AuditTrailService): void {
  app.get(AUDIT_ENDPOINTS.list.path, async (request) =>
    ok(await trail.page(requireUser(request).actor, parseBody(auditQuerySchema, request.query))),
  );

  app.get(AUDIT_ENDPOINTS.csv.path, async (request, reply) => {
    const query = parseBody(auditQuerySchema, request.query);
    const stream = trail.csv(requireUser(request).actor, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="activity-log.csv"')
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.post(AUDIT_ENDPOINTS.print.path, async (request) => {
    const { chart_id } = parseBody(auditPrintRequestSchema, request.body);
    await trail.print(requireUser(request).actor, clientOf(request), chart_id);
    return ok({ recorded: true });
  });
}
