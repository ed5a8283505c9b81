import { MODEL_CARD_ENDPOINT, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/require-user';
import type { ModelCardService } from './model-card.service';

/**
 * `GET /api/model/card`: the served model's card in the envelope. Under /api, so the bearer hook
 * has run: the card holds no patient data, but it is shown inside the signed-in app (reached from
 * the viewer) and every /api route but the token refresh requires sign-in; keeping that rule
 * whole is worth more than an anonymous reader.
 */
export function registerModelCardRoutes(app: FastifyInstance, cards: ModelCardService): void {
  app.get(MODEL_CARD_ENDPOINT.path, async (request) => {
    requireUser(request);
    return ok(await cards.card());
  });
}
