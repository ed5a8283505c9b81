import { FILE_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { LandmarkService } from './landmark.service';

/** `POST /ai/ceppro/ceph-landmark` (form field or JSON `chart_id`); the request awaits the model's worker thread. */
export function registerLandmarkRoutes(app: FastifyInstance, deps: { landmarks: LandmarkService }): void {
  route(app, FILE_ENDPOINTS.cephLandmark, async ({ chart_id }, request) =>
    ok(await deps.landmarks.detect(requireUser(request).actor, chart_id)),
  );
}
