import { landmarkImageFits, type AccessOperation } from '@ceppro/contract';
import { actorFor, assertCan, type Actor, type ActorRef } from '../../access/index';
import type { VersionedJson } from '../../db/schema/columns';
import { AppError } from '../../errors/app-error';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AiAdaptationService } from '../ai-adaptation';
import type { ChartRepository } from '../charts';
import {
  assertPreconditions,
  baseDocumentsSchema,
  drawingBaseSchema,
  parseBase,
  revisionRequired,
  staleRecord,
} from './analysis-record.preconditions';
import { createAnalysisRecordReads } from './analysis-record.reads';
import {
  RECORD_DOCUMENTS,
  type AnalysisRecordRepository,
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

export { RECORD_PAGE_MAX, type DocumentAsk } from './analysis-record.reads';

/*
 * The analysis record's service: its reads (analysis-record.reads.ts) and its saves, each checked against
 * the access policy and its preconditions (analysis-record.preconditions.ts), bound to the chart's live
 * cephalogram and taught to the clinic's adaptation.
 */

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

  return {
    ...createAnalysisRecordReads(records),

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
      if (baseRevision !== undefined && current.revision !== baseRevision) throw staleRecord();
      await bindToImage(current.chartRef, values);
      const bump = landmarks || values.inferResult !== undefined || values.imgSize !== undefined;
      const row = await records.update(id, { ...values, updatedBy: actor.userId }, { expected: baseRevision, bump, documents });
      if (!row) throw baseRevision !== undefined || documents !== undefined ? staleRecord() : new AppError('NOT_FOUND');
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
      if (row === 'stale') throw staleRecord();
      if (row === 'too-large')
        throw new AppError('VALIDATION_FAILED', `drawing_result must be at most ${MAX_DOCUMENT_BYTES / 1024} KB as JSON`, {
          field: 'patch',
        });
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },
  };
}

export type AnalysisRecordService = ReturnType<typeof createAnalysisRecordService>;
