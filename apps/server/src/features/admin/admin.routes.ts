import {
  ADMIN_ENDPOINTS,
  adminAccountsQuerySchema,
  adminAuditQuerySchema,
  adminChangeTypeRequestSchema,
  adminSetExpiryRequestSchema,
  ok,
} from '@ceppro/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { clientOf, requireUser } from '../../http/require-user';
import { accountParamsSchema } from './admin.schemas';
import type { AdminAction, AdminCaller, AdminService } from './admin.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audited action of an admin route: a refused caller is recorded under it. */
    adminAction?: AdminAction;
  }
}

function callerOf(request: FastifyRequest): AdminCaller {
  const { ip, userAgent } = clientOf(request);
  return { userId: requireUser(request).userId, ip, userAgent };
}

const uuidOf = (request: FastifyRequest) => parseBody(accountParamsSchema, request.params).uuid;

/**
 * `/api/admin/*`: the bearer check has run (401 without a session); the guard then answers
 * 403 ADMIN_REQUIRED to anyone whose account is not an admin, before any input is read.
 */
export async function registerAdminRoutes(app: FastifyInstance, admin: AdminService): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      const params = request.params as { uuid?: unknown } | undefined;
      const target = typeof params?.uuid === 'string' ? params.uuid.slice(0, 64) : undefined;
      await admin.authorize(callerOf(request), request.routeOptions.config.adminAction, target);
    });

    scope.get(ADMIN_ENDPOINTS.list.path, async (request) =>
      ok(await admin.list(callerOf(request), parseBody(adminAccountsQuerySchema, request.query))),
    );

    // Every account's audit trail; a non-admin's attempt is recorded as a denied `admin.audit_view`.
    scope.get(ADMIN_ENDPOINTS.auditEvents.path, { config: { adminAction: 'admin.audit_view' } }, async (request) =>
      ok(await admin.auditPage(callerOf(request), parseBody(adminAuditQuerySchema, request.query))),
    );
    scope.get(ADMIN_ENDPOINTS.auditCsv.path, { config: { adminAction: 'admin.audit_view' } }, async (request, reply) => {
      const stream = await admin.auditCsv(callerOf(request), parseBody(adminAuditQuerySchema, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(stream);
    });

    scope.post(ADMIN_ENDPOINTS.approve.path, { config: { adminAction: 'admin.approve' } }, async (request) =>
      ok(await admin.approve(callerOf(request), uuidOf(request))),
    );
    scope.post(ADMIN_ENDPOINTS.setExpiry.path, { config: { adminAction: 'admin.set_expiry' } }, async (request) => {
      const { expires_at } = parseBody(adminSetExpiryRequestSchema, request.body);
      return ok(await admin.setExpiry(callerOf(request), uuidOf(request), new Date(expires_at)));
    });
    scope.post(ADMIN_ENDPOINTS.unlock.path, { config: { adminAction: 'admin.unlock' } }, async (request) =>
      ok(await admin.unlock(callerOf(request), uuidOf(request))),
    );
    scope.post(ADMIN_ENDPOINTS.changeType.path, { config: { adminAction: 'admin.change_type' } }, async (request) => {
      const { user_type } = parseBody(adminChangeTypeRequestSchema, request.body);
      return ok(await admin.changeType(callerOf(request), uuidOf(request), user_type));
    });
  });
}
