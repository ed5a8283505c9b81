import { DICOM_OUT_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { StoreBackService } from './store-back.service';

/** `DICOM_OUT_ENDPOINTS.storeBack` (bearer): the chart's report and traced film stored into their study on a configured PACS. */
export function registerStoreBackRoutes(app: FastifyInstance, storeBack: StoreBackService): void {
  route(app, DICOM_OUT_ENDPOINTS.storeBack, async (body, request, reply) => {
    const result = await storeBack.send(requireUser(request).actor, body);
    return reply.header('cache-control', 'no-store').send(ok(result));
  });
}
