import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { createAiAdaptationRepository } from './ai-adaptation.repository';
import { registerAiAdaptationRoutes } from './ai-adaptation.routes';
import { createAiAdaptationService, type AiAdaptationService } from './ai-adaptation.service';

/**
 * Wires clinic adaptation: its routes, and the one service the landmark saves (analysis records)
 * learn through and the detection job applies; returned so app.ts hands it to both.
 */
export function registerAiAdaptationFeature(app: FastifyInstance, services: Services): AiAdaptationService {
  const adaptation = createAiAdaptationService({
    repository: createAiAdaptationRepository(services.database.db),
    clock: services.clock,
    log: app.log,
  });
  registerAiAdaptationRoutes(app, adaptation);
  return adaptation;
}
