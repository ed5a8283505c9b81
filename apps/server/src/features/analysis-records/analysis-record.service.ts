import { setImmediate } from 'node:timers/promises';
import { landmarkImageFits, type AccessOperation } from '@ceppro/contract';
import { z } from 'zod';
import { actorFor, assertCan, type Actor, type ActorRef } from '../../access/index';
import type { VersionedJson } from '../../db/schema/columns';
import { AppError } from '../../errors/app-error';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AiAdaptationService } from '../ai-adaptation';
import type { ChartRepository } from '../charts';
import {
  RECORD_DOCUMENTS,
  REVISED_DOCUMENTS,
  type AnalysisRecordRepository,
  type DocumentRevisions,
  type AnalysisRecordRow,
  type AnalysisRecordValues,
  type RecordDocument,
} from './analysis-record.repository';
import {
  analysisRecordInputSchema,
  drawingResultPatchSchema,
  MAX_DOCUMENT_BYTES,
  modifiedResultSchema,
  type AnalysisRecordInput,
} from './analysis-record.schemas';

const stale = () => new AppError('CONFLICT', 'The analysis record changed since these edits started; reload it.');

/** A revision as `documentRevisions` gives it (an md5 in hex), or null: the value was absent. */
const revisionSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'must be a revision read from document_revisions')
  .nullable();
const baseDocumentsSchema = z
  .object(Object.fromEntries(Object.keys(REVISED_DOCUMENTS).map((name) => [name, revisionSchema.optional()])))
  .strict() as z.ZodType<Partial<Record<keyof typeof REVISED_DOCUMENTS, string | null>>>;
const drawingBaseSchema = z
  .record(z.string().min(1).max(64), revisionSchema)
  .refine((base) => Object.keys(base).length <= 16, 'too many keys');

/**
 * A save that names no revision for a document it writes is refused before anything is read or
 * written (issue 29 item 1: every save carries a precondition the server checks). `field`: the
 * argument that should have named it.
 */
const revisionRequired = (what: string, field: string) =>
  new AppError('REVISION_REQUIRED', `A save of ${what} must name the revision it started from (${field}); read document_revisions.`, {
    field,
  });

/**
 * The precondition of each value an update writes: the landmarks (and the model's result) by the
 * record's `revision`; every other document by its own revision in `base_documents` (null: it was
 * absent); `img_size`, which moves the record's revision, by either.
 */
function assertPreconditions(
  values: AnalysisRecordValues,
  baseRevision: number | undefined,
  documents: Partial<Record<keyof typeof REVISED_DOCUMENTS, string | null>> | undefined,
): void {
  for (const [field, column] of Object.entries(RECORD_DOCUMENTS) as Array<[RecordDocument, (typeof RECORD_DOCUMENTS)[RecordDocument]]>) {
    if (values[column] === undefined) continue;
    if (field === 'modified_result' || field === 'infer_result') {
      if (baseRevision === undefined) throw revisionRequired(field, 'base_revision');
    } else if (documents?.[field] === undefined) throw revisionRequired(field, `base_documents.${field}`);
  }
  if (values.imgSize !== undefined && baseRevision === undefined && documents?.img_size === undefined) {
    throw revisionRequired('img_size', 'base_documents.img_size');
  }
}

/** Parses a base argument, or refuses it as VALIDATION_FAILED naming `field`. */
function parseBase<T>(schema: z.ZodType<T>, value: unknown, field: string): T | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION_FAILED', `${[field, ...(issue?.path ?? [])].join('.')} ${issue?.message ?? 'is invalid'}`, { field });
  }
  return parsed.data;
}

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

/**
 * What changing each stored field is, for the access policy: the landmarks (the user's and the
 * model's), the calibration ruler, planning (profilogram, superimposition, VTO/STO) and drawings.
 */
const OPERATION_OF: Record<keyof AnalysisRecordValues & string, AccessOperation | null> = {
  inferResult: 'landmarks.edit',
  modifiedResult: 'landmarks.edit',
  imgSize: 'landmarks.edit',
  rulerInfo: 'analysis.edit',
  profilogramResult: 'planning.edit',
  superimpositionData: 'planning.edit',
  vtoStoConfig: 'planning.edit',
  drawingResult: 'drawing.edit',
  updatedBy: null,
};

