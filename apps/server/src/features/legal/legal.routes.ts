import { LEGAL_DOCUMENT_ENDPOINT, ok, SITE_INFO_ENDPOINT } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import type { LegalService } from './legal.service';

/**
 * Public: the footer and the sign-up agreements link to the legal documents before anyone signs in.
 * `GET /public/legal/:doc?lang=` answers one document as blocks; `GET /public/site-info` the
 * footer's company and UDI lines.
 */
export function registerLegalRoutes(app: FastifyInstance, legal: LegalService): void {
  app.get(LEGAL_DOCUMENT_ENDPOINT.path, async (request, reply) => {
    const params = LEGAL_DOCUMENT_ENDPOINT.params.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', 'No such document.');
    const query = LEGAL_DOCUMENT_ENDPOINT.query.safeParse(request.query ?? {});
    if (!query.success) throw new AppError('VALIDATION_FAILED', undefined, { field: 'lang' });
    void reply.header('cache-control', 'no-cache');
    return ok(await legal.document(params.data.doc, query.data.lang));
  });

  app.get(SITE_INFO_ENDPOINT.path, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return ok(legal.siteInfo());
  });
}
