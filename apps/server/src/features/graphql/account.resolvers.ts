import type { AnalysisRecordInput } from '../analysis-records/analysis-record.schemas';
import type { UserConfigInput } from '../user-config/user-config.service';
import type { GraphContext, GraphServices } from './graph-context';
import { toAnalysisRecord, toUser, toUserConfig } from './graph-mappers';

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** Analysis records, the caller's settings and the caller's user row. */
export function recordAndUserResolvers({ analysisRecords, userConfig }: GraphServices) {
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
      user_config: async (_: unknown, _args: unknown, ctx: GraphContext) => {
        const row = await userConfig.get(ctx.userId);
        return row && toUserConfig(row);
      },
      users: async (_: unknown, _args: unknown, ctx: GraphContext) => [toUser(await userConfig.me(ctx.userId))],
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
      update_user_config: async (_: unknown, args: { input: UserConfigInput }, ctx: GraphContext) =>
        toUserConfig(await userConfig.update(ctx.userId, args.input)),
      update_user: async (_: unknown, args: { user_permission: unknown }, ctx: GraphContext) =>
        toUser(await userConfig.updatePermission(ctx.userId, args.user_permission)),
    },
  };
}
