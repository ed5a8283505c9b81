import { ok, PACS_ENDPOINTS } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { clientOf, requireUser } from '../../http/require-user';
import type { PacsService } from './pacs.service';

/**
 * PACS import routes (contract pacs.ts), bearer endpoints (the check has run): the configured servers,
 * a study search, a study's series with thumbnails, and the retrieve of one instance as a `.dcm` file.
 * The three that reach the PACS declare the `heavy` limit of the user's budget (http/request-budget.ts).
 */
export function registerPacsRoutes(app: FastifyInstance, pacs: PacsService): void {
  route(app, PACS_ENDPOINTS.servers, async (_input, request, reply) => {
    requireUser(request);
    return reply.header('cache-control', 'no-store').send(ok({ servers: pacs.servers() }));
  });

  route(app, PACS_ENDPOINTS.studies, async (query, request, reply) => {
    const { actor } = requireUser(request);
    return reply.header('cache-control', 'no-store').send(ok(await pacs.search(actor, clientOf(request), query)));
  });

  route(app, PACS_ENDPOINTS.series, async (body, request, reply) => {
    const { actor } = requireUser(request);
    return reply.header('cache-control', 'no-store').send(ok({ series: await pacs.series(actor, clientOf(request), body) }));
  });

  route(app, PACS_ENDPOINTS.retrieve, async (body, request, reply) => {
    const { actor } = requireUser(request);
    const { bytes, filename } = await pacs.retrieve(actor, clientOf(request), body);
    return reply
      .header('content-type', 'application/dicom')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
