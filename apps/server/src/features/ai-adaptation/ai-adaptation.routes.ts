import { AI_ADAPTATION_ENDPOINT, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requireUser } from '../../http/require-user';
import type { AiAdaptationService } from './ai-adaptation.service';

/**
 * `GET`, `PUT` (`{ enabled }`) and `DELETE` ("Reset") `/api/ai/adaptation`: the learned conventions of
 * the caller's space (a clinic's, or their own), each answering the profile as it is afterwards;
 * changing it is `ai_profile.manage`. Under /api, so the bearer check has run.
 */
export function registerAiAdaptationRoutes(app: FastifyInstance, adaptation: AiAdaptationService): void {
  const { path } = AI_ADAPTATION_ENDPOINT;
  app.get(path, async (request) => ok(await adaptation.get(requireUser(request).actor)));
  app.put(path, async (request) => {
    const { actor } = requireUser(request);
    return ok(await adaptation.update(actor, parseBody(AI_ADAPTATION_ENDPOINT.update.body, request.body)));
  });
  app.delete(path, async (request) => ok(await adaptation.reset(requireUser(request).actor)));
}
