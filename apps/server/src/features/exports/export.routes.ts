import { EXPORT_ENDPOINTS, EXPORT_HEADERS, EXPORT_MIME } from '@ceppro/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { ExportService } from './export.service';

function attachment(reply: FastifyReply, contentType: string, filename: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
}

/**
 * Measurement exports (contract `EXPORT_ENDPOINTS`, layout in docs/exports.md), bearer endpoints: the
 * check has run. Each route gets the validated body, calls one service method and sends the file.
 */
export function registerExportRoutes(app: FastifyInstance, exports: ExportService): void {
  route(app, EXPORT_ENDPOINTS.chart, async (body, request, reply) => {
    const file = await exports.chart(requireUser(request).actor, body);
    return attachment(reply, file.contentType, file.filename).send(file.body);
  });

  route(app, EXPORT_ENDPOINTS.landmarks, async (body, request, reply) => {
    const { filename, document } = await exports.landmarks(requireUser(request).actor, body.chart_id);
    return attachment(reply, EXPORT_MIME.json, filename).send(JSON.stringify(document, null, 2));
  });

  route(app, EXPORT_ENDPOINTS.batch, async (body, request, reply) => {
    const batch = await exports.batch(requireUser(request).actor, body);
    return attachment(reply, batch.contentType, batch.filename)
      .header(EXPORT_HEADERS.charts, String(batch.charts))
      .header(EXPORT_HEADERS.rows, String(batch.rows))
      .send(batch.stream);
  });
}
