import { ok, REPORT_ENDPOINTS, reportModelParamsSchema, reportModelQuerySchema, reportPdfRequestSchema } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requireUser } from '../../http/require-user';
import type { ReportService } from './report.service';

/**
 * Report routes, under /api (the bearer hook has run):
 * `POST /api/report/pdf` (JSON `{ chart_id, analysis_id? | measurement_ids?, lang?, time_zone?, superimposition_table? }`): the PDF;
 * `GET /api/report/:chart_id/model?analysis_id=&measurement_ids=a,b&analysis_name=&lang=&time_zone=&superimposition_table=`: its model.
 */
export function registerReportRoutes(app: FastifyInstance, reports: ReportService): void {
  app.post(REPORT_ENDPOINTS.pdf.path, async (request, reply) => {
    const body = parseBody(reportPdfRequestSchema, request.body);
    const { pdf, filename } = await reports.pdf(requireUser(request).actor, body);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.get(REPORT_ENDPOINTS.model.path, async (request, reply) => {
    const { actor } = requireUser(request);
    const { chart_id } = parseBody(reportModelParamsSchema, request.params);
    const query = parseBody(reportModelQuerySchema, request.query);
    const model = await reports.model(actor, { ...query, chart_id });
    return reply.header('cache-control', 'no-store').send(ok(model));
  });
}
