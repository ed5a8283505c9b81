import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';
import type { Roles } from '../roles';
import { sendError, toHttpError } from './error-handler';

/** The health probe's path (features/health answers it). */
export const HEALTH_PATH = '/healthz';

/**
 * A `worker` or `ai` process builds the same app (its features register their background work),
 * but its port answers only `/healthz`, for the orchestrator's probes: everything else is 404
 * before any route (GraphQL, the socket, files) runs.
 */
export function restrictToHealth(app: FastifyInstance, roles: Roles): void {
  if (roles.has('api')) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?', 1)[0] === HEALTH_PATH) return;
    return sendError(reply, toHttpError(new AppError('NOT_FOUND', 'This process serves no API.')));
  });
}
