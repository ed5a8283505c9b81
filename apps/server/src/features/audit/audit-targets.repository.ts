import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { analysisRecords, chartData, charts, patients, uploads } from '../../db/schema/index';

/** What an event is about, as the request named it. */
export type TargetRef =
  | { kind: 'patient'; id: number }
  | { kind: 'chart'; by: 'id'; id: number }
  | { kind: 'chart'; by: 'uuid' | 'chart_id'; id: string }
  | { kind: 'chart_data'; id: number }
  | { kind: 'analysis_record'; id: number }
  | { kind: 'upload'; id: string };

/** The target's real owner and patient, read regardless of who asked (and of soft deletes). */
export interface ResolvedTarget {
  ownerUserId: number;
  patientId: number;
  /** The chart's `chart_id` string when the target is (in) a chart. */
  chartId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT_MAX = 2_147_483_647;

/**
 * Ownership look-ups for the trail only: they answer "whose is this?" for any id, so a refused
 * cross-user request is recorded against the real owner. Never used to serve data.
 */
export function createAuditTargetRepository(db: AppDatabase) {
  const chartColumns = { ownerUserId: patients.userId, patientId: patients.id, chartId: charts.chartId };
  const fromCharts = () => db.select(chartColumns).from(charts).innerJoin(patients, eq(patients.id, charts.patientRef));

  return {
    async resolve(target: TargetRef): Promise<ResolvedTarget | null> {
      if (typeof target.id === 'number' && (!Number.isSafeInteger(target.id) || target.id < 1 || target.id > INT_MAX)) return null;
      if (typeof target.id === 'string' && target.kind !== 'chart' && !UUID.test(target.id)) return null;
      switch (target.kind) {
        case 'patient': {
          const [row] = await db
            .select({ ownerUserId: patients.userId, patientId: patients.id })
            .from(patients)
            .where(eq(patients.id, target.id));
          return row ? { ...row, chartId: null } : null;
        }
        case 'chart': {
          if (target.by === 'id') return first(await fromCharts().where(eq(charts.id, target.id)));
          if (!UUID.test(target.id)) return null;
          return first(await fromCharts().where(target.by === 'uuid' ? eq(charts.uuid, target.id) : eq(charts.chartId, target.id)));
        }
        case 'chart_data':
          return first(await fromCharts().innerJoin(chartData, eq(chartData.chartRef, charts.id)).where(eq(chartData.id, target.id)));
        case 'analysis_record':
          return first(
            await fromCharts().innerJoin(analysisRecords, eq(analysisRecords.chartRef, charts.id)).where(eq(analysisRecords.id, target.id)),
          );
        case 'upload':
          return first(await fromCharts().innerJoin(uploads, eq(uploads.chartRef, charts.id)).where(eq(uploads.id, target.id)));
      }
    },
  };
}

function first<T>(rows: T[]): T | null {
  return rows[0] ?? null;
}

export type AuditTargetRepository = ReturnType<typeof createAuditTargetRepository>;
