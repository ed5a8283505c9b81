import { MEMBERSHIP_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { MembershipService } from './membership.service';

/**
 * The subscription and invoices of the caller's space (their own, or their clinic's), contract
 * `MEMBERSHIP_ENDPOINTS`. The bearer check has run; an account past its expiry got K024 there already.
 */
export function registerMembershipRoutes(app: FastifyInstance, membership: MembershipService): void {
  route(app, MEMBERSHIP_ENDPOINTS.get, async (_input, request) => ok(await membership.get(requireUser(request).actor)));
  route(app, MEMBERSHIP_ENDPOINTS.cancel, async (_input, request) => ok(await membership.cancel(requireUser(request).actor)));
  // Not an invoice id at all reads as an unknown invoice (the declaration's `paramsRefusal`).
  route(app, MEMBERSHIP_ENDPOINTS.invoicePdf, async (_input, request, reply, { id }) => {
    const { actor } = requireUser(request);
    const { invoice, pdf } = await membership.invoicePdf(actor, id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="ceppro-invoice-${invoice.number}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
