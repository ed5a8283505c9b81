import { MODEL_CARD_ENDPOINT, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import type { ModelCardService } from './model-card.service';

/**
 * `MODEL_CARD_ENDPOINT`: the served model's card in the envelope. A bearer endpoint: the card holds no
 * patient data, but it is shown inside the signed-in app (reached from the viewer) and every /api
 * endpoint but the token refresh requires sign-in; keeping that rule whole is worth more than an
 * anonymous reader.
 */
export function registerModelCardRoutes(app: FastifyInstance, cards: ModelCardService): void {
  route(app, MODEL_CARD_ENDPOINT, async () => ok(await cards.card()));
}
