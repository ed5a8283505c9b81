import type { GraphQLResolveInfo } from 'graphql';
import { MAX_DOCUMENT_BYTES, RECORD_DOCUMENTS, type AnalysisRecordInput, type RecordDocument } from '../analysis-records';
import type { DocumentAsk } from '../analysis-records/analysis-record.service';
import { askedFields, countOf } from './graph-answer';
import type { GraphContext, GraphServices } from './graph-context';
import { toAnalysisRecord } from './graph-mappers';

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

const DOCUMENTS = Object.keys(RECORD_DOCUMENTS) as RecordDocument[];

interface RecordsArgs {
  filter?: { id?: number | null; chart_id?: number | null; chart_uuid?: string | null } | null;
  page?: number | null;
  page_size?: number | null;
}

/**
 * The documents the page's `items` carry (aliases counted), charged to this request's answer; a
 * read of documents waits for the answer's earlier ones (`AnswerBudget.inTurn`).
 */
function withAsk<T>(info: GraphQLResolveInfo, ctx: GraphContext, read: (ask: DocumentAsk) => Promise<T>): Promise<T> {
  const ask: DocumentAsk = { counts: askedFields(info, DOCUMENTS, ['items']), reserve: (bytes) => ctx.answer.reserve(bytes) };
  return countOf(ask.counts) === 0 ? read(ask) : ctx.answer.inTurn(() => read(ask));
}

/**
 * A write answers with its record: the documents it carries are charged at their write limit
 * (MAX_DOCUMENT_BYTES) before anything is written, so a refused answer leaves no write behind.
 */
const reserveWritten = (info: GraphQLResolveInfo, ctx: GraphContext): void =>
  ctx.answer.reserve(countOf(askedFields(info, DOCUMENTS)) * MAX_DOCUMENT_BYTES);

/** Analysis records (features/analysis-records): a chart's landmarks, measurements and drawings. */
export function analysisRecordResolvers({ analysisRecords }: GraphServices) {
  return {
    Query: {
      analysis_records: async (_: unknown, args: RecordsArgs, ctx: GraphContext, info: GraphQLResolveInfo) => {
        const filter = {
          id: opt(args.filter?.id),
          chart_id: opt(args.filter?.chart_id),
          chart_uuid: opt(args.filter?.chart_uuid),
          page: opt(args.page),
          page_size: opt(args.page_size),
        };
        const { rows, total } = await withAsk(info, ctx, (ask) => analysisRecords.list(ctx.actor, filter, ask));
        return { items: rows.map(toAnalysisRecord), total };
      },
      drawing_result: (_: unknown, args: { chart_id: number }, ctx: GraphContext) =>
        ctx.answer.inTurn(() => analysisRecords.drawingResult(ctx.actor, args.chart_id, (bytes) => ctx.answer.reserve(bytes))),
    },
    Mutation: {
      create_analysis_record: async (
        _: unknown,
        args: { chart_id: number; input: AnalysisRecordInput },
        ctx: GraphContext,
        info: GraphQLResolveInfo,
      ) => {
        reserveWritten(info, ctx);
        return toAnalysisRecord(await analysisRecords.create(ctx.actor, args.chart_id, args.input));
      },
      update_analysis_record: async (
        _: unknown,
        args: { id: number; input: AnalysisRecordInput; base_revision?: number | null; base_documents?: unknown },
        ctx: GraphContext,
        info: GraphQLResolveInfo,
      ) => {
        reserveWritten(info, ctx);
        return toAnalysisRecord(
          await analysisRecords.update(ctx.actor, args.id, args.input, opt(args.base_revision), opt(args.base_documents)),
        );
      },
      merge_drawing_result: async (
        _: unknown,
        args: { id: number; patch: unknown; base?: unknown },
        ctx: GraphContext,
        info: GraphQLResolveInfo,
      ) => {
        reserveWritten(info, ctx);
        return toAnalysisRecord(await analysisRecords.mergeDrawingResult(ctx.actor, args.id, args.patch, opt(args.base)));
      },
    },
    AnalysisRecord: {
      document_revisions: (record: { id: number }, _: unknown, ctx: GraphContext) =>
        analysisRecords.documentRevisions(ctx.actor, record.id),
    },
  };
}
