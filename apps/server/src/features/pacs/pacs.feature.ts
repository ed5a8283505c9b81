import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerPacsRoutes } from './pacs.routes';
import { createPacsService } from './pacs.service';

/** Wires the PACS import (PACS_SERVERS, docs/pacs.md); with no server configured the list is empty and the web hides its buttons. */
export function registerPacsFeature(app: FastifyInstance, services: Services): void {
  registerPacsRoutes(app, createPacsService({ servers: services.config.pacs.servers, audit: services.audit }));
}
