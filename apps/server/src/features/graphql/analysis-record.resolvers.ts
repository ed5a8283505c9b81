import type { AnalysisRecordInput } from '../analysis-records';
import type { GraphContext, GraphServices } from './graph-context';
import { toAnalysisRecord } from './graph-mappers';

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** Analysis records (features/analysis-records): a chart's landmarks, measurements and drawings. */
export function analysisRecordResolvers({ analysisRecords }: GraphServices) {
  return {
    Query: {
      analysis_records: async (
        _: unknown,
        args: { filter?: { id?: number | null; chart_id?: number | null } | null },
        ctx: GraphContext,
      ) => {
        const { rows, total } = await analysisRecords.list(ctx.userId, { id: opt(args.filter?.id), chart_id: opt(args.filter?.chart_id) });
        return { items: rows.map(toAnalysisRecord), total };
      },
      drawing_result: (_: unknown, args: { chart_id: number }, ctx: GraphContext) =>
        analysisRecords.drawingResult(ctx.userId, args.chart_id),
    },
    Mutation: {
      create_analysis_record: async (_: unknown, args: { chart_id: number; input: AnalysisRecordInput }, ctx: GraphContext) =>
        toAnalysisRecord(await analysisRecords.create(ctx.userId, args.chart_id, args.input)),
      update_analysis_record: async (
        _: unknown,
        args: { id: number; input: AnalysisRecordInput; base_revision?: number | null },
        ctx: GraphContext,
      ) => toAnalysisRecord(await analysisRecords.update(ctx.userId, args.id, args.input, opt(args.base_revision))),
      merge_drawing_result: async (_: unknown, args: { id: number; patch: unknown }, ctx: GraphContext) =>
        toAnalysisRecord(await analysisRecords.mergeDrawingResult(ctx.userId, args.id, args.patch)),
    },
  };
}
