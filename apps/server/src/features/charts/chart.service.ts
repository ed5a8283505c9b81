import { calendarDateSchema, imageTypeCdSchema } from '@ceppro/contract';
import { z } from 'zod';
import { actorFor, type Actor, type ActorRef } from '../../access/index';
import { AppError } from '../../errors/app-error';
import type { PatientRepository } from '../patients';
import type { ChartDataRow, ChartRepository, ChartRow, ChartSummary } from './chart.repository';

/** The most charts one `charts` answer holds (`page_size`); later ones come with `page`. */
export const CHART_PAGE_MAX = 200;

const listSchema = z.object({
  patient_id: z.number().int().positive().optional(),
  uuid: z.uuid().optional(),
  chart_id: z.string().max(100).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.number().int().min(0).max(1_000_000).default(0),
  page_size: z.number().int().min(1).max(CHART_PAGE_MAX).default(CHART_PAGE_MAX),
});

const chartDataQuerySchema = z.object({
  chart_id: z.number().int().positive(),
  image_type_cd: z.array(imageTypeCdSchema).max(2).optional(),
  deleted: z.boolean().default(false),
});

const chartDataPatchSchema = z.strictObject({
  shoot_date: calendarDateSchema.nullable().optional(),
  image_type_cd: imageTypeCdSchema.optional(),
});

export type ChartListInput = z.input<typeof listSchema>;
export type ChartDataQueryInput = z.input<typeof chartDataQuerySchema>;
export type ChartDataPatchInput = z.input<typeof chartDataPatchSchema>;

export interface ChartView extends ChartSummary {
  chartData: ChartDataRow[];
  analysisRecordId: number | null;
}

/**
 * Charts and their images. Ownership is the patient's space (the access policy): a chart of a patient
 * outside the caller's space is not found; what the caller's role may do is asked first (403
 * ROLE_FORBIDDEN). Moving a chart to another patient takes it off its patient: `chart.delete`.
 * Correcting a film's shoot date or type describes an upload: `film.upload`.
 */
export function createChartService(deps: { charts: ChartRepository; patients: PatientRepository; draftTtlS: number }) {
  const { charts, patients, draftTtlS } = deps;

  async function ownedChart(actor: Actor, id: number): Promise<ChartRow> {
    const chart = await charts.findOwned(actor, id);
    if (!chart) throw new AppError('NOT_FOUND');
    return chart;
  }

  async function ownedPatient(actor: Actor, patientId: number): Promise<void> {
    if (!(await patients.findOwned(actor, patientId))) throw new AppError('NOT_FOUND');
  }

  return {
    /** Three queries whatever the number of charts: charts, their images, their record ids. */
    async list(ref: ActorRef, input: ChartListInput): Promise<ChartView[]> {
      const actor = actorFor(ref, 'chart.read');
      const q = listSchema.parse(input);
      const rows = await charts.list({
        actor,
        patientRef: q.patient_id,
        uuid: q.uuid,
        chartId: q.chart_id,
        order: q.order,
        offset: q.page * q.page_size,
        limit: q.page_size,
      });
      const ids = rows.map((r) => r.id);
      const [data, records] = await Promise.all([charts.chartDataOf(ids), charts.analysisRecordIdsOf(ids)]);
      return rows.map((r) => ({ ...r, chartData: data.filter((d) => d.chartRef === r.id), analysisRecordId: records.get(r.id) ?? null }));
    },

    async chartData(ref: ActorRef, input: ChartDataQueryInput): Promise<ChartDataRow[]> {
      const actor = actorFor(ref, 'film.read');
      const q = chartDataQuerySchema.parse(input);
      // A chart outside the caller's space reads as empty, like a chart without images.
      if (!(await charts.findOwned(actor, q.chart_id))) return [];
      return charts.chartDataOf([q.chart_id], { imageTypes: q.image_type_cd, deleted: q.deleted });
    },

    /**
     * `draft`: the new-patient / add-chart flow's chart, invisible until landmark detection commits
     * it. The patient may itself be a draft of the caller's (the new-patient flow).
     */
    async create(ref: ActorRef, patientId: number, draft = false): Promise<ChartRow> {
      const actor = actorFor(ref, 'chart.create');
      if (!(await patients.findOwnedOrDraft(actor, patientId))) throw new AppError('NOT_FOUND');
      return charts.insert(patientId, draft ? new Date(Date.now() + draftTtlS * 1000) : null);
    },

    /** One chart as the charts query shows it, drafts included: the answer to a create. */
    async view(ref: ActorRef, uuid: string): Promise<ChartView> {
      const actor = actorFor(ref, 'chart.read');
      const [row] = await charts.list({ actor, uuid, order: 'desc', includeDrafts: true });
      if (!row) throw new AppError('NOT_FOUND');
      const [data, records] = await Promise.all([charts.chartDataOf([row.id]), charts.analysisRecordIdsOf([row.id])]);
      return { ...row, chartData: data, analysisRecordId: records.get(row.id) ?? null };
    },

    /** Moves a chart to another of the caller's patients (the only mutable field of a chart). */
    async update(ref: ActorRef, id: number, input: { patient_id: number }): Promise<ChartRow> {
      const actor = actorFor(ref, 'chart.delete');
      await ownedChart(actor, id);
      await ownedPatient(actor, input.patient_id);
      const row = await charts.setPatient(id, input.patient_id);
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },

    async remove(ref: ActorRef, id: number): Promise<true> {
      const actor = actorFor(ref, 'chart.delete');
      await ownedChart(actor, id);
      if (!(await charts.softDelete(id))) throw new AppError('NOT_FOUND');
      return true;
    },

    async updateChartData(ref: ActorRef, id: number, input: ChartDataPatchInput): Promise<ChartDataRow> {
      const actor = actorFor(ref, 'film.upload');
      const p = chartDataPatchSchema.parse(input);
      if (!(await charts.findOwnedChartData(actor, id))) throw new AppError('NOT_FOUND');
      const row = await charts.updateChartData(id, {
        ...(p.shoot_date !== undefined && { shootDate: p.shoot_date }),
        ...(p.image_type_cd !== undefined && { imageTypeCd: p.image_type_cd }),
      });
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },
  };
}

export type ChartService = ReturnType<typeof createChartService>;
