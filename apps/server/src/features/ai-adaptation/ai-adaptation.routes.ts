import { AI_ADAPTATION_ENDPOINT, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { AiAdaptationService } from './ai-adaptation.service';

/**
 * `GET`, `PUT` (`{ enabled }`) and `DELETE` ("Reset") of the AI adaptation (contract `AI_ADAPTATION_ENDPOINT`):
 * the learned conventions of the caller's space (a clinic's, or their own), each answering the profile as it
 * is afterwards; changing it is `ai_profile.manage`. Bearer endpoints: the check has run.
 */
export function registerAiAdaptationRoutes(app: FastifyInstance, adaptation: AiAdaptationService): void {
  const { get, update, reset } = AI_ADAPTATION_ENDPOINT;
  route(app, get, async (_input, request) => ok(await adaptation.get(requireUser(request).actor)));
  route(app, update, async (input, request) => ok(await adaptation.update(requireUser(request).actor, input)));
  route(app, reset, async (_input, request) => ok(await adaptation.reset(requireUser(request).actor)));
}
