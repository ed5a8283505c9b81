import { REPORT_ENDPOINTS, reportPdfRequestSchema } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../auth/parse-body';
import { requireUser } from '../auth/require-user';
import type { ReportService } from './report.service';

/** `POST /api/report/pdf` (JSON `{ chart_id, analysis_id? }`): the chart's report as a PDF attachment. Under /api: the bearer hook has run. */
export function registerReportRoutes(app: FastifyInstance, reports: ReportService): void {
  app.post(REPORT_ENDPOINTS.pdf.path, async (request, reply) => {
    const body = parseBody(reportPdfRequestSchema, request.body);
    const { pdf, filename } = await reports.pdf(requireUser(request).userId, body);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
