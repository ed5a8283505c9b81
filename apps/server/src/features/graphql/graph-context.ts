import type { Actor } from '../../access/index';
import type { AuditService } from '../audit/audit.service';
import type { AnalysisRecordService } from '../analysis-records/analysis-record.service';
import type { ChartService } from '../charts/chart.service';
import type { ImageService } from '../images/image.service';
import type { PatientService } from '../patients/patient.service';
import type { UserConfigService } from '../user-config/user-config.service';
import type { AnswerBudget } from './graph-answer';

/** Per request: the authenticated caller. Resolvers pass `actor` (their space and role) to every service call. */
export interface GraphContext {
  userId: number;
  /** Resolved once per request with the session (the access policy's `Actor`). */
  actor: Actor;
  /** The caller's address and browser, for the audit trail. */
  client?: { ip: string; userAgent: string | null };
  /** What this request's answer may still carry of stored documents (graph-answer.ts). */
  answer: AnswerBudget;
}

export interface GraphServices {
  patients: PatientService;
  charts: ChartService;
  analysisRecords: AnalysisRecordService;
  userConfig: UserConfigService;
  /** A chart's film to show (features/images), read with the chart for the viewer's first paint. */
  films: Pick<ImageService, 'download'>;
  /** Records views and changes of patient data (features/audit). */
  audit: AuditService;
}

export type SortOrder = 'asc' | 'desc';
