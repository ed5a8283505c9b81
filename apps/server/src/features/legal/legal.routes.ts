import { LEGAL_DOCUMENT_ENDPOINT, ok, SITE_INFO_ENDPOINT } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import type { LegalService } from './legal.service';

/**
 * Public: the footer and the sign-up agreements link to the legal documents before anyone signs in.
 * `LEGAL_DOCUMENT_ENDPOINT` answers one document as blocks (`?lang=`); `SITE_INFO_ENDPOINT` the
 * footer's company and UDI lines.
 */
export function registerLegalRoutes(app: FastifyInstance, legal: LegalService): void {
  // Another document name is NOT_FOUND (the declaration's `paramsRefusal`).
  route(app, LEGAL_DOCUMENT_ENDPOINT, async ({ lang }, _request, reply, { doc }) => {
    void reply.header('cache-control', 'no-cache');
    return ok(await legal.document(doc, lang));
  });

  route(app, SITE_INFO_ENDPOINT, async (_input, _request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return ok(legal.siteInfo());
  });
}
