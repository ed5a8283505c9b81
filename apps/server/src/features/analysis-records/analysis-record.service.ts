import type { VersionedJson } from '../../db/schema/columns';
import { AppError } from '../../errors/app-error';
import { isUniqueViolation } from '../auth/auth.repository';
import type { ChartRepository } from '../charts/chart.repository';
import type { AnalysisRecordRepository, AnalysisRecordRow, AnalysisRecordValues } from './analysis-record.repository';
import { analysisRecordInputSchema, type AnalysisRecordInput } from './analysis-record.schemas';

const COLUMNS = {
  infer_result: 'inferResult',
  modified_result: 'modifiedResult',
  profilogram_result: 'profilogramResult',
  ruler_info: 'rulerInfo',
  superimposition_data: 'superimpositionData',
  vto_sto_config: 'vtoStoConfig',
  drawing_result: 'drawingResult',
} as const satisfies Record<string, keyof AnalysisRecordValues>;

/** Only the fields present in the input become column values, so an update of one document never rewrites another. */
function toValues(input: AnalysisRecordInput): AnalysisRecordValues {
  const parsed = analysisRecordInputSchema.parse(input);
  const values: AnalysisRecordValues = {};
  for (const [field, column] of Object.entries(COLUMNS) as Array<[keyof typeof COLUMNS, (typeof COLUMNS)[keyof typeof COLUMNS]]>) {
    const value = parsed[field];
    if (value !== undefined) values[column] = value as VersionedJson | null;
  }
  if (parsed.img_size !== undefined) values.imgSize = parsed.img_size;
  return values;
}

export function createAnalysisRecordService(deps: { records: AnalysisRecordRepository; charts: ChartRepository }) {
  const { records, charts } = deps;
  return {
    list: (userId: number, filter: { id?: number | undefined; chart_id?: number | undefined }) => records.list(userId, { id: filter.id, chartRef: filter.chart_id }),

    /** drawing_result alone, for the drawing pad; null when the chart is not the caller's. */
    async drawingResult(userId: number, chartId: number): Promise<VersionedJson | null> {
      const { rows } = await records.list(userId, { chartRef: chartId });
      return rows[0]?.drawingResult ?? null;
    },

    async create(userId: number, chartId: number, input: AnalysisRecordInput): Promise<AnalysisRecordRow> {
      const values = toValues(input);
      if (!(await charts.findOwned(userId, chartId))) throw new AppError('NOT_FOUND');
      try {
        return await records.insert(chartId, values);
      } catch (error) {
        // One live record per chart: an image change updates the existing one instead.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This chart already has an analysis record.');
        throw error;
      }
    },

    async update(userId: number, id: number, input: AnalysisRecordInput): Promise<AnalysisRecordRow> {
      const values = toValues(input);
      if (!(await records.findOwned(userId, id))) throw new AppError('NOT_FOUND');
      const row = await records.update(id, values);
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },
  };
}

export type AnalysisRecordService = ReturnType<typeof createAnalysisRecordService>;
