import { MEMBERSHIP_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/require-user';
import type { MembershipService } from './membership.service';

/**
 * `GET /api/membership` and `POST /api/membership/cancel`: the caller's own subscription. The
 * bearer check has run; an account past its expiry got K024 there already.
 */
export function registerMembershipRoutes(app: FastifyInstance, membership: MembershipService): void {
  app.get(MEMBERSHIP_ENDPOINTS.get.path, async (request) => ok(await membership.get(requireUser(request).userId)));
  app.post(MEMBERSHIP_ENDPOINTS.cancel.path, async (request) => ok(await membership.cancel(requireUser(request).userId)));
}
