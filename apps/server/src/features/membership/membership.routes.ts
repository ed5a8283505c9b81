import { invoiceParamsSchema, MEMBERSHIP_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
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
  route(app, MEMBERSHIP_ENDPOINTS.invoicePdf, async (_input, request, reply) => {
    const { actor } = requireUser(request);
    // Not an invoice id at all reads as an unknown invoice.
    const params = invoiceParamsSchema.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', 'No such invoice.');
    const { invoice, pdf } = await membership.invoicePdf(actor, params.data.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="ceppro-invoice-${invoice.number}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
