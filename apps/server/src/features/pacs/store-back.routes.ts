import { DICOM_OUT_ENDPOINTS, ok, pacsStoreBackRequestSchema } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requireUser } from '../../http/require-user';
import type { StoreBackService } from './store-back.service';

/** `POST /api/pacs/store-back` (bearer): the chart's report and traced film stored into their study on a configured PACS. */
export function registerStoreBackRoutes(app: FastifyInstance, storeBack: StoreBackService): void {
  app.post(DICOM_OUT_ENDPOINTS.storeBack.path, async (request, reply) => {
    const body = parseBody(pacsStoreBackRequestSchema, request.body);
    const result = await storeBack.send(requireUser(request).actor, body);
    return reply.header('cache-control', 'no-store').send(ok(result));
  });
}
