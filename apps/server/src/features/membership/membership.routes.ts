import { invoiceParamsSchema, MEMBERSHIP_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import { requireUser } from '../../http/require-user';
import type { MembershipService } from './membership.service';

/**
 * `GET /api/membership`, `POST /api/membership/cancel` and `GET /api/membership/invoices/:id/pdf`:
 * the subscription and invoices of the caller's space (their own, or their clinic's). The bearer check has run; an account past its expiry
 * got K024 there already.
 */
export function registerMembershipRoutes(app: FastifyInstance, membership: MembershipService): void {
  app.get(MEMBERSHIP_ENDPOINTS.get.path, async (request) => ok(await membership.get(requireUser(request).actor)));
  app.post(MEMBERSHIP_ENDPOINTS.cancel.path, async (request) => ok(await membership.cancel(requireUser(request).actor)));
  app.get(MEMBERSHIP_ENDPOINTS.invoicePdf.path, async (request, reply) => {
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
