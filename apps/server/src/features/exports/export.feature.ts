import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { createExportRepository } from './export.repository';
import { registerExportRoutes } from './export.routes';
import { createExportService } from './export.service';

/** Measurement and landmark exports: routes -> service -> repository, progress over the event bus. */
export function registerExportsFeature(app: FastifyInstance, services: Services): void {
  registerExportRoutes(
    app,
    createExportService({
      exports: createExportRepository(services.database.db),
      events: services.events,
      clock: () => new Date(services.clock.now()),
    }),
  );
}
