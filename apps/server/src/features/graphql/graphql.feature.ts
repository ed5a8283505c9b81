import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { createAnalysisRecordRepository } from '../analysis-records';
import { createAnalysisRecordService } from '../analysis-records/analysis-record.service';
import type { AiAdaptationService } from '../ai-adaptation';
import type { SessionService } from '../auth/session.service';
import type { ImageService } from '../images/image.service';
import { createChartRepository } from '../charts';
import { createChartService } from '../charts/chart.service';
import { createPatientRepository } from '../patients';
import { createPatientService } from '../patients/patient.service';
import { createUserConfigRepository } from '../user-config';
import { createUserConfigService } from '../user-config/user-config.service';
import { registerGraphqlRoutes } from './graphql.routes';

/**
 * Wires patients, charts, analysis records (whose landmark saves teach clinic adaptation) and settings behind the graph
 * query service; `films` (features/images) answers a chart's film, so the viewer opens with one request.
 */
export function registerGraphqlFeature(
  app: FastifyInstance,
  services: Services,
  sessions: SessionService,
  options: { production: boolean },
  adaptation: AiAdaptationService,
  films: Pick<ImageService, 'download'>,
): void {
  const db = services.database.db;
  const patients = createPatientRepository(db);
  const charts = createChartRepository(db);
  registerGraphqlRoutes(app, {
    sessions,
    production: options.production,
    services: {
      patients: createPatientService(patients, { draftTtlS: services.config.drafts.ttlS }),
      charts: createChartService({ charts, patients, draftTtlS: services.config.drafts.ttlS }),
      analysisRecords: createAnalysisRecordService({ records: createAnalysisRecordRepository(db), charts, adaptation }),
      userConfig: createUserConfigService(createUserConfigRepository(db)),
      films,
      audit: services.audit,
    },
  });
}
