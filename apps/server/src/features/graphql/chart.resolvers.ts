import { IMAGE_TYPE, type ImageTypeCd } from '@ceppro/contract';
import type { Actor } from '../../access/index';
import type { ChartDataPatchInput } from '../charts/chart.service';
import type { GraphContext, GraphServices, SortOrder } from './graph-context';
import { toChart, toChartData } from './graph-mappers';

interface ChartsArgs {
  filter?: { patient_id?: number | null; uuid?: string | null; chart_id?: string | null } | null;
  sort?: { order: SortOrder } | null;
  page?: number | null;
  page_size?: number | null;
}

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function chartResolvers({ charts, films }: GraphServices) {
  /** A mutation answers with the chart as the charts query shows it (a just-created draft too). */
  async function view(actor: Actor, uuid: string) {
    return toChart(await charts.view(actor, uuid));
  }

  return {
    Query: {
      charts: async (_: unknown, args: ChartsArgs, ctx: GraphContext) => {
        const rows = await charts.list(ctx.actor, {
          patient_id: opt(args.filter?.patient_id),
          uuid: opt(args.filter?.uuid),
          chart_id: opt(args.filter?.chart_id),
          order: opt(args.sort?.order),
          page: opt(args.page),
          page_size: opt(args.page_size),
        });
        return rows.map(toChart);
      },
      chart_data: async (
        _: unknown,
        args: { chart_id: number; image_type_cd?: ImageTypeCd[] | null; deleted?: boolean | null },
        ctx: GraphContext,
      ) => {
        const rows = await charts.chartData(ctx.actor, {
          chart_id: args.chart_id,
          image_type_cd: opt(args.image_type_cd),
          deleted: opt(args.deleted),
        });
        return rows.map(toChartData);
      },
    },
    Mutation: {
      create_chart: async (_: unknown, args: { patient_id: number; draft?: boolean | null }, ctx: GraphContext) => {
        const row = await charts.create(ctx.actor, args.patient_id, args.draft ?? false);
        return view(ctx.actor, row.uuid);
      },
      update_chart: async (_: unknown, args: { id: number; input: { patient_id: number } }, ctx: GraphContext) => {
        const row = await charts.update(ctx.actor, args.id, args.input);
        return view(ctx.actor, row.uuid);
      },
      delete_chart: (_: unknown, args: { id: number }, ctx: GraphContext) => charts.remove(ctx.actor, args.id),
      update_chart_data: async (_: unknown, args: { id: number; input: ChartDataPatchInput }, ctx: GraphContext) =>
        toChartData(await charts.updateChartData(ctx.actor, args.id, args.input)),
    },
    Chart: {
      /** The full film as POST /minio/download gives it (same access policy, same signed URL), asked only by the viewer. */
      cephalogram: async (chart: { chart_id: string }, _: unknown, ctx: GraphContext) => {
        const entries = await films.download(ctx.actor, {
          chart_id: chart.chart_id,
          image_type_cd: [IMAGE_TYPE.cephalogram],
          thumbnail_only_check: false,
        });
        return entries.find((entry) => entry.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
      },
    },
  };
}
