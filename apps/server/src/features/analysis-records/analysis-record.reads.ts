import { setImmediate } from 'node:timers/promises';
import { z } from 'zod';
import { actorFor, type ActorRef } from '../../access/index';
import type { VersionedJson } from '../../db/schema/columns';
import { AppError } from '../../errors/app-error';
import type { AnalysisRecordRepository, AnalysisRecordRow, DocumentRevisions, RecordDocument } from './analysis-record.repository';

/*
 * Reading analysis records: pages of the caller's records, their large documents one record at a time
 * within the answer's budget, the drawing pad's document and the revisions a save names as its base.
 */

/** The most records one page of a list holds (and its default size). */
export const RECORD_PAGE_MAX = 100;

const pageSchema = z.object({
  /** A malformed uuid is VALIDATION_FAILED before the database compares it with a uuid column. */
  chart_uuid: z.uuid().optional(),
  page: z.number().int().min(0).max(100_000).default(0),
  page_size: z.number().int().min(1).max(RECORD_PAGE_MAX).default(RECORD_PAGE_MAX),
});

/**
 * What an answer carries of the records' large documents (`RECORD_DOCUMENTS`): how many times per
 * record (aliases can repeat one), and the answer's budget, which takes their stored size before
 * they are read or refuses with RESPONSE_TOO_LARGE.
 */
export interface DocumentAsk {
  counts: Partial<Record<RecordDocument, number>>;
  reserve(bytes: number): void;
}

const askedDocuments = (ask: DocumentAsk | undefined): RecordDocument[] =>
  ask ? (Object.keys(ask.counts) as RecordDocument[]).filter((name) => (ask.counts[name] ?? 0) > 0) : [];

export function createAnalysisRecordReads(records: AnalysisRecordRepository) {
  /**
   * Reads the asked documents into these rows, after the answer's budget took their stored size:
   * an answer too large is refused before any document is read.
   */
  async function withDocuments(rows: AnalysisRecordRow[], ask: DocumentAsk | undefined): Promise<AnalysisRecordRow[]> {
    const documents = askedDocuments(ask);
    if (!ask || documents.length === 0 || rows.length === 0) return rows;
    const ids = rows.map((row) => row.id);
    await reserve(ids, documents, ask);
    // Counting and reading are each tens of ms of CPU on PGlite (in this process): let the loop run between.
    await setImmediate();
    const found = await records.documents(ids, documents);
    await setImmediate();
    return rows.map((row) => ({ ...row, ...found.get(row.id) }));
  }

  /** The answer's budget takes the stored size of these records' asked documents, as often as the answer repeats each. */
  async function reserve(ids: number[], documents: RecordDocument[], ask: DocumentAsk): Promise<void> {
    let bytes = 0;
    for (const sizes of (await records.documentSizes(ids, documents)).values()) {
      for (const name of documents) bytes += (sizes[name] ?? 0) * (ask.counts[name] ?? 0);
    }
    ask.reserve(bytes);
  }

  /**
   * A page of the caller's records (zero-based `page`, `page_size` 1..RECORD_PAGE_MAX, by id).
   * Documents come only for one record, named by `id`, `chart_id` or `chart_uuid` (a chart has one
   * live record): a list of many records with their documents is refused, whatever their size.
   */
  async function list(
    ref: ActorRef,
    filter: {
      id?: number | undefined;
      chart_id?: number | undefined;
      chart_uuid?: string | undefined;
      page?: number | undefined;
      page_size?: number | undefined;
    },
    ask?: DocumentAsk,
  ): Promise<{ rows: AnalysisRecordRow[]; total: number }> {
    const { page, page_size, chart_uuid } = pageSchema.parse({
      chart_uuid: filter.chart_uuid,
      page: filter.page,
      page_size: filter.page_size,
    });
    const oneRecord = filter.id !== undefined || filter.chart_id !== undefined || chart_uuid !== undefined;
    if (askedDocuments(ask).length > 0 && !oneRecord) {
      throw new AppError(
        'RESPONSE_TOO_LARGE',
        'Documents are read one record at a time: filter analysis_records by id, chart_id or chart_uuid.',
        { field: 'filter' },
      );
    }
    const actor = actorFor(ref, 'analysis.read');
    const where = { id: filter.id, chartRef: filter.chart_id, chartUuid: chart_uuid };
    const found = await records.page(actor, where, { offset: page * page_size, limit: page_size });
    return { rows: await withDocuments(found.rows, ask), total: found.total };
  }

  return {
    list,

    /** drawing_result alone, for the drawing pad; null when the chart is not in the caller's space. */
    async drawingResult(ref: ActorRef, chartId: number, reserve: DocumentAsk['reserve']): Promise<VersionedJson | null> {
      const { rows } = await list(ref, { chart_id: chartId }, { counts: { drawing_result: 1 }, reserve });
      return rows[0]?.drawingResult ?? null;
    },

    /** The revisions a save names as its base (see the service's `update`, `mergeDrawingResult`); null when not in the caller's space. */
    async documentRevisions(ref: ActorRef, id: number): Promise<DocumentRevisions | null> {
      const actor = actorFor(ref, 'analysis.read');
      if (!(await records.findOwned(actor, id))) return null;
      return (await records.documentRevisions(id)) ?? null;
    },
  };
}
