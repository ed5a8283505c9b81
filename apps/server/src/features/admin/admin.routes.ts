import { ADMIN_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint-route';
import { clientOf, requireUser } from '../../http/require-user';
import type { AdminAction, AdminCaller, AdminService } from './admin.service';

/** The audited actions of the admin endpoints (their declarations' `audit`): a refused caller is recorded under it. */
const ADMIN_ACTIONS: ReadonlySet<string> = new Set<AdminAction>([
  'admin.approve',
  'admin.set_expiry',
  'admin.unlock',
  'admin.change_type',
  'admin.audit_view',
]);
const isAdminAction = (action: string | undefined): action is AdminAction => action !== undefined && ADMIN_ACTIONS.has(action);

function callerOf(request: FastifyRequest): AdminCaller {
  const { ip, userAgent } = clientOf(request);
  return { userId: requireUser(request).userId, ip, userAgent };
}

/**
 * The `auth: 'admin'` endpoints (contract `ADMIN_ENDPOINTS`): the bearer check has run (401 without a
 * session); the guard (route()'s preHandler for `admin` endpoints) then answers 403 ADMIN_REQUIRED to
 * anyone whose account is not an admin, before any input is read.
 */
export async function registerAdminRoutes(app: FastifyInstance, admin: AdminService): Promise<void> {
  await app.register(async (scope) => {
    scope.decorate('adminGuard', async (request: FastifyRequest) => {
      const params = request.params as { uuid?: unknown } | undefined;
      const target = typeof params?.uuid === 'string' ? params.uuid.slice(0, 64) : undefined;
      const action = request.routeOptions.config.endpoint?.audit;
      await admin.authorize(callerOf(request), isAdminAction(action) ? action : undefined, target);
    });

    route(scope, ADMIN_ENDPOINTS.list, async (query, request) => ok(await admin.list(callerOf(request), query)));

    // Every account's audit trail; a non-admin's attempt is recorded as a denied `admin.audit_view`.
    route(scope, ADMIN_ENDPOINTS.auditEvents, async (query, request) => ok(await admin.auditPage(callerOf(request), query)));
    route(scope, ADMIN_ENDPOINTS.auditCsv, async (query, request, reply) => {
      const stream = await admin.auditCsv(callerOf(request), query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(stream);
    });

    route(scope, ADMIN_ENDPOINTS.approve, async (_input, request, _reply, { uuid }) => ok(await admin.approve(callerOf(request), uuid)));
    route(scope, ADMIN_ENDPOINTS.setExpiry, async ({ expires_at }, request, _reply, { uuid }) =>
      ok(await admin.setExpiry(callerOf(request), uuid, new Date(expires_at))),
    );
    route(scope, ADMIN_ENDPOINTS.unlock, async (_input, request, _reply, { uuid }) => ok(await admin.unlock(callerOf(request), uuid)));
    route(scope, ADMIN_ENDPOINTS.changeType, async ({ user_type }, request, _reply, { uuid }) =>
      ok(await admin.changeType(callerOf(request), uuid, user_type)),
    );
  });
}
