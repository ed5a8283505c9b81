import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { createNoticeRepository } from './notice.repository';
import { registerNoticeRoutes } from './notice.routes';
import { createNoticeService } from './notice.service';

/** Wires the operator's notices and the public route that serves them. */
export function registerNoticesFeature(app: FastifyInstance, services: Services): void {
  registerNoticeRoutes(app, createNoticeService({ repository: createNoticeRepository(services.database.db), clock: services.clock }));
}
