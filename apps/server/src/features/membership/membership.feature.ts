import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { createMembershipRepository } from './membership.repository';
import { registerMembershipRoutes } from './membership.routes';
import { createMembershipService } from './membership.service';

/** Wires membership: the subscription state machine behind /api/membership. */
export function registerMembershipFeature(app: FastifyInstance, services: Services): void {
  registerMembershipRoutes(app, createMembershipService({ repository: createMembershipRepository(services.database.db), clock: services.clock }));
}
