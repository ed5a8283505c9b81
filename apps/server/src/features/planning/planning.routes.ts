import { ok, PLANNING_ENDPOINTS } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { AutoAlignService } from './autoalign.service';
import type { SuperimpositionService } from './superimposition.service';

/** Planning endpoints (contract planning.ts): the facial photo's auto-alignment and the superimposition, JSON bodies. */
export function registerPlanningRoutes(
  app: FastifyInstance,
  deps: { autoAlign: AutoAlignService; superimposition: SuperimpositionService },
): void {
  route(app, PLANNING_ENDPOINTS.autoAlign, async ({ chart_id }, request) =>
    ok(await deps.autoAlign.autoAlign(requireUser(request).actor, chart_id)),
  );
  route(app, PLANNING_ENDPOINTS.superimposition, async (input, request) =>
    ok(await deps.superimposition.superimpose(requireUser(request).actor, input)),
  );
}
