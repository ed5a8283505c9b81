import {
  CONSULTATION_ENDPOINTS,
  consultationModelParamsSchema,
  consultationModelQuerySchema,
  consultationPdfRequestSchema,
  ok,
} from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requireUser } from '../../http/require-user';
import type { ConsultationService } from './consultation-service';

/**
 * Consultation routes, next to the report's under /api (the bearer hook has run):
 * `POST /api/report/consultation/pdf` (JSON `{ chart_id, lang?, time_zone? }`): the one-page PDF;
 * `GET /api/report/:chart_id/consultation?lang=&time_zone=`: its model.
 */
export function registerConsultationRoutes(app: FastifyInstance, consultations: ConsultationService): void {
  app.post(CONSULTATION_ENDPOINTS.pdf.path, async (request, reply) => {
    const body = parseBody(consultationPdfRequestSchema, request.body);
    const { pdf, filename } = await consultations.pdf(requireUser(request).actor, body);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.get(CONSULTATION_ENDPOINTS.model.path, async (request, reply) => {
    const { actor } = requireUser(request);
    const { chart_id } = parseBody(consultationModelParamsSchema, request.params);
    const query = parseBody(consultationModelQuerySchema, request.query);
    const model = await consultations.model(actor, { ...query, chart_id });
    return reply.header('cache-control', 'no-store').send(ok(model));
  });
}
