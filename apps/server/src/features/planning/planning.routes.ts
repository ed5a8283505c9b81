import { autoAlignRequestSchema, ok, PLANNING_ENDPOINTS, superimpositionRequestSchema } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { registerBearerScope, requireUser } from '../../http/require-user';
import type { SessionService } from '../auth/session.service';
import type { AutoAlignService } from './autoalign.service';
import type { SuperimpositionService } from './superimposition.service';

/**
 * Planning endpoints (contract planning.ts): `POST /ai/ceppro/ceph-autoalign` and
 * `POST /ai_api/superimposition`, JSON bodies. Outside /api, so they get their own bearer scope.
 */
export async function registerPlanningRoutes(
  app: FastifyInstance,
  deps: { autoAlign: AutoAlignService; superimposition: SuperimpositionService; sessions: SessionService },
): Promise<void> {
  await registerBearerScope(app, deps.sessions, (scope) => {
    scope.post(PLANNING_ENDPOINTS.autoAlign.path, async (request) => {
      const { chart_id } = parseBody(autoAlignRequestSchema, request.body);
      return ok(await deps.autoAlign.autoAlign(requireUser(request).actor, chart_id));
    });
    scope.post(PLANNING_ENDPOINTS.superimposition.path, async (request) =>
      ok(await deps.superimposition.superimpose(requireUser(request).actor, parseBody(superimpositionRequestSchema, request.body))),
    );
  });
}
