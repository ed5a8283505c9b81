import { AI_ADAPTATION_ENDPOINT, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requireUser } from '../../http/require-user';
import type { AiAdaptationService } from './ai-adaptation.service';

/**
 * `GET`, `PUT` (`{ enabled }`) and `DELETE` ("Reset") `/api/ai/adaptation`: the caller's learned
 * conventions, each answering the profile as it is afterwards. Under /api, so the bearer check has run.
 */
export function registerAiAdaptationRoutes(app: FastifyInstance, adaptation: AiAdaptationService): void {
  const { path } = AI_ADAPTATION_ENDPOINT;
  app.get(path, async (request) => ok(await adaptation.get(requireUser(request).userId)));
  app.put(path, async (request) => {
    const { userId } = requireUser(request);
    return ok(await adaptation.update(userId, parseBody(AI_ADAPTATION_ENDPOINT.update.body, request.body)));
  });
  app.delete(path, async (request) => ok(await adaptation.reset(requireUser(request).userId)));
}
