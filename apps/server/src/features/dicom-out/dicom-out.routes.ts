import { DICOM_CONTENT_TYPE, DICOM_OUT_ENDPOINTS, DICOM_OUT_KINDS, dicomOutFilename, dicomOutRequestSchema } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requireUser } from '../../http/require-user';
import type { DicomOutService } from './dicom-out.service';

/**
 * DICOM out routes, under /api (the bearer hook has run), with the report PDF's request body:
 * `POST /api/report/dicom/report` (the report as an Encapsulated PDF) and `POST /api/report/dicom/tracing`
 * (the traced film as a Secondary Capture), each answering the `.dcm` file as an attachment.
 */
export function registerDicomOutRoutes(app: FastifyInstance, dicomOut: DicomOutService): void {
  for (const kind of DICOM_OUT_KINDS) {
    app.post(DICOM_OUT_ENDPOINTS[kind].path, async (request, reply) => {
      const body = parseBody(dicomOutRequestSchema, request.body);
      const object = await dicomOut[kind](requireUser(request).actor, body);
      return reply
        .header('content-type', DICOM_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${dicomOutFilename(kind, body.chart_id)}"`)
        .header('cache-control', 'no-store')
        .send(object.bytes);
    });
  }
}
