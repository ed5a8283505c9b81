import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { createAutoAlignService } from './autoalign.service';
import { createPlanningRepository } from './planning.repository';
import { registerPlanningRoutes } from './planning.routes';
import { createSuperimpositionService } from './superimposition.service';

/** Wires treatment planning: facial photo auto-alignment and the superimposition of films. */
export function registerPlanningFeature(app: FastifyInstance, services: Services): void {
  const planning = createPlanningRepository(services.database.db);
  registerPlanningRoutes(app, {
    autoAlign: createAutoAlignService({ planning, storage: services.storage, log: app.log }),
    superimposition: createSuperimpositionService({ planning }),
  });
}
