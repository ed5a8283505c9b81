import { FILE_ENDPOINTS, landmarkRequestSchema, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { registerBearerScope, requireUser } from '../../http/require-user';
import type { SessionService } from '../auth/session.service';
import type { LandmarkService } from './landmark.service';

/** `POST /ai/ceppro/ceph-landmark` (form field or JSON `chart_id`); the request awaits the model's worker thread. */
export async function registerLandmarkRoutes(
  app: FastifyInstance,
  deps: { landmarks: LandmarkService; sessions: SessionService },
): Promise<void> {
  await registerBearerScope(app, deps.sessions, (scope) => {
    scope.post(FILE_ENDPOINTS.cephLandmark.path, async (request) => {
      const { chart_id } = parseBody(landmarkRequestSchema, request.body);
      return ok(await deps.landmarks.detect(requireUser(request).actor, chart_id));
    });
  });
}
