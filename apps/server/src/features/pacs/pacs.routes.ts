import { ok, PACS_ENDPOINTS, pacsRetrieveRequestSchema, pacsSeriesRequestSchema, pacsStudySearchRequestSchema } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { clientOf, requireUser } from '../../http/require-user';
import type { PacsService } from './pacs.service';

/**
 * PACS import routes (contract pacs.ts), under /api (the bearer hook has run): the configured servers,
 * a study search, a study's series with thumbnails, and the retrieve of one instance as a `.dcm` file.
 * The three that reach the PACS are heavy requests of the user's budget (http/request-budget.ts).
 */
export function registerPacsRoutes(app: FastifyInstance, pacs: PacsService): void {
  app.get(PACS_ENDPOINTS.servers.path, async (request, reply) => {
    requireUser(request);
    return reply.header('cache-control', 'no-store').send(ok({ servers: pacs.servers() }));
  });

  app.post(PACS_ENDPOINTS.studies.path, async (request, reply) => {
    const { actor } = requireUser(request);
    const query = parseBody(pacsStudySearchRequestSchema, request.body);
    return reply.header('cache-control', 'no-store').send(ok(await pacs.search(actor, clientOf(request), query)));
  });

  app.post(PACS_ENDPOINTS.series.path, async (request, reply) => {
    const { actor } = requireUser(request);
    const body = parseBody(pacsSeriesRequestSchema, request.body);
    return reply.header('cache-control', 'no-store').send(ok({ series: await pacs.series(actor, clientOf(request), body) }));
  });

  app.post(PACS_ENDPOINTS.retrieve.path, async (request, reply) => {
    const { actor } = requireUser(request);
    const body = parseBody(pacsRetrieveRequestSchema, request.body);
    const { bytes, filename } = await pacs.retrieve(actor, clientOf(request), body);
    return reply
      .header('content-type', 'application/dicom')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
