import { CLINIC_ACCEPT_PAGE } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import type { SessionService } from '../auth/session.service';
import type { MembershipService } from '../membership/membership.service';
import { createClinicMails } from './clinic-mail';
import { createClinicRepository } from './clinic.repository';
import { registerClinicRoutes } from './clinic.routes';
import { createClinicService, type ClinicService } from './clinic.service';

/** Wires clinics: members, invitations (mailed through the app's mailer) and the space switch. */
export function registerClinicsFeature(
  app: FastifyInstance,
  services: Services,
  sessions: Pick<SessionService, 'spaceChanged'>,
  membership: Pick<MembershipService, 'syncMemberExpiry'>,
): ClinicService {
  const clinics = createClinicService({
    repository: createClinicRepository(services.database.db),
    mails: createClinicMails(services.mailer),
    clock: services.clock,
    spaceChanged: (userId) => sessions.spaceChanged(userId),
    membershipChanged: (userId) => membership.syncMemberExpiry(userId),
    acceptUrl: (token) => `${services.publicUrl.get()}${CLINIC_ACCEPT_PAGE}?token=${encodeURIComponent(token)}`,
  });
  registerClinicRoutes(app, clinics);
  return clinics;
}
