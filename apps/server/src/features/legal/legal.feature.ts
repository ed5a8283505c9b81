import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerLegalRoutes } from './legal.routes';
import { createLegalService } from './legal.service';

/** Wires the legal documents (LEGAL_DIR, else the shipped templates) and the footer's identity lines. */
export function registerLegalFeature(app: FastifyInstance, services: Services): void {
  registerLegalRoutes(app, createLegalService(services.config.legal));
}
