import {
  chartExportRequestSchema,
  batchExportRequestSchema,
  EXPORT_ENDPOINTS,
  EXPORT_HEADERS,
  EXPORT_MIME,
  landmarksExportRequestSchema,
} from '@ceppro/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requireUser } from '../../http/require-user';
import type { ExportService } from './export.service';

function attachment(reply: FastifyReply, contentType: string, filename: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
}

/**
 * Measurement exports (contract `EXPORT_ENDPOINTS`, layout in docs/exports.md). Under /api: the
 * bearer hook has run. Each route validates, calls one service method and sends the file.
 */
export function registerExportRoutes(app: FastifyInstance, exports: ExportService): void {
  app.post(EXPORT_ENDPOINTS.chart.path, async (request, reply) => {
    const body = parseBody(chartExportRequestSchema, request.body);
    const file = await exports.chart(requireUser(request).actor, body);
    return attachment(reply, file.contentType, file.filename).send(file.body);
  });

  app.post(EXPORT_ENDPOINTS.landmarks.path, async (request, reply) => {
    const body = parseBody(landmarksExportRequestSchema, request.body);
    const { filename, document } = await exports.landmarks(requireUser(request).actor, body.chart_id);
    return attachment(reply, EXPORT_MIME.json, filename).send(JSON.stringify(document, null, 2));
  });

  app.post(EXPORT_ENDPOINTS.batch.path, async (request, reply) => {
    const body = parseBody(batchExportRequestSchema, request.body);
    const batch = await exports.batch(requireUser(request).actor, body);
    return attachment(reply, batch.contentType, batch.filename)
      .header(EXPORT_HEADERS.charts, String(batch.charts))
      .header(EXPORT_HEADERS.rows, String(batch.rows))
      .send(batch.stream);
  });
}
