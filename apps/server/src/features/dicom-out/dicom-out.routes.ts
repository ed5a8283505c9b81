import { DICOM_CONTENT_TYPE, DICOM_OUT_ENDPOINTS, DICOM_OUT_KINDS, dicomOutFilename } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { DicomOutService } from './dicom-out.service';

/**
 * DICOM out (contract `DICOM_OUT_ENDPOINTS`, bearer endpoints), with the report PDF's request body: the
 * report as an Encapsulated PDF and the traced film as a Secondary Capture, each answering the `.dcm`
 * file as an attachment.
 */
export function registerDicomOutRoutes(app: FastifyInstance, dicomOut: DicomOutService): void {
  for (const kind of DICOM_OUT_KINDS) {
    route(app, DICOM_OUT_ENDPOINTS[kind], async (body, request, reply) => {
      const object = await dicomOut[kind](requireUser(request).actor, body);
      return reply
        .header('content-type', DICOM_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${dicomOutFilename(kind, body.chart_id)}"`)
        .header('cache-control', 'no-store')
        .send(object.bytes);
    });
  }
}
