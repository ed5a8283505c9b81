import { ok, REPORT_ENDPOINTS } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { ReportService } from './report.service';

/**
 * Report routes (contract `REPORT_ENDPOINTS`, bearer endpoints): the PDF
 * (JSON `{ chart_id, analysis_id? | measurement_ids?, lang?, time_zone?, superimposition_table? }`), and its
 * model for a chart (`?analysis_id=&measurement_ids=a,b&analysis_name=&lang=&time_zone=&superimposition_table=`).
 */
export function registerReportRoutes(app: FastifyInstance, reports: ReportService): void {
  route(app, REPORT_ENDPOINTS.pdf, async (body, request, reply) => {
    const { pdf, filename } = await reports.pdf(requireUser(request).actor, body);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  route(app, REPORT_ENDPOINTS.model, async (query, request, reply, { chart_id }) => {
    const { actor } = requireUser(request);
    const model = await reports.model(actor, { ...query, chart_id });
    return reply.header('cache-control', 'no-store').send(ok(model));
  });
}
