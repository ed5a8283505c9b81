import type { PacsStoreBackRequest, PacsStoreBackResponse } from '@ceppro/contract';
import type { ActorRef } from '../../access/index';
import { AppError } from '../../errors/app-error';
import type { DicomOutService } from '../dicom-out/dicom-out.service';
import type { PacsServer } from './pacs-config';
import { stowRs } from './stow';

/**
 * Store back (docs/dicom-out.md): the chart's report (Encapsulated PDF) and traced film (Secondary
 * Capture), made by DICOM out with the same checks as the report PDF, stored with one STOW-RS request
 * into their study (the film's own study when the film came from a DICOM) on a configured PACS.
 */
export function createStoreBackService(deps: { servers: readonly PacsServer[]; dicomOut: DicomOutService }) {
  return {
    async send(ref: ActorRef, request: PacsStoreBackRequest): Promise<PacsStoreBackResponse> {
      const server = deps.servers.find((s) => s.id === request.server);
      if (!server) throw new AppError('PACS_NOT_FOUND', 'No PACS with this id is configured.', { field: 'server' });
      const { server: _server, ...report } = request;
      const objects = await deps.dicomOut.both(ref, report);
      const studyUid = objects[0].studyInstanceUid;
      await stowRs(
        server,
        studyUid,
        objects.map((o) => ({ sopInstanceUid: o.sopInstanceUid, bytes: o.bytes })),
      );
      return {
        server: server.id,
        study_uid: studyUid,
        instances: objects.map((o) => ({
          kind: o.kind,
          sop_class_uid: o.sopClassUid,
          series_uid: o.seriesInstanceUid,
          instance_uid: o.sopInstanceUid,
        })),
      };
    },
  };
}

export type StoreBackService = ReturnType<typeof createStoreBackService>;