/** The actor once the policy allows every change `values` makes (`analysis.edit` for a write of nothing). */
function actorForChanges(ref: ActorRef, values: AnalysisRecordValues): Actor {
  const operations = new Set(
    Object.keys(values)
      .map((key) => OPERATION_OF[key as keyof typeof OPERATION_OF])
      .filter((op): op is AccessOperation => op !== null && op !== undefined),
  );
  const actor = actorFor(ref, 'analysis.read');
  for (const operation of operations.size > 0 ? operations : ['analysis.edit' as const]) assertCan(actor, operation);
  return actor;
}

/** Only the fields present in the input become column values, so an update of one document never rewrites another. */
function toValues(input: AnalysisRecordInput): AnalysisRecordValues {
  const parsed = analysisRecordInputSchema.parse(input);
  const values: AnalysisRecordValues = {};
  for (const [field, column] of Object.entries(RECORD_DOCUMENTS) as Array<[RecordDocument, (typeof RECORD_DOCUMENTS)[RecordDocument]]>) {
    const value = parsed[field];
    if (value !== undefined) values[column] = value as VersionedJson | null;
  }
  if (parsed.img_size !== undefined) values.imgSize = parsed.img_size;
  return values;
}

export function createAnalysisRecordService(deps: {
  records: AnalysisRecordRepository;
  charts: ChartRepository;
  /** Clinic adaptation learns from every landmark save (features/ai-adaptation). */
  adaptation: Pick<AiAdaptationService, 'learnFromSave'>;
}) {
  const { records, charts, adaptation } = deps;

  /**
   * Landmarks are saved only onto the image they were placed on: the chart's live cephalogram, by
   * id and (when recorded) content hash. The stored document gets the hash filled in.
   */
  async function bindToImage(chartRef: number, values: AnalysisRecordValues): Promise<void> {
    const modified = values.modifiedResult;
    if (!modified) return;
    const bound = modifiedResultSchema.parse(modified).image;
    const film = await records.liveCephalogram(chartRef);
    if (!film || !landmarkImageFits(bound, film)) {
      throw new AppError('CONFLICT', "The landmarks were placed on another image than the chart's cephalogram.");
    }
    values.modifiedResult = { ...modified, image: { chart_data_id: film.id, sha256: film.sha256 } };
  }

  /**
   * After a landmark save (`modified_result` written, a document or null) on a record with a model
   * result, the account's clinic adaptation learns what the user corrected on this film. It never
   * fails the save (learnFromSave logs instead), and a film that teaches nothing changes nothing.
   */
  async function learnFrom(actor: Actor, row: AnalysisRecordRow, values: AnalysisRecordValues): Promise<void> {
    if (values.modifiedResult === undefined || row.inferResult === null) return;
    await adaptation.learnFromSave(actor, {
      chartRef: row.chartRef,
      // Bound to its film by bindToImage; cleared edits (null) concern the chart's live cephalogram.
      filmId: values.modifiedResult ? modifiedResultSchema.parse(values.modifiedResult).image.chart_data_id : null,
      inferResult: row.inferResult,
      modifiedResult: row.modifiedResult,
      rulerInfo: row.rulerInfo,
    });
  }

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

    async create(ref: ActorRef, chartId: number, input: AnalysisRecordInput): Promise<AnalysisRecordRow> {
      const values = toValues(input);
      const actor = actorForChanges(ref, values);
      values.updatedBy = actor.userId;
      if (!(await charts.findOwned(actor, chartId))) throw new AppError('NOT_FOUND');
      await bindToImage(chartId, values);
      let row: AnalysisRecordRow;
      try {
        row = await records.insert(chartId, values);
      } catch (error) {
        // One live record per chart: an image change updates the existing one instead.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This chart already has an analysis record.');
        throw error;
      }
      await learnFrom(actor, row, values);
      return row;
    },

    /**
     * `baseRevision`: the record revision the caller's edits started from. Required with
     * `modified_result` and `infer_result`; a record that moved on since (another tab saved, a new
     * image was analysed) answers CONFLICT and keeps what it has.
     * `baseDocuments`: the same for the other documents, each by its own revision
     * (`documentRevisions`; null: it was absent), required for each document written: a document
     * another user saved since answers CONFLICT and nothing is written. Per document, so one user's
     * saves of different documents never refuse each other, and the next save of a document names the
     * revision its last answer gave. A save naming no revision for a value it writes: REVISION_REQUIRED.
     */
    async update(
      ref: ActorRef,
      id: number,
      input: AnalysisRecordInput,
      baseRevision?: number,
      baseDocuments?: unknown,
    ): Promise<AnalysisRecordRow> {
      const values = toValues(input);
      const actor = actorForChanges(ref, values);
      const documents = parseBase(baseDocumentsSchema, baseDocuments, 'base_documents');
      assertPreconditions(values, baseRevision, documents);
      const landmarks = values.modifiedResult !== undefined;
      const current = await records.findOwned(actor, id);
      if (!current) throw new AppError('NOT_FOUND');
      if (baseRevision !== undefined && current.revision !== baseRevision) throw stale();
      await bindToImage(current.chartRef, values);
      const bump = landmarks || values.inferResult !== undefined || values.imgSize !== undefined;
      const row = await records.update(id, { ...values, updatedBy: actor.userId }, { expected: baseRevision, bump, documents });
      if (!row) throw baseRevision !== undefined || documents !== undefined ? stale() : new AppError('NOT_FOUND');
      await learnFrom(actor, row, values);
      return row;
    },

    /**
     * Sets some top-level keys of `drawing_result` in one statement, keeping the rest: the drawing
     * pad and the measuring tools share the document and neither can overwrite the other's latest
     * change (a read-modify-write from two places could). The merged document stays within
     * MAX_DOCUMENT_BYTES or nothing is written. Does not move the landmark revision.
     * `base`: the revisions of the keys the patch sets, as last read (`documentRevisions().drawing`;
     * null: absent), required for every key but `version` (else REVISION_REQUIRED): a key another
     * user saved since answers CONFLICT and nothing is written. Keys
     * are checked one by one, so the pad and the measuring tools still never refuse each other.
     */
    async mergeDrawingResult(ref: ActorRef, id: number, patch: unknown, base?: unknown): Promise<AnalysisRecordRow> {
      const actor = actorFor(ref, 'drawing.edit');
      const parsed = drawingResultPatchSchema.safeParse(patch);
      if (!parsed.success)
        throw new AppError('VALIDATION_FAILED', `patch ${parsed.error.issues[0]?.message ?? 'is invalid'}`, { field: 'patch' });
      const keys = parseBase(drawingBaseSchema, base, 'base');
      // `version` is the whole document's, which every writer sets: each other key needs its revision.
      const unnamed = Object.keys(parsed.data).find((key) => key !== 'version' && keys?.[key] === undefined);
      if (unnamed !== undefined) throw revisionRequired(`drawing_result.${unnamed}`, `base.${unnamed}`);
      if (!(await records.findOwned(actor, id))) throw new AppError('NOT_FOUND');
      // Nor is `version` checked when named: a merge of other keys into a record without a drawing writes
      // `version: 1` too, and a save from the same moment must not read that as another user's change.
      const { version: _everyWriters, ...checked } = keys ?? {};
      const row = await records.mergeDrawingResult(id, parsed.data, MAX_DOCUMENT_BYTES, actor.userId, checked);
      if (row === 'stale') throw stale();
      if (row === 'too-large')
        throw new AppError('VALIDATION_FAILED', `drawing_result must be at most ${MAX_DOCUMENT_BYTES / 1024} KB as JSON`, {
          field: 'patch',
        });
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },

    /** The revisions a save names as its base (see `update`, `mergeDrawingResult`); null when not in the caller's space. */
    async documentRevisions(ref: ActorRef, id: number): Promise<DocumentRevisions | null> {
      const actor = actorFor(ref, 'analysis.read');
      if (!(await records.findOwned(actor, id))) return null;
      return (await records.documentRevisions(id)) ?? null;
    },
  };
}

export type AnalysisRecordService = ReturnType<typeof createAnalysisRecordService>;
