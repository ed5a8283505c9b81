import { CONSULTATION_ENDPOINTS, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { ConsultationService } from './consultation-service';

/**
 * Consultation routes (contract `CONSULTATION_ENDPOINTS`, bearer endpoints): the one-page PDF
 * (JSON `{ chart_id, lang?, time_zone? }`), and its model for a chart (`?lang=&time_zone=`).
 */
export function registerConsultationRoutes(app: FastifyInstance, consultations: ConsultationService): void {
  route(app, CONSULTATION_ENDPOINTS.pdf, async (body, request, reply) => {
    const { pdf, filename } = await consultations.pdf(requireUser(request).actor, body);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  route(app, CONSULTATION_ENDPOINTS.model, async (query, request, reply, { chart_id }) => {
    const { actor } = requireUser(request);
    const model = await consultations.model(actor, { ...query, chart_id });
    return reply.header('cache-control', 'no-store').send(ok(model));
  });
}
