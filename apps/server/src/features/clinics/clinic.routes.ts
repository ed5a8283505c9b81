import {
  acceptClinicInvitationRequestSchema,
  changeClinicRoleRequestSchema,
  CLINIC_ENDPOINTS,
  clinicInvitationParamsSchema,
  clinicMemberParamsSchema,
  createClinicRequestSchema,
  inviteClinicMemberRequestSchema,
  ok,
  switchSpaceRequestSchema,
} from '@ceppro/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requireUser } from '../../http/require-user';
import type { ClinicService } from './clinic.service';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

/**
 * `/api/clinic/*` (contract `CLINIC_ENDPOINTS`): the caller's clinic, its members and invitations, and
 * the space they work in. Under /api, so the bearer check has run; each answers the caller's clinic.
 */
export function registerClinicRoutes(app: FastifyInstance, clinics: ClinicService): void {
  const e = CLINIC_ENDPOINTS;
  app.get(e.get.path, async (request) => ok(await clinics.view(userOf(request))));
  app.post(e.create.path, async (request) => ok(await clinics.create(userOf(request), parseBody(createClinicRequestSchema, request.body))));
  app.post(e.invite.path, async (request) =>
    ok(await clinics.invite(userOf(request), parseBody(inviteClinicMemberRequestSchema, request.body))),
  );
  app.delete(e.revokeInvitation.path, async (request) =>
    ok(await clinics.revokeInvitation(userOf(request), parseBody(clinicInvitationParamsSchema, request.params).id)),
  );
  app.post(e.preview.path, async (request) =>
    ok(await clinics.preview(userOf(request), parseBody(acceptClinicInvitationRequestSchema, request.body).token)),
  );
  app.post(e.accept.path, async (request) =>
    ok(await clinics.accept(userOf(request), parseBody(acceptClinicInvitationRequestSchema, request.body).token)),
  );
  app.put(e.changeRole.path, async (request) => {
    const { uuid } = parseBody(clinicMemberParamsSchema, request.params);
    return ok(await clinics.changeRole(userOf(request), uuid, parseBody(changeClinicRoleRequestSchema, request.body).role));
  });
  app.delete(e.removeMember.path, async (request) =>
    ok(await clinics.removeMember(userOf(request), parseBody(clinicMemberParamsSchema, request.params).uuid)),
  );
  app.post(e.leave.path, async (request) => ok(await clinics.leave(userOf(request))));
  app.put(e.switchSpace.path, async (request) =>
    ok(await clinics.switchSpace(userOf(request), parseBody(switchSpaceRequestSchema, request.body).clinic_uuid)),
  );
}
