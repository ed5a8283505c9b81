import type { FastifyInstance } from 'fastify';
import type { ReportService } from '../reports/report.service';
import type { Services } from '../../services';
import { createDicomOutRepository } from './dicom-out.repository';
import { registerDicomOutRoutes } from './dicom-out.routes';
import { createDicomOutService, type DicomOutService } from './dicom-out.service';

/** Wires DICOM out on the app's report service (its PDF pool); answers the service for store back (features/pacs). */
export function registerDicomOutFeature(app: FastifyInstance, services: Services, reports: ReportService): DicomOutService {
  const dicomOut = createDicomOutService({
    reports,
    repository: createDicomOutRepository(services.database.db),
    storage: services.storage,
    clock: () => new Date(services.clock.now()),
  });
  registerDicomOutRoutes(app, dicomOut);
  return dicomOut;
}
