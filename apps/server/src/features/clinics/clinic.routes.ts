import { CLINIC_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { ClinicService } from './clinic.service';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

/**
 * The caller's clinic, its members and invitations, and the space they work in (contract
 * `CLINIC_ENDPOINTS`, bearer endpoints: the check has run); each answers the caller's clinic.
 */
export function registerClinicRoutes(app: FastifyInstance, clinics: ClinicService): void {
  const e = CLINIC_ENDPOINTS;
  route(app, e.get, async (_input, request) => ok(await clinics.view(userOf(request))));
  route(app, e.create, async (input, request) => ok(await clinics.create(userOf(request), input)));
  route(app, e.invite, async (input, request) => ok(await clinics.invite(userOf(request), input)));
  route(app, e.revokeInvitation, async (_input, request, _reply, { id }) => ok(await clinics.revokeInvitation(userOf(request), id)));
  route(app, e.preview, async ({ token }, request) => ok(await clinics.preview(userOf(request), token)));
  route(app, e.accept, async ({ token }, request) => ok(await clinics.accept(userOf(request), token)));
  route(app, e.changeRole, async ({ role }, request, _reply, { uuid }) => ok(await clinics.changeRole(userOf(request), uuid, role)));
  route(app, e.removeMember, async (_input, request, _reply, { uuid }) => ok(await clinics.removeMember(userOf(request), uuid)));
  route(app, e.leave, async (_input, request) => ok(await clinics.leave(userOf(request))));
  route(app, e.switchSpace, async ({ clinic_uuid }, request) => ok(await clinics.switchSpace(userOf(request), clinic_uuid)));
}
